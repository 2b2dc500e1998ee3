import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { vehicleInScope } from '../vehicles/get-vehicle';
import { TRIP_LIST } from './trip-list-spec';
import type { TripDeps } from './trip-store';

/** The key of a vehicle's trips tab (and its playback). */
export const TRIPS_KEY = 'vh.l.d.t';

/** GET /vehicles/{id}/trips: one page of the trips of a vehicle in the caller's scope (404 outside it). */
export async function listVehicleTrips(
  deps: TripDeps,
  caller: Caller,
  input: { id: string } & ListParams,
): Promise<Schemas['TripPage']> {
  requirePermission(caller, TRIPS_KEY);
  const { id, ...params } = input;
  const query = parseListQuery(params, TRIP_LIST);
  const vehicle = await vehicleInScope(deps.vehicles, caller, id);
  const { items, total } = await deps.trips.list(vehicle.id, query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}
