import { type ComponentKind, type GranteeType, type GrantTarget, grantStatus } from '@/domain/access-grants';
import { type PermissionMap, unionPermissions } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';
import type { CallerUser } from '../lib/caller';
import { permissionsOfRole } from '../roles/role-permissions';

/** What of a grant decides what it hands its holder (decision 0079): its target, its holder, and whether it still holds. */
export interface HeldGrant {
  kind: ComponentKind;
  target: GrantTarget;
  targetId: string | null;
  granteeType: GranteeType;
  granteeId: string;
  /** Epoch ms; null: no expiry. */
  expiresAt: number | null;
  /** Epoch ms; null: not revoked. */
  revokedAt: number | null;
}

/** The grantee ids an account holds grants by: the organisations it acts for, and its own id (a component admin). */
export function granteeIdsOf(user: CallerUser): Partial<Record<GranteeType, string>> {
  const ids: Partial<Record<GranteeType, string>> = { user: user.id };
  if ((user.role === 'OEMA' || user.role === 'OEME') && user.oemId) ids.oem = user.oemId;
  if (user.dealerId) ids.dealer = user.dealerId;
  if (user.role !== 'DR' && user.fleetId) ids.fleet = user.fleetId;
  if (user.evOwnerId) ids.evowner = user.evOwnerId;
  if (user.driverId) ids.driver = user.driverId;
  return ids;
}

/** The grants an account holds at `now`: its own and active only (an expired or revoked grant is never honoured). */
export function activeGrantsOf<G extends HeldGrant>(user: CallerUser, grants: Iterable<G>, now: number): G[] {
  const mine = granteeIdsOf(user);
  const out: G[] = [];
  for (const g of grants) if (mine[g.granteeType] === g.granteeId && grantStatus(g, now) === 'active') out.push(g);
  return out;
}

/** The admin role of each device kind: what a device-kind grant of that kind hands its holder (decision 0089). */
export const ADMIN_OF_KIND = { bms: 'BMSA', mcu: 'MCUA', vcu: 'VCUA' } as const satisfies Record<
  Exclude<ComponentKind, 'ev'>,
  RoleCode
>;

type RoleRow = { id: string; permissions: PermissionMap | null };

/**
 * The permissions an account's grants add to its own (null when they add none): each active device-kind grant hands
 * that kind's admin role permissions, read from the role's row as it is now (`permissionsOfRole`). The one reading of
 * grant-held permissions for the server's caller and the demo's.
 */
export function grantedPermissions(
  user: CallerUser,
  grants: Iterable<HeldGrant>,
  roleRowOf: (code: RoleCode) => RoleRow | undefined,
  now: number,
): PermissionMap | null {
  let out: PermissionMap | null = null;
  for (const g of activeGrantsOf(user, grants, now)) {
    if (g.target !== 'deviceKind' || g.kind === 'ev') continue;
    const code = ADMIN_OF_KIND[g.kind];
    out = unionPermissions(out ?? {}, permissionsOfRole(code, roleRowOf(code)));
  }
  return out;
}

/** The caller's permissions with what their grants add. */
export function withGrantedPermissions(
  own: PermissionMap,
  user: CallerUser,
  grants: Iterable<HeldGrant>,
  roleRowOf: (code: RoleCode) => RoleRow | undefined,
  now: number,
): PermissionMap {
  const granted = grantedPermissions(user, grants, roleRowOf, now);
  return granted ? unionPermissions(own, granted) : own;
}

/**
 * What an account's active grants add to its vehicle scope (null when nothing): granted vehicles, the vehicles of
 * granted EV models, the vehicles fitted with a device of a granted device model, OEMs' whole fleets.
 */
export interface GrantedVehicles {
  vehicleIds: Set<string>;
  evModelIds: Set<string>;
  deviceModelIds: Set<string>;
  oemIds: Set<string>;
}
export function grantedVehiclesOf(user: CallerUser, grants: Iterable<HeldGrant>, now: number): GrantedVehicles | null {
  const out: GrantedVehicles = {
    vehicleIds: new Set(),
    evModelIds: new Set(),
    deviceModelIds: new Set(),
    oemIds: new Set(),
  };
  for (const g of activeGrantsOf(user, grants, now)) {
    if (g.targetId === null) continue;
    if (g.target === 'vehicle') out.vehicleIds.add(g.targetId);
    else if (g.target === 'oem') out.oemIds.add(g.targetId);
    else if (g.target === 'model') (g.kind === 'ev' ? out.evModelIds : out.deviceModelIds).add(g.targetId);
  }
  const size = out.vehicleIds.size + out.evModelIds.size + out.deviceModelIds.size + out.oemIds.size;
  return size === 0 ? null : out;
}
