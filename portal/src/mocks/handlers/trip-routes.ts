import type { components } from '@/domain/api-schema';
import { tripsOf } from '../world/histories';
import { tripRouteOf } from '../world/trip-route';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth, requirePermission } from './lib/auth-context';
import { notFound } from './lib/http-error';
import { scopedVehicle } from './lib/scope';
import { toApi } from './lib/serialize';

type ApiTripStop = components['schemas']['TripStop'];

/** The route of one trip (positions from telemetry history, and its stops) for trip playback. */
export function createTripRouteHandlers(http: ApiHttp) {
  return [
    http.get('/vehicles/{id}/trips/{tripId}/route', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'vh.l.d.t');
      const vehicle = scopedVehicle(ctx, db, params.id);
      if (!vehicle) throw notFound('Vehicle');
      const trip = tripsOf(db.world.seed, vehicle, db.world.referenceTime).find((t) => t.id === params.tripId);
      if (!trip) throw notFound('Trip');
      const route = tripRouteOf(db.world.seed, trip, db.world.referenceTime, vehicle);
      return response(200).json({
        tripId: trip.id,
        vehicleId: vehicle.id,
        points: route.points,
        stops: route.stops.map((s) => toApi<ApiTripStop>(s)),
      });
    }),
  ];
}
