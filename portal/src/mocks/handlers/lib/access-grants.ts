import {
  activeGrantsOf as activeHeld,
  grantedPermissions,
  grantedVehiclesOf,
} from '@services/access-grants/granted-access';
import type { PermissionMap } from '@/domain/permissions';
import { callerUserOf } from '../../adapter/caller';
import type { WorldDb } from '../../world/db';
import type { AccessGrantRecord, UserRecord, Vehicle } from '../../world/types';

/** The grants a user holds now: the services' `activeGrantsOf` over the world's grants. */
export function activeGrantsOf(db: WorldDb, user: UserRecord, now: number = Date.now()): AccessGrantRecord[] {
  return activeHeld(callerUserOf(user), db.tables.accessGrants.values(), now);
}

/**
 * The vehicles a user's active grants add to their scope, as a test (null when they add none): the services'
 * `grantedVehiclesOf`, with the devices of a granted device model looked up in the world.
 */
export function grantedVehicleTest(
  db: WorldDb,
  user: UserRecord,
  now: number = Date.now(),
): ((v: Vehicle) => boolean) | null {
  const granted = grantedVehiclesOf(callerUserOf(user), db.tables.accessGrants.values(), now);
  if (!granted) return null;
  const vehicleIds = new Set(granted.vehicleIds);
  if (granted.deviceModelIds.size > 0) {
    for (const table of [db.tables.bmsDevices, db.tables.mcuDevices, db.tables.vcuDevices]) {
      for (const d of table.values())
        if (d.modelId && d.vehicleId && granted.deviceModelIds.has(d.modelId)) vehicleIds.add(d.vehicleId);
    }
  }
  if (vehicleIds.size + granted.evModelIds.size + granted.oemIds.size === 0) return null;
  return (v) => vehicleIds.has(v.id) || granted.evModelIds.has(v.modelId) || granted.oemIds.has(v.oemId);
}

/** The permissions a user's active device-kind grants add: the services' `grantedPermissions` over the world. */
export function grantedPermissionsOf(db: WorldDb, user: UserRecord, now: number = Date.now()): PermissionMap | null {
  return grantedPermissions(
    callerUserOf(user),
    db.tables.accessGrants.values(),
    (code) => db.tables.roles.get(code),
    now,
  );
}
