import { ACTION } from '@/domain/permissions';
import { roleTypeOf } from '@/domain/roles';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { conflict, FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { LOCKED_ROLE } from '../roles/role-permissions';
import { userOr404 } from './get-user';
import { assignableRole, emailConflict, readContact } from './user-fields';
import type { UserDeps, UserStore } from './user-store';
import { type AccountChanges, USER_AUDIT_ENTITY, type UserAccount } from './user-types';

/** True when the account is the last active one holding the Super Admin role. */
export async function isLastSuperAdmin(store: UserStore, user: UserAccount): Promise<boolean> {
  return user.status === 1 && user.roleId === LOCKED_ROLE && (await store.activeSuperAdmins()) <= 1;
}

/**
 * PATCH /users/{id}: name, e-mail, phone and role. Needs `su` with Update, and Assign for a changed role, which must
 * be one the caller may give, of the account's kind of organisation. 409 for an e-mail in use and for the last active
 * Super Admin's role. Audited as Assign when the role changes, else Update.
 */
export async function updateUser(
  deps: UserDeps,
  caller: Caller,
  input: { id: string; patch: Schemas['UserAccountPatch'] },
): Promise<UserAccount> {
  const current = await userOr404(deps.users, caller, input.id, ACTION.UPDATE);
  const body = input.patch as unknown as Record<string, unknown>;
  const errors = new FieldErrors();
  const contact = readContact(errors, body, true);
  const roleChanges = body.roleId !== undefined && body.roleId !== current.roleId;
  if (roleChanges) requirePermission(caller, 'su', ACTION.ASSIGN);
  const role = roleChanges ? await assignableRole(deps, errors, caller, body.roleId) : undefined;
  if (role && roleTypeOf(role.code) !== roleTypeOf(current.role)) {
    errors.add('roleId', 'Choose a role of the same kind of organisation as the account.');
  }
  errors.throwIfAny();
  if (contact.email && (await deps.users.emailTaken(contact.email, current.id))) throw emailConflict();
  if (role && (await isLastSuperAdmin(deps.users, current))) {
    throw conflict('This is the last active Super Admin; give another account the Super Admin role first.', {
      roleId: 'The last active Super Admin keeps this role.',
    });
  }
  const changes: AccountChanges = { ...contact };
  if (role) Object.assign(changes, { role: role.code, roleId: role.id });
  const now = deps.now();
  return deps.transact(async (tx) => {
    await tx.users.update(current.id, changes);
    const after = (await tx.users.get(current.id)) as UserAccount;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: USER_AUDIT_ENTITY,
        entityId: current.id,
        action: role ? 'Assign' : 'Update',
        summary: role ? `Gave ${after.name} the role ${role.name}` : `Updated user ${after.name}`,
        changes: diffFields(current, after),
      },
      now,
    );
    return after;
  });
}
