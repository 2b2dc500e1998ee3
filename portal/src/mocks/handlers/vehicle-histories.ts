import { listVehicleLocations } from '@services/trips/list-vehicle-locations';
import { listVehicleTrips } from '@services/trips/list-vehicle-trips';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { listParamsOf } from '../adapter/list-params';
import { worldTripDeps } from '../adapter/trip-store';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth, requirePermission } from './lib/auth-context';
import { telemetryFor } from './lib/telemetry';
import { DEVICE_FIELD, DEVICE_TABLE, vehicleOr404 } from './vehicles';

/** The caller of a request and the trip services' dependencies over the demo world. */
async function tripCall(request: Request) {
  const db = await getWorldDb();
  const ctx = requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldTripDeps(db, ctx.granted) };
}

/**
 * A vehicle's histories: telemetry (generated on demand from the seed), and its trips and saved locations, adapters
 * over the trip services (`worldTripStore` answers from the world's generators).
 */
export function createVehicleHistoryHandlers(http: ApiHttp) {
  return [
    http.get('/vehicles/{id}/telemetry', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'vh.l.d.a');
      const v = await vehicleOr404(ctx, db, params.id);
      const deviceModels = (['BMS', 'MCU', 'VCU'] as const).map((type) => {
        const id = v[DEVICE_FIELD[type]];
        return id ? (db.tables[DEVICE_TABLE[type]].get(id)?.modelId ?? null) : null;
      });
      const items = telemetryFor(db, v.id, [v.modelId, ...deviceModels], new URL(request.url), v.id);
      return response(200).json({ items });
    }),

    http.get('/vehicles/{id}/trips', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await tripCall(request);
        const input = { ...listParamsOf(new URL(request.url)), id: params.id };
        return response(200).json(await listVehicleTrips(deps, caller, input));
      }),
    ),

    http.get('/vehicles/{id}/locations', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await tripCall(request);
        return response(200).json(await listVehicleLocations(deps, caller, { id: params.id }));
      }),
    ),
  ];
}
