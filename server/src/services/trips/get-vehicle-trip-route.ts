import type { Schemas } from '../lib/api-types';
import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleInScope } from '../vehicles/get-vehicle';
import { TRIPS_KEY } from './list-vehicle-trips';
import { stopsOf } from './trip-stops';
import type { TripDeps } from './trip-store';

/**
 * GET /vehicles/{id}/trips/{tripId}/route: the recorded positions of one trip of a vehicle in the caller's scope,
 * oldest first, and the stops along them. A trip whose positions are not kept answers no points (the portal shows
 * "No route"); a trip the vehicle does not have is 404.
 */
export async function getVehicleTripRoute(
  deps: TripDeps,
  caller: Caller,
  input: { id: string; tripId: string },
): Promise<Schemas['TripRoute']> {
  requirePermission(caller, TRIPS_KEY);
  const vehicle = await vehicleInScope(deps.vehicles, caller, input.id);
  const trip = await deps.trips.get(vehicle.id, input.tripId);
  if (!trip) throw notFound('Trip');
  const points = await deps.trips.routeOf(vehicle.id, trip.id);
  return { tripId: trip.id, vehicleId: vehicle.id, points, stops: stopsOf(points) };
}
