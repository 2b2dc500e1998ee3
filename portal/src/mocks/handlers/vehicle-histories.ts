import { getVehicleTelemetry } from '@services/telemetry/get-telemetry';
import { listVehicleLocations } from '@services/trips/list-vehicle-locations';
import { listVehicleTrips } from '@services/trips/list-vehicle-trips';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { listParamsOf } from '../adapter/list-params';
import { worldTelemetryDeps } from '../adapter/telemetry-store';
import { worldTripDeps } from '../adapter/trip-store';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { telemetryQuery } from './lib/telemetry-query';

/** The caller of a request and the trip services' dependencies over the demo world. */
async function tripCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldTripDeps(db, ctx.granted) };
}

/**
 * A vehicle's histories (telemetry, trips, saved locations): adapters over the telemetry and trip services, whose demo
 * stores answer from the world's generators.
 */
export function createVehicleHistoryHandlers(http: ApiHttp) {
  return [
    http.get('/vehicles/{id}/telemetry', async ({ request, params, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const input = { id: params.id, ...telemetryQuery(new URL(request.url)) };
        return response(200).json(await getVehicleTelemetry(worldTelemetryDeps(db, ctx.granted), callerOf(ctx), input));
      }),
    ),

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
