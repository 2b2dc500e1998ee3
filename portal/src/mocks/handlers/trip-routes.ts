import { getVehicleTripRoute } from '@services/trips/get-vehicle-trip-route';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldTripDeps } from '../adapter/trip-store';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';

/** The route of one trip (positions from telemetry history, and its stops) for trip playback: the trip service's. */
export function createTripRouteHandlers(http: ApiHttp) {
  return [
    http.get('/vehicles/{id}/trips/{tripId}/route', async ({ request, params, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const input = { id: params.id, tripId: params.tripId };
        return response(200).json(await getVehicleTripRoute(worldTripDeps(db, ctx.granted), callerOf(ctx), input));
      }),
    ),
  ];
}
