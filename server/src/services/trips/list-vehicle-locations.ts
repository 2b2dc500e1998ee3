import { type Caller, requirePermission } from '../lib/caller';
import { vehicleInScope } from '../vehicles/get-vehicle';
import type { SavedLocation, TripDeps } from './trip-store';

/** The keys of the locations tab: a vehicle's, and the BMS and MCU details' (the vehicle their device is fitted to). */
export const LOCATIONS_KEYS = ['vh.l.d.l', 'BMS.l.d.l', 'MCU.l.d.l'] as const;

/** GET /vehicles/{id}/locations: the saved locations of a vehicle in the caller's scope (404 outside it). */
export async function listVehicleLocations(
  deps: TripDeps,
  caller: Caller,
  input: { id: string },
): Promise<{ items: SavedLocation[] }> {
  requirePermission(caller, { anyOf: LOCATIONS_KEYS });
  const vehicle = await vehicleInScope(deps.vehicles, caller, input.id);
  return { items: await deps.trips.locations(vehicle.id) };
}
