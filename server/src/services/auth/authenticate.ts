import { roleTypeOf } from '@/domain/roles';
import { unauthorized } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import type { AuthDeps } from './auth-store';
import { permissionsOfRole } from '../roles/role-permissions';
import { tokenHash } from './session-token';

/**
 * The caller a bearer token stands for; the contract's 401 when the token is unknown, revoked or expired, or its
 * account is no longer active.
 */
export async function authenticate(
  deps: Pick<AuthDeps, 'auth' | 'now'>,
  token: string,
  client: Caller['client'],
): Promise<Caller> {
  const found = await deps.auth.sessionByTokenHash(await tokenHash(token));
  if (!found) throw unauthorized();
  const { session, account } = found;
  if (session.revokedAt !== null || session.expiresAt.getTime() <= deps.now().getTime() || account.status !== 1) {
    throw unauthorized();
  }
  const { passwordHash: _hash, status: _status, roleRow, ...user } = account;
  return {
    user,
    roleType: roleTypeOf(account.role),
    permissions: permissionsOfRole(account.role, roleRow ?? undefined),
    sessionId: session.id,
    client,
  };
}
