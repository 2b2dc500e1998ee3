import { ACTION } from '@/domain/permissions';
import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import type { GeofenceDeps, GeofenceStore } from './geofence-store';
import type { Geofence } from './geofence-types';

/** The geofence (as stored), or the contract's 404; the caller needs `action` (default List) on `gr` first. */
export async function geofenceOr404(
  store: GeofenceStore,
  caller: Caller,
  id: string,
  action: number = ACTION.LIST,
): Promise<Geofence> {
  requirePermission(caller, 'gr', action);
  const geofence = await store.get(id);
  if (!geofence) throw notFound('Geofence');
  return geofence;
}

/** The geofences as the caller sees them: of the assigned vehicles, only those in the caller's vehicle scope. */
export async function asSeenBy(store: GeofenceStore, caller: Caller, geofences: Geofence[]): Promise<Geofence[]> {
  const assigned = [...new Set(geofences.flatMap((g) => g.vehicleIds))];
  const visible = assigned.length === 0 ? new Set<string>() : await store.vehiclesIn(assigned, vehicleScopeOf(caller));
  return geofences.map((g) => ({ ...g, vehicleIds: g.vehicleIds.filter((id) => visible.has(id)) }));
}

export async function seenBy(store: GeofenceStore, caller: Caller, geofence: Geofence): Promise<Geofence> {
  const [seen] = await asSeenBy(store, caller, [geofence]);
  return seen as Geofence;
}

/** GET /geofences/{id}. */
export async function getGeofence(deps: GeofenceDeps, caller: Caller, input: { id: string }): Promise<Geofence> {
  return seenBy(deps.geofences, caller, await geofenceOr404(deps.geofences, caller, input.id));
}
