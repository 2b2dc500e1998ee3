import { roleTypeOf } from '@/domain/roles';
import { unauthorized } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import type { AccountRecord, AuthDeps, AuthStore, SessionRecord } from './auth-store';
import { permissionsOfRole } from '../roles/role-permissions';
import {
  ADMIN_OF_KIND,
  granteeIdsOf,
  grantedVehiclesOf,
  type HeldGrant,
  withGrantedPermissions,
} from '../access-grants/granted-access';
import type { PermissionMap } from '@/domain/permissions';
import { tokenHash } from './session-token';
import { apiKeySecretHash, isApiKeySecret } from '../settings/api-key-secret';
import { permissionsOfKey } from '../settings/api-keys';

/**
 * The account's access: its role's permissions with what its active access grants add, and the vehicles they add to
 * its vehicle scope (decision 0079; `granted-access`, the one reading the demo's caller makes too).
 */
async function accessOfAccount(
  deps: Pick<AuthDeps, 'auth' | 'now'>,
  account: AccountRecord,
  read?: HeldGrant[],
): Promise<{ permissions: PermissionMap; grantedVehicles?: NonNullable<Caller['grantedVehicles']> }> {
  const own = permissionsOfRole(account.role, account.roleRow ?? undefined);
  const ids = granteeIdsOf(account);
  // The grants read with the session may be more than the account's ids hold (auth-store's `sessionByTokenHash`).
  const grants = read ? read.filter((g) => ids[g.granteeType] === g.granteeId) : await deps.auth.grantsHeldBy(ids);
  if (grants.length === 0) return { permissions: own };
  const now = deps.now().getTime();
  const rows = await deps.auth.roleRows(Object.values(ADMIN_OF_KIND));
  const permissions = withGrantedPermissions(own, account, grants, (code) => rows.get(code), now);
  const grantedVehicles = grantedVehiclesOf(account, grants, now);
  return grantedVehicles ? { permissions, grantedVehicles } : { permissions };
}

/**
 * The caller a REST API key stands for (decision 0080): its creator, with their permissions (List and Export only
 * for a `read` key); a revoked key or an inactive creator is the contract's 401. Each use stamps the key's last use.
 */
async function authenticateApiKey(
  deps: Pick<AuthDeps, 'auth' | 'now'>,
  secret: string,
  client: Caller['client'],
): Promise<Caller> {
  const { key, account } = liveApiKey(await deps.auth.apiKeyByHash(await apiKeySecretHash(secret)));
  await deps.auth.markApiKeyUsed(key.id, deps.now());
  const { passwordHash: _hash, status: _status, roleRow: _roleRow, ...user } = account;
  const { permissions, ...granted } = await accessOfAccount(deps, account);
  return {
    user,
    roleType: roleTypeOf(account.role),
    permissions: permissionsOfKey(key.scope, permissions),
    ...granted,
    sessionId: key.id,
    apiKeyId: key.id,
    client,
  };
}

/**
 * The usable API key of a stored lookup: the contract's 401 when there is none, or it is revoked, or its creator is
 * no longer active. Pure, so a synchronous lookup (the demo's live broker) applies the same rule.
 */
export function liveApiKey<T extends { key: { revokedAt: Date | null }; account: AccountRecord }>(
  found: T | undefined,
): T {
  if (!found || found.key.revokedAt !== null || found.account.status !== 1) throw unauthorized();
  return found;
}

/**
 * The live session of a stored lookup: the contract's 401 when there is none, or it is revoked or expired, or its
 * account is no longer active. Pure, so a synchronous lookup (the demo's live broker) applies the same rule.
 */
export function liveSession<T extends { session: SessionRecord; account: AccountRecord }>(
  found: T | undefined,
  now: Date,
): T {
  if (!found) throw unauthorized();
  const { session, account } = found;
  if (session.revokedAt !== null || session.expiresAt.getTime() <= now.getTime() || account.status !== 1) {
    throw unauthorized();
  }
  return found;
}

/** The live session a session token (not an API key) stands for, with its account; else the contract's 401. */
export async function sessionOfToken(
  deps: { auth: Pick<AuthStore, 'sessionByTokenHash'>; now: () => Date },
  token: string,
): Promise<{ session: SessionRecord; account: AccountRecord; grants?: HeldGrant[] }> {
  return liveSession(await deps.auth.sessionByTokenHash(await tokenHash(token)), deps.now());
}

/**
 * The caller a bearer token stands for; the contract's 401 when the token is unknown, revoked or expired, or its
 * account is no longer active.
 */
export async function authenticate(
  deps: Pick<AuthDeps, 'auth' | 'now'>,
  token: string,
  client: Caller['client'],
): Promise<Caller> {
  if (isApiKeySecret(token)) return authenticateApiKey(deps, token, client);
  const { session, account, grants } = await sessionOfToken(deps, token);
  const { passwordHash: _hash, status: _status, roleRow: _roleRow, ...user } = account;
  return {
    user,
    roleType: roleTypeOf(account.role),
    ...(await accessOfAccount(deps, account, grants)),
    sessionId: session.id,
    client,
  };
}
