import { type DeviceScope, deviceScopeOf } from '@services/devices/device-scope';
import { type FaultScope, faultScopeOf } from '@services/faults/fault-scope';
import { firmwareInScope, firmwareScopeOf } from '@services/firmware/firmware-scope';
import { vehicleScopeOf, type VehicleScope } from '@services/vehicles/vehicle-scope';
import { callerOf } from '../../adapter/caller';
import type { WorldDb } from '../../world/db';
import type { Device, DeviceType, Fault, Vehicle } from '../../world/types';
import { type AuthContext, authOfTokenSync } from './auth-context';

/**
 * Which vehicles the caller sees (openapi.yaml "Scope"), as the one value a vehicle field must have: the services'
 * rule (`vehicleScopeOf`), null for platform and component staff (everything).
 */
export function vehicleScopeFor(ctx: AuthContext): VehicleScope {
  return vehicleScopeOf(callerOf(ctx));
}

/**
 * A vehicle scope as a test of a row: a scoped account without its id sees nothing (as NULL = NULL is not true in
 * SQL); active access grants widen it (decision 0079; expired and revoked ones are not in `granted`).
 */
export function vehicleTest(
  scope: VehicleScope,
  granted: ((vehicle: Vehicle) => boolean) | undefined,
): (vehicle: Vehicle) => boolean {
  if (scope === null) return () => true;
  const { field, value } = scope;
  const own = (v: Vehicle) => value !== null && v[field] === value;
  return granted ? (v) => own(v) || granted(v) : own;
}

/** Which vehicles the caller sees, as a test of a vehicle (see `vehicleScopeFor`). */
export function vehicleFilterFor(ctx: AuthContext): (vehicle: Vehicle) => boolean {
  return vehicleTest(vehicleScopeFor(ctx), ctx.granted);
}

/**
 * A device scope (the services' `deviceScopeOf`) as a test of a device: an OEM's devices, those fitted to a vehicle
 * in the vehicle scope (access grants widen it, as for vehicles), or every device.
 */
export function deviceTest(
  db: WorldDb,
  scope: DeviceScope,
  granted: ((vehicle: Vehicle) => boolean) | undefined,
): (device: Device) => boolean {
  if (scope === null) return () => true;
  if ('oemId' in scope) {
    const { oemId } = scope;
    return (d) => oemId !== null && d.oemId === oemId;
  }
  const inScope = vehicleTest(scope.vehicles, granted);
  const vehicleIds = new Set<string>();
  for (const v of db.tables.vehicles.values()) if (inScope(v)) vehicleIds.add(v.id);
  return (d) => d.vehicleId !== null && vehicleIds.has(d.vehicleId);
}

/** Which devices the caller sees: those of vehicles in scope; OEMs also see their unfitted devices. */
export function deviceFilterFor(ctx: AuthContext, db: WorldDb): (device: Device) => boolean {
  return deviceTest(db, deviceScopeOf(callerOf(ctx)), ctx.granted);
}

/**
 * A fault scope (the services' `faultScopeOf`) as a test of a fault: its vehicle exists and is in the vehicle scope
 * (access grants widen it, as for vehicles), and its device kind is one the scope names (component staff).
 */
export function faultTest(
  db: WorldDb,
  scope: FaultScope,
  granted: ((vehicle: Vehicle) => boolean) | undefined,
): (fault: Fault) => boolean {
  const inScope = vehicleTest(scope.vehicles, granted);
  const kinds = scope.kinds === null ? null : new Set<string>(scope.kinds);
  return (fault) => {
    if (kinds !== null && !kinds.has(fault.deviceKind)) return false;
    const vehicle = db.tables.vehicles.get(fault.vehicleId);
    return vehicle !== undefined && inScope(vehicle);
  };
}

/** Which faults the caller sees (the services' `faultScopeOf`, read in memory; the dashboards' fault widgets use it too). */
export function faultFilterFor(ctx: AuthContext, db: WorldDb): (fault: Fault) => boolean {
  return faultTest(db, faultScopeOf(callerOf(ctx)), ctx.granted);
}

/**
 * Which firmware releases and rollouts the caller sees (decision 0098): the services' `firmwareScopeOf`, read in
 * memory (the demo's dashboards read it too).
 */
export function firmwareFilterFor(ctx: AuthContext): (item: { oemId: string; deviceType: DeviceType }) => boolean {
  const scope = firmwareScopeOf(callerOf(ctx));
  return (item) => firmwareInScope(scope, item);
}

/** The vehicle if it exists and is in the caller's scope. */
export function scopedVehicle(ctx: AuthContext, db: WorldDb, id: string): Vehicle | undefined {
  const vehicle = db.tables.vehicles.get(id);
  return vehicle && vehicleFilterFor(ctx)(vehicle) ? vehicle : undefined;
}

/**
 * The live broker's access rule for one connection, whose password is the session token: a test of the vehicles its
 * user sees, or null when they see every vehicle. An unknown token sees none.
 */
export function liveScopeOf(db: WorldDb, token: string | undefined): ((vehicleUid: string) => boolean) | null {
  const ctx = token ? authOfTokenSync(token, db) : null;
  if (!ctx) return () => false;
  if (vehicleScopeFor(ctx) === null) return null;
  const inScope = vehicleFilterFor(ctx);
  return (vehicleUid) => {
    const vehicle = db.tables.vehicles.get(vehicleUid);
    return vehicle !== undefined && inScope(vehicle);
  };
}
