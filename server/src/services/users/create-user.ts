import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { assignableRole, emailConflict, readContact, scopeIdsFor, temporaryPassword } from './user-fields';
import type { UserDeps } from './user-store';
import { type NewAccount, USER_AUDIT_ENTITY, type UserAccount } from './user-types';

/**
 * POST /users: an active account inside the caller's scope with a role the caller may give, and a one-time password
 * (answered once; only its hash is kept). Needs `su` with Add. 400 with every field error, then 409 for an e-mail in
 * use.
 */
export async function createUser(
  deps: UserDeps,
  caller: Caller,
  input: Schemas['UserAccountInput'],
): Promise<Schemas['UserAccountCreated']> {
  requirePermission(caller, 'su', ACTION.ADD);
  const body = input as unknown as Record<string, unknown>;
  const errors = new FieldErrors();
  const contact = readContact(errors, body, false);
  const role = await assignableRole(deps, errors, caller, body.roleId);
  const scope = role ? await scopeIdsFor(deps, errors, caller, role, body) : undefined;
  errors.throwIfAny();
  if (!role || !scope || !contact.name || !contact.email) throw new Error('unreachable: fields were checked');
  if (await deps.users.emailTaken(contact.email)) throw emailConflict();
  const password = temporaryPassword();
  const now = deps.now();
  const account: NewAccount = {
    id: `usr-${crypto.randomUUID()}`,
    name: contact.name,
    email: contact.email,
    phone: contact.phone ?? null,
    role: role.code,
    roleId: role.id,
    ...scope,
    status: 1,
    createdAt: now.toISOString(),
    passwordHash: await deps.passwords.hash(password),
  };
  return deps.transact(async (tx) => {
    await tx.users.insert(account);
    const after = (await tx.users.get(account.id)) as UserAccount;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: USER_AUDIT_ENTITY,
        entityId: account.id,
        action: 'Add',
        summary: `Added user ${account.name} (${role.name})`,
        changes: diffFields(null, after),
      },
      now,
    );
    return { ...after, temporaryPassword: password };
  });
}
