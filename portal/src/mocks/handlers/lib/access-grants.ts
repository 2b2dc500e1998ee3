import { grantStatus } from '@/domain/access-grants';
import type { WorldDb } from '../../world/db';
import { type PermissionMap, unionPermissions } from '@/domain/permissions';
import type { AccessGrantRecord, UserRecord, Vehicle } from '../../world/types';

/** The organisation ids a user acts for, by grantee type (a component admin account is a grantee by its own id). */
function granteeIdsOf(user: UserRecord): Partial<Record<AccessGrantRecord['granteeType'], string>> {
  return {
    oem: user.role === 'OEMA' || user.role === 'OEME' ? user.oemId : undefined,
    dealer: user.dealerId,
    fleet: user.role === 'DR' ? undefined : user.fleetId,
    evowner: user.evOwnerId,
    driver: user.driverId,
    user: user.id,
  };
}

/** The grants a user holds now: active only (an expired or revoked grant is never honoured, decision 0079). */
export function activeGrantsOf(db: WorldDb, user: UserRecord, now: number = Date.now()): AccessGrantRecord[] {
  const mine = granteeIdsOf(user);
  const out: AccessGrantRecord[] = [];
  for (const g of db.tables.accessGrants.values()) {
    if (mine[g.granteeType] === g.granteeId && grantStatus(g, now) === 'active') out.push(g);
  }
  return out;
}

/**
 * The vehicles a user's active grants add to their scope, as a test (null when they add none): a granted vehicle,
 * the vehicles of a granted EV model or fitted with a device of a granted device model, an OEM's whole fleet.
 */
export function grantedVehicleTest(
  db: WorldDb,
  user: UserRecord,
  now: number = Date.now(),
): ((v: Vehicle) => boolean) | null {
  const grants = activeGrantsOf(db, user, now);
  if (grants.length === 0) return null;
  const vehicleIds = new Set<string>();
  const modelIds = new Set<string>();
  const oemIds = new Set<string>();
  const deviceModels = new Set<string>();
  for (const g of grants) {
    if (g.targetId === null) continue;
    if (g.target === 'vehicle') vehicleIds.add(g.targetId);
    else if (g.target === 'oem') oemIds.add(g.targetId);
    else if (g.target === 'model') (g.kind === 'ev' ? modelIds : deviceModels).add(g.targetId);
  }
  if (deviceModels.size > 0) {
    for (const table of [db.tables.bmsDevices, db.tables.mcuDevices, db.tables.vcuDevices]) {
      for (const d of table.values())
        if (d.modelId && d.vehicleId && deviceModels.has(d.modelId)) vehicleIds.add(d.vehicleId);
    }
  }
  if (vehicleIds.size + modelIds.size + oemIds.size === 0) return null;
  return (v) => vehicleIds.has(v.id) || modelIds.has(v.modelId) || oemIds.has(v.oemId);
}

/** The admin role of each device kind: what a device-kind grant of that kind hands its holder. */
const ADMIN_OF_KIND = { bms: 'BMSA', mcu: 'MCUA', vcu: 'VCUA' } as const;

/**
 * The permissions a user's active device-kind grants add (decision 0089): a component admin granted a whole device
 * kind holds that kind's admin role permissions as well as their own role's, read from the roles table as it is now.
 */
export function grantedPermissionsOf(db: WorldDb, user: UserRecord, now: number = Date.now()): PermissionMap | null {
  let out: PermissionMap | null = null;
  for (const g of activeGrantsOf(db, user, now)) {
    if (g.target !== 'deviceKind' || g.kind === 'ev') continue;
    const role = db.tables.roles.get(ADMIN_OF_KIND[g.kind]);
    if (role) out = unionPermissions(out ?? {}, role.permissions);
  }
  return out;
}
