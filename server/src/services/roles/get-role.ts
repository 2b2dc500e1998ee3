import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { LOCKED_ROLE, permissionsOfRole } from './role-permissions';
import { managesRoleCode } from './role-scope';
import type { RoleDeps, RoleStore } from './role-store';
import type { Role, StoredRole } from './role-types';

/** The API's Role: the stored one with its permissions as its holders get them, and `locked` for Super Admin. */
export function toRole(role: StoredRole): Role {
  return { ...role, permissions: permissionsOfRole(role.code, role), locked: role.id === LOCKED_ROLE };
}

/** The role if the caller manages its code, else the contract's 404; `su.RP` with `action` (or, to read, `su`) first. */
export async function roleOr404(store: RoleStore, caller: Caller, id: string, action?: number): Promise<Role> {
  if (action === undefined) requirePermission(caller, { anyOf: ['su.RP', 'su'] });
  else requirePermission(caller, 'su.RP', action);
  const role = await store.get(id);
  if (!role || !managesRoleCode(caller, role.code)) throw notFound('Role');
  return toRole(role);
}

/** GET /roles/{id}. */
export async function getRole(deps: RoleDeps, caller: Caller, input: { id: string }): Promise<Role> {
  return roleOr404(deps.roles, caller, input.id);
}
