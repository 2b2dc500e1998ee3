import { membersAmong } from '@services/device-groups/device-group-fields';
import { ownerInScope as ownerScopeHolds, ownerScopeOf } from '@services/device-groups/owner-scope';
import { type RoleCode, type RoleType, roleTypeOf } from '@/domain/roles';
import { worldGroupOwner, worldOwnerVehicles } from '../../adapter/device-group-store';
import { callerOf } from '../../adapter/caller';
import type { WorldDb } from '../../world/db';
import type { DeviceGroupRecord, UserRecord, Vehicle } from '../../world/types';
import type { AuthContext } from './auth-context';
import { vehicleFilterFor } from './scope';

/**
 * Who manages whom (decision 0068). Role types whose roles (and accounts) a caller of each role type sees and
 * assigns: platform staff every type, an OEM its partners' types, a service centre its own, a fleet its own and its
 * drivers. Other types manage no one.
 */
const MANAGED_TYPES: Partial<Record<RoleType, readonly RoleType[]>> = {
  oem: ['oem', 'dealer', 'fleet', 'driver', 'evOwner'],
  dealer: ['dealer'],
  fleet: ['fleet', 'driver'],
};

/** True when the caller may see and assign roles of this code. */
export function managesRoleCode(ctx: AuthContext, code: RoleCode): boolean {
  if (ctx.roleType === 'platform') return true;
  return (MANAGED_TYPES[ctx.roleType] ?? []).includes(roleTypeOf(code));
}

/** True when the account is in the caller's scope: platform all, OEM its OEM's, service centre and fleet their own. */
export function userInScope(ctx: AuthContext, user: UserRecord): boolean {
  if (user.id === ctx.user.id) return true;
  if (ctx.roleType === 'platform') return true;
  if (!managesRoleCode(ctx, user.role)) return false;
  if (ctx.roleType === 'oem') return user.oemId !== undefined && user.oemId === ctx.user.oemId;
  if (ctx.roleType === 'dealer') return user.dealerId !== undefined && user.dealerId === ctx.user.dealerId;
  if (ctx.roleType === 'fleet') return user.fleetId !== undefined && user.fleetId === ctx.user.fleetId;
  return false;
}

export type OwnerKind = DeviceGroupRecord['ownerKind'];

/**
 * The owner's name if it exists and the caller's scope holds it, else undefined: the services' owner scope
 * (`ownerScopeOf`, decision 0110), for the demo resources that have not moved (commands, rollouts, access grants).
 */
export function ownerInScope(ctx: AuthContext, db: WorldDb, kind: OwnerKind, id: string): { name: string } | undefined {
  const owner = worldGroupOwner(db, kind, id);
  return owner && ownerScopeHolds(ownerScopeOf(callerOf(ctx)), owner) ? owner : undefined;
}

/** The vehicles of a group's owner that the caller sees (the candidates of a group). */
export function ownerVehicles(ctx: AuthContext, db: WorldDb, kind: OwnerKind, id: string): Vehicle[] {
  return worldOwnerVehicles(db, kind, id, vehicleFilterFor(ctx));
}

/** The members of a group now: the services' `membersAmong` over the owner's vehicles the caller sees. */
export function groupMembers(ctx: AuthContext, db: WorldDb, group: DeviceGroupRecord): string[] {
  return membersAmong(group, ownerVehicles(ctx, db, group.ownerKind, group.ownerId));
}
