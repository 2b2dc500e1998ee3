import { ACTION, type PermissionMap } from '@/domain/permissions';
import { isRoleCode } from '@/domain/roles';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { toRole } from './get-role';
import { checkWithinEditor, readPermissions, readRoleName } from './role-fields';
import { managesRoleCode } from './role-scope';
import type { RoleDeps } from './role-store';
import { ROLE_AUDIT_ENTITY, type Role, type StoredRole } from './role-types';

/**
 * POST /roles: a custom role on top of a built-in code the caller manages. Needs `su.RP` with Add. 400 with every
 * field error (a name in use, no permission, an unknown key, a bit that does not apply), then 400 for a bit the
 * caller does not hold.
 */
export async function createRole(deps: RoleDeps, caller: Caller, input: Schemas['RoleInput']): Promise<Role> {
  requirePermission(caller, 'su.RP', ACTION.ADD);
  const errors = new FieldErrors();
  const name = await readRoleName(deps.roles, errors, input.name);
  const code: unknown = input.code;
  if (!isRoleCode(code) || !managesRoleCode(caller, code)) {
    errors.add('code', 'Choose the built-in role this role is based on.');
  }
  const permissions = readPermissions(errors, input.permissions);
  errors.throwIfAny();
  if (!name || !permissions || !isRoleCode(code)) throw new Error('unreachable: fields were checked');
  checkWithinEditor(caller, permissions, {});
  const now = deps.now();
  const at = now.toISOString();
  const role: StoredRole = {
    id: `role-${crypto.randomUUID()}`,
    code,
    name,
    builtIn: false,
    permissions: permissions as PermissionMap,
    userCount: 0,
    createdAt: at,
    updatedAt: at,
  };
  return deps.transact(async (tx) => {
    await tx.roles.insert(role);
    const after = toRole((await tx.roles.get(role.id)) as StoredRole);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: ROLE_AUDIT_ENTITY,
        entityId: role.id,
        action: 'Add',
        summary: `Added role ${role.name}`,
        changes: diffFields(null, after),
      },
      now,
    );
    return after;
  });
}
