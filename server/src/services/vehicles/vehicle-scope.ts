import type { RoleType } from '@/domain/roles';
import type { Caller } from '../lib/caller';

/** The vehicle field that limits a caller's scope, by role type (platform and component staff: none). */
const SCOPE_FIELD = {
  oem: 'oemId',
  dealer: 'dealerId',
  fleet: 'fleetId',
  driver: 'driverId',
  evOwner: 'evOwnerId',
} as const satisfies Partial<Record<RoleType, string>>;

/**
 * Which vehicles a caller sees (openapi.yaml "Scope"): the one value a vehicle field must have, or null for
 * everything. A scoped account without its id (value null) sees nothing.
 */
export type VehicleScope = {
  field: (typeof SCOPE_FIELD)[keyof typeof SCOPE_FIELD];
  value: string | null;
  /** What the caller's active access grants add (decision 0079, `grantedVehiclesOf`): also these vehicles. */
  granted?: NonNullable<Caller['grantedVehicles']>;
} | null;

export function vehicleScopeOf(caller: Caller): VehicleScope {
  if (!Object.hasOwn(SCOPE_FIELD, caller.roleType)) return null;
  const field = SCOPE_FIELD[caller.roleType as keyof typeof SCOPE_FIELD];
  return caller.grantedVehicles
    ? { field, value: caller.user[field], granted: caller.grantedVehicles }
    : { field, value: caller.user[field] };
}
