import { ACTION, type PermissionMap } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { conflict, FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import type { Caller } from '../lib/caller';
import { roleOr404, toRole } from './get-role';
import { checkWithinEditor, readPermissions, readRoleName } from './role-fields';
import type { RoleDeps } from './role-store';
import { ROLE_AUDIT_ENTITY, type Role, type StoredRole } from './role-types';

/**
 * PATCH /roles/{id}: name and permissions, with the checks of create. Needs `su.RP` with Update; the Super Admin role
 * is locked (409). Every account holding the role gets the new permissions on its next request (they are read from
 * the role row: `permissionsOfRole`).
 */
export async function updateRole(
  deps: RoleDeps,
  caller: Caller,
  input: { id: string; patch: Schemas['RolePatch'] },
): Promise<Role> {
  const current = await roleOr404(deps.roles, caller, input.id, ACTION.UPDATE);
  if (current.locked) throw conflict('The Super Admin role always holds every permission.');
  const { patch } = input;
  const errors = new FieldErrors();
  const changes: { name?: string; permissions?: PermissionMap } = {};
  if (patch.name !== undefined) {
    const name = await readRoleName(deps.roles, errors, patch.name, current.id);
    if (name !== undefined) changes.name = name;
  }
  const held = current.permissions as PermissionMap;
  if (patch.permissions !== undefined) {
    const permissions = readPermissions(errors, patch.permissions, held);
    if (permissions !== undefined) changes.permissions = permissions;
  }
  errors.throwIfAny();
  if (changes.permissions) checkWithinEditor(caller, changes.permissions, held);
  const now = deps.now();
  return deps.transact(async (tx) => {
    await tx.roles.update(current.id, { ...changes, updatedAt: now.toISOString() });
    const after = toRole((await tx.roles.get(current.id)) as StoredRole);
    const changed = diffFields(current, after);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: ROLE_AUDIT_ENTITY,
        entityId: current.id,
        action: 'Update',
        summary: `Updated role ${after.name}`,
        changes: changed,
      },
      now,
    );
    return after;
  });
}
