import type { Caller } from '../lib/caller';
import { type VehicleScope, vehicleScopeOf } from '../vehicles/vehicle-scope';

/**
 * Which devices a caller sees: an OEM's staff the devices of their OEM (fitted or not); a service centre, fleet, EV
 * owner or driver those fitted to a vehicle in their vehicle scope; platform and component staff every device (null).
 */
export type DeviceScope = { oemId: string | null } | { vehicles: NonNullable<VehicleScope> } | null;

export function deviceScopeOf(caller: Caller): DeviceScope {
  if (caller.roleType === 'oem') return { oemId: caller.user.oemId };
  const vehicles = vehicleScopeOf(caller);
  return vehicles === null ? null : { vehicles };
}
