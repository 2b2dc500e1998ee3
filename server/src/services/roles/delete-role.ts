import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { conflict } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { roleOr404 } from './get-role';
import type { RoleDeps } from './role-store';
import { ROLE_AUDIT_ENTITY } from './role-types';

/**
 * DELETE /roles/{id}: needs `su.RP` with Delete. Built-in roles and roles an account still holds are 409; the check
 * of holders and the delete are one statement in the transaction, so an account given the role meanwhile keeps it.
 */
export async function deleteRole(deps: RoleDeps, caller: Caller, input: { id: string }): Promise<void> {
  const role = await roleOr404(deps.roles, caller, input.id, ACTION.DELETE);
  if (role.builtIn) throw conflict('Built-in roles cannot be deleted.');
  const held = () => conflict(`${role.userCount} account(s) hold this role; give them another role first.`);
  if (role.userCount > 0) throw held();
  const now = deps.now();
  await deps.transact(async (tx) => {
    if (!(await tx.roles.deleteUnheld(role.id))) throw held();
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: ROLE_AUDIT_ENTITY,
        entityId: role.id,
        action: 'Delete',
        summary: `Deleted role ${role.name}`,
        changes: diffFields(role, null),
      },
      now,
    );
  });
}
