import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleScopeOf } from './vehicle-scope';
import type { Vehicle, VehicleDeps, VehicleStore } from './vehicle-store';

/** The vehicle in the caller's scope, or the contract's 404 (never 403, so ids do not leak). */
export async function vehicleInScope(store: VehicleStore, caller: Caller, id: string): Promise<Vehicle> {
  const vehicle = await store.get(id, vehicleScopeOf(caller));
  if (!vehicle) throw notFound('Vehicle');
  return vehicle;
}

/** GET /vehicles/{id}. */
export async function getVehicle(deps: VehicleDeps, caller: Caller, input: { id: string }): Promise<Vehicle> {
  requirePermission(caller, { anyOf: ['vh.l', 'vh.l.d'] });
  return vehicleInScope(deps.vehicles, caller, input.id);
}
