import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { conflict, validationFailed } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import type { Caller } from '../lib/caller';
import { userOr404 } from './get-user';
import { isLastSuperAdmin } from './update-user';
import type { UserDeps } from './user-store';
import { USER_AUDIT_ENTITY, type UserAccount } from './user-types';

/**
 * POST /users/{id}/status: 1 active, 0 inactive; needs `su` with Change Status. Deactivating ends the account's
 * sessions in the same transaction (and an inactive account cannot sign in). Nobody can deactivate themselves or the
 * last active Super Admin (409).
 */
export async function setUserStatus(
  deps: UserDeps,
  caller: Caller,
  input: { id: string; body: Schemas['StatusInput'] },
): Promise<UserAccount> {
  const current = await userOr404(deps.users, caller, input.id, ACTION.CHANGE_STATUS);
  const status: unknown = input.body?.status;
  if (status !== 0 && status !== 1) throw validationFailed({ status: 'Send 1 (active) or 0 (inactive).' });
  if (status === 0 && current.id === caller.user.id) throw conflict('You cannot deactivate your own account.');
  if (status === 0 && (await isLastSuperAdmin(deps.users, current))) {
    throw conflict('This is the last active Super Admin; it cannot be deactivated.');
  }
  const now = deps.now();
  return deps.transact(async (tx) => {
    await tx.users.update(current.id, { status });
    if (status === 0) await tx.users.endSessions(current.id, now);
    const after = (await tx.users.get(current.id)) as UserAccount;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: USER_AUDIT_ENTITY,
        entityId: current.id,
        action: 'Change Status',
        summary: `${status === 1 ? 'Activated' : 'Deactivated'} user ${after.name}`,
        changes: diffFields(current, after),
      },
      now,
    );
    return after;
  });
}
