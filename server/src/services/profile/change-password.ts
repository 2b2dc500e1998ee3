import { ACTION } from '@/domain/permissions';
import { passwordProblem } from '@/domain/password-rule';
import { appendAudit } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { requirePerson } from '../settings/settings-scope';
import { ownAccount } from './get-profile';
import { PROFILE_AUDIT_ENTITY, type ProfileDeps } from './profile-store';

/**
 * POST /profile/password: needs `mp.cp` with Update. The current password must match the stored hash; the new one
 * must pass the strength rule (decision 0080) and differ from it. Only the new one's hash is kept, and the caller's
 * other sessions end in the same transaction. The audit entry names no password and no hash.
 */
export async function changePassword(
  deps: ProfileDeps,
  caller: Caller,
  input: { body: Schemas['PasswordChange'] },
): Promise<void> {
  requirePermission(caller, 'mp.cp', ACTION.UPDATE);
  requirePerson(caller);
  const body = (input.body ?? {}) as unknown as Record<string, unknown>;
  const current = typeof body.currentPassword === 'string' ? body.currentPassword : '';
  const next = typeof body.newPassword === 'string' ? body.newPassword : '';
  const account = await ownAccount(deps.users, caller);
  const errors = new FieldErrors();
  const storedHash = (await deps.auth.passwordHashOf(account.id)) ?? null;
  if (!current) errors.add('currentPassword', 'Enter your current password.');
  else if (!(await deps.passwords.verify(storedHash, current))) {
    errors.add('currentPassword', 'This is not your current password.');
  }
  const problem = passwordProblem(next, account.email);
  if (!next) errors.add('newPassword', 'Enter a new password.');
  else if (problem) errors.add('newPassword', problem);
  else if (next === current || (await deps.passwords.verify(storedHash, next))) {
    errors.add('newPassword', 'Choose a password you do not use now.');
  }
  errors.throwIfAny();
  const hash = await deps.passwords.hash(next);
  const now = deps.now();
  await deps.transact(async (tx) => {
    await tx.users.setPasswordHash(account.id, hash);
    await tx.auth.revokeSessions(account.id, now, { exceptId: caller.sessionId });
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: PROFILE_AUDIT_ENTITY,
        entityId: account.id,
        action: 'Update',
        summary: `${account.name} changed their password`,
        changes: [],
      },
      now,
    );
  });
}
