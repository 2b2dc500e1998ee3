import { ACTION } from '@/domain/permissions';
import { appendAudit } from '../audit/audit-chain';
import { conflict, notFound } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { requirePerson } from '../settings/settings-scope';
import type { SessionDeps } from './auth-store';

/** GET /profile/sessions: the caller's live sessions, newest first; `current` marks the one of this request. */
export async function listSessions(deps: SessionDeps, caller: Caller): Promise<Schemas['SessionInfo'][]> {
  requirePermission(caller, 'mp');
  const sessions = await deps.auth.liveSessions(caller.user.id, deps.now());
  return sessions.map((session) => ({
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    userAgent: session.userAgent,
    current: session.id === caller.sessionId,
  }));
}

/** POST /profile/sessions/sign-out-others: ends every session of the caller but this one. Audit entity Profile. */
export async function signOutOtherSessions(deps: SessionDeps, caller: Caller): Promise<{ ended: number }> {
  requirePermission(caller, 'mp', ACTION.UPDATE);
  requirePerson(caller);
  const now = deps.now();
  return deps.transact(async (tx) => {
    const ended = await tx.auth.revokeSessions(caller.user.id, now, { exceptId: caller.sessionId });
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: 'Profile',
        entityId: caller.user.id,
        action: 'Update',
        summary: `${caller.user.name} signed out ${ended} other session(s)`,
        changes: [],
      },
      now,
    );
    return { ended };
  });
}

/** DELETE /profile/sessions/{id}: ends one other session of the caller; the current one is a 409 (sign out instead). */
export async function endSession(deps: SessionDeps, caller: Caller, input: { id: string }): Promise<void> {
  requirePermission(caller, 'mp', ACTION.UPDATE);
  requirePerson(caller);
  if (input.id === caller.sessionId) throw conflict('This is the session you are using; sign out instead.');
  const now = deps.now();
  await deps.transact(async (tx) => {
    const ended = await tx.auth.revokeSessions(caller.user.id, now, { onlyId: input.id });
    if (ended === 0) throw notFound('Session');
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: 'Profile',
        entityId: caller.user.id,
        action: 'Update',
        summary: `${caller.user.name} signed out a session`,
        changes: [],
      },
      now,
    );
  });
}
