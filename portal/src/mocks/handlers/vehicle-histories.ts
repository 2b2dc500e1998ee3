import { getVehicleTelemetry } from '@services/telemetry/get-telemetry';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldTelemetryDeps } from '../adapter/telemetry-store';
import { savedLocationsOf, tripsOf, type TripRow } from '../world/histories';
import type { ApiSavedLocation } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth, requirePermission } from './lib/auth-context';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { toApi } from './lib/serialize';
import { telemetryQuery } from './lib/telemetry-query';
import { vehicleOr404 } from './vehicles';

const TRIP_LIST: ListSpec<TripRow> = {
  sortable: {
    startedAt: (t) => t.startedAt,
    distanceKm: (t) => t.distanceKm,
    durationMin: (t) => t.durationMin,
    energyKwh: (t) => t.energyKwh,
    status: (t) => t.status,
  },
  filterable: { status: (t) => t.status },
  searchable: [],
  time: (t) => t.startedAt,
  defaultSort: [{ field: 'startedAt', direction: 'desc' }],
};

/** A vehicle's histories, generated on demand from the seed: telemetry, trips and saved locations. */
export function createVehicleHistoryHandlers(http: ApiHttp) {
  return [
    http.get('/vehicles/{id}/telemetry', async ({ request, params, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = requireAuth(request, db);
        const input = { id: params.id, ...telemetryQuery(new URL(request.url)) };
        return response(200).json(await getVehicleTelemetry(worldTelemetryDeps(db, ctx.granted), callerOf(ctx), input));
      }),
    ),

    http.get('/vehicles/{id}/trips', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'vh.l.d.t');
      const vehicle = await vehicleOr404(ctx, db, params.id);
      const query = parseListQuery(new URL(request.url), TRIP_LIST);
      const page = applyListQuery(tripsOf(db.world.seed, vehicle, db.world.referenceTime), query, TRIP_LIST);
      return response(200).json({ ...page, items: page.items.map((t) => toApi(t)) });
    }),

    http.get('/vehicles/{id}/locations', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      // BMS and MCU details show the locations of the vehicle their device is fitted to.
      requirePermission(ctx, { anyOf: ['vh.l.d.l', 'BMS.l.d.l', 'MCU.l.d.l'] });
      const vehicle = await vehicleOr404(ctx, db, params.id);
      const items = savedLocationsOf(db.world.seed, vehicle, db.world.referenceTime).map((l) =>
        toApi<ApiSavedLocation>(l),
      );
      return response(200).json({ items });
    }),
  ];
}
