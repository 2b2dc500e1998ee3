import type { Caller } from '../lib/caller';
import type { AuthDeps } from './auth-store';

/** POST /auth/logout: ends the caller's session; its token answers 401 from now on. */
export async function logout(deps: AuthDeps, caller: Caller): Promise<void> {
  await deps.auth.revokeSessions(caller.user.id, deps.now(), { onlyId: caller.sessionId });
}
