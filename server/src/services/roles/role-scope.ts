import { ROLE_CODES, type RoleCode, type RoleType, roleTypeOf } from '@/domain/roles';
import type { Caller } from '../lib/caller';

/**
 * Who manages whom (decision 0068): the role types whose roles (and accounts) a caller of each role type sees and
 * assigns. Platform staff every type, an OEM its partners' types, a service centre its own, a fleet its own and its
 * drivers. Other types manage no one.
 */
const MANAGED_TYPES: Partial<Record<RoleType, readonly RoleType[]>> = {
  oem: ['oem', 'dealer', 'fleet', 'driver', 'evOwner'],
  dealer: ['dealer'],
  fleet: ['fleet', 'driver'],
};

/** True when the caller may see and assign roles of this code (and create roles on top of it). */
export function managesRoleCode(caller: Pick<Caller, 'roleType'>, code: RoleCode): boolean {
  if (caller.roleType === 'platform') return true;
  return (MANAGED_TYPES[caller.roleType] ?? []).includes(roleTypeOf(code));
}

/** The role codes the caller manages, as a value a query carries. */
export function managedRoleCodes(caller: Pick<Caller, 'roleType'>): RoleCode[] {
  return ROLE_CODES.filter((code) => managesRoleCode(caller, code));
}
