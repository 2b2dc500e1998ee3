import type { WorldDb } from '../../world/db';
import type { Device, Vehicle } from '../../world/types';
import type { AuthContext } from './auth-context';

/**
 * Which vehicles the caller sees (openapi.yaml "Scope"): platform and component staff everything, an OEM its own,
 * a service centre, fleet, driver or EV owner only what is assigned to them.
 */
export function vehicleFilterFor(ctx: AuthContext): (vehicle: Vehicle) => boolean {
  const { user } = ctx;
  switch (ctx.roleType) {
    case 'oem':
      return (v) => v.oemId === user.oemId;
    case 'dealer':
      return (v) => v.dealerId === user.dealerId;
    case 'fleet':
      return (v) => v.fleetId === user.fleetId;
    case 'driver':
      return (v) => v.driverId === user.driverId;
    case 'evOwner':
      return (v) => v.evOwnerId === user.evOwnerId;
    default:
      return () => true;
  }
}

/** True when the caller's scope is limited to assigned vehicles (so devices follow their vehicle). */
function isAssignmentScoped(ctx: AuthContext): boolean {
  return ['dealer', 'fleet', 'driver', 'evOwner'].includes(ctx.roleType);
}

/** Which devices the caller sees: those of vehicles in scope; OEMs also see their unfitted devices. */
export function deviceFilterFor(ctx: AuthContext, db: WorldDb): (device: Device) => boolean {
  if (ctx.roleType === 'oem') return (d) => d.oemId === ctx.user.oemId;
  if (!isAssignmentScoped(ctx)) return () => true;
  const inScope = vehicleFilterFor(ctx);
  const vehicleIds = new Set<string>();
  for (const v of db.tables.vehicles.values()) if (inScope(v)) vehicleIds.add(v.id);
  return (d) => d.vehicleId !== null && vehicleIds.has(d.vehicleId);
}

/** The vehicle if it exists and is in the caller's scope. */
export function scopedVehicle(ctx: AuthContext, db: WorldDb, id: string): Vehicle | undefined {
  const vehicle = db.tables.vehicles.get(id);
  return vehicle && vehicleFilterFor(ctx)(vehicle) ? vehicle : undefined;
}
