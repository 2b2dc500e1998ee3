import { ACTION } from '@/domain/permissions';
import { appendAudit } from '../audit/audit-chain';
import type { Caller } from '../lib/caller';
import { userOr404 } from './get-user';
import { temporaryPassword } from './user-fields';
import type { UserDeps } from './user-store';
import { USER_AUDIT_ENTITY } from './user-types';

/**
 * POST /users/{id}/reset-password: a new one-time password, answered once in the body (never in a URL); only its hash
 * is kept, and the account's sessions end. Needs `su` with Reset. The audit entry names no secret and no hash.
 */
export async function resetUserPassword(
  deps: UserDeps,
  caller: Caller,
  input: { id: string },
): Promise<{ temporaryPassword: string }> {
  const user = await userOr404(deps.users, caller, input.id, ACTION.RESET);
  const password = temporaryPassword();
  const hash = await deps.passwords.hash(password);
  const now = deps.now();
  await deps.transact(async (tx) => {
    await tx.users.setPasswordHash(user.id, hash);
    await tx.users.endSessions(user.id, now);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: USER_AUDIT_ENTITY,
        entityId: user.id,
        action: 'Update',
        summary: `Reset the password of ${user.name}`,
        changes: [],
      },
      now,
    );
  });
  return { temporaryPassword: password };
}
