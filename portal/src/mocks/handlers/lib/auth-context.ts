import { permissionsOfKey } from '@services/settings/api-keys';
import { permissionsOfRole } from '@services/roles/role-permissions';
import {
  can,
  type PermissionKey,
  type PermissionMap,
  type PermissionRequirement,
  unionPermissions,
} from '@/domain/permissions';
import { roleTypeOf, type RoleType } from '@/domain/roles';
import type { WorldDb } from '../../world/db';
import type { UserRecord, Vehicle } from '../../world/types';
import { grantedPermissionsOf, grantedVehicleTest } from './access-grants';
import { sessionOfToken } from '@services/auth/authenticate';
import { liveApiKeyOfTokenSync, liveSessionOfTokenSync, worldAuthStore } from '../../adapter/auth-store';
import { forbidden, unauthorized } from './http-error';

export interface AuthContext {
  /** The session's id (as `GET /profile/sessions` lists it), or the API key's id; never the bearer token. */
  sessionId: string;
  user: UserRecord;
  roleType: RoleType;
  permissions: PermissionMap;
  /** Where the request came from, for the audit log: null where the server cannot know it (in the browser, the IP). */
  client?: { ip: string | null; userAgent: string | null };
  /** Vehicles the caller's active access grants add to their scope (decision 0079); absent when none. */
  granted?: (vehicle: Vehicle) => boolean;
  /** Set when the request came with a REST API key instead of a session (decision 0080). */
  apiKeyId?: string;
}

/**
 * The permissions of a stored user: those of their role as the world's roles table holds it now (decision 0068), so a
 * role change applies to every holder on their next request: the services' `permissionsOfRole` over the role row, as
 * the server reads its roles table. Without a db (or a role row): the default matrix of the code.
 */
export function permissionsOf(user: UserRecord, db?: WorldDb): PermissionMap {
  const own = permissionsOfRole(user.role, db?.tables.roles.get(user.roleId ?? user.role));
  // A device-kind grant adds its role's permissions (decision 0089); expired and revoked grants add nothing.
  const granted = db ? grantedPermissionsOf(db, user) : null;
  return granted ? unionPermissions(own, granted) : own;
}

/** The demo's context of a live session (the services' `liveSession` decided it is one). */
function authOfSession(found: { session: { id: string }; account: { id: string } }, db: WorldDb): AuthContext | null {
  const user = db.tables.users.get(found.account.id);
  if (!user) return null;
  return withGrants(
    { sessionId: found.session.id, user, roleType: roleTypeOf(user.role), permissions: permissionsOf(user, db) },
    db,
  );
}

/**
 * The caller a bearer token stands for, or null when the token is unknown, revoked or expired, or its user is not
 * active: the services' `sessionOfToken` over the world's sessions (decision 0110, "Sign-in and sessions moved").
 */
export async function authOfToken(token: string, db: WorldDb): Promise<AuthContext | null> {
  if (token.startsWith('vlk_')) return authOfApiKey(token, db);
  const found = await sessionOfToken({ auth: worldAuthStore(db), now: () => new Date() }, token).catch(() => null);
  return found ? authOfSession(found, db) : null;
}

/** `authOfToken` answered synchronously (the live broker's CONNECT): the same rule over the same lookup. */
export function authOfTokenSync(token: string, db: WorldDb): AuthContext | null {
  if (token.startsWith('vlk_')) return authOfApiKey(token, db);
  const found = liveSessionOfTokenSync(db, token);
  return found ? authOfSession(found, db) : null;
}

function withGrants(ctx: AuthContext, db: WorldDb): AuthContext {
  const granted = grantedVehicleTest(db, ctx.user);
  return granted ? { ...ctx, granted } : ctx;
}

/**
 * A REST API key stands for the account that made it, with its permissions (only List and Export for a read key):
 * the services' `liveApiKey` rule decides whether it is usable (decision 0080). Each use stamps the key's last use.
 */
function authOfApiKey(token: string, db: WorldDb): AuthContext | null {
  const found = liveApiKeyOfTokenSync(db, token);
  const user = found ? db.tables.users.get(found.account.id) : undefined;
  if (!found || !user) return null;
  void worldAuthStore(db).markApiKeyUsed(found.key.id, new Date());
  const permissions = permissionsOfKey(found.key.scope, permissionsOf(user, db));
  const { id } = found.key;
  return withGrants({ sessionId: id, user, roleType: roleTypeOf(user.role), permissions, apiKeyId: id }, db);
}

/** The signed-in caller of a request; throws the contract's 401 when the bearer token is missing or unknown. */
export async function requireAuth(request: Request, db: WorldDb): Promise<AuthContext> {
  const header = request.headers.get('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const ctx = match?.[1] ? await authOfToken(match[1], db) : null;
  if (!ctx) throw unauthorized();
  return { ...ctx, client: clientOf(request) };
}

/** Where a request came from, as the server reads it: null where the browser cannot know it (the IP). */
export function clientOf(request: Request): { ip: string | null; userAgent: string | null } {
  const forwarded = request.headers.get('X-Forwarded-For');
  return {
    ip: forwarded ? (forwarded.split(',')[0]?.trim() ?? null) : null,
    userAgent: request.headers.get('User-Agent') ?? (typeof navigator === 'undefined' ? null : navigator.userAgent),
  };
}

/** Throws the contract's 403 unless the caller may do `action` (default list/read) on the key(s). */
export function requirePermission(ctx: AuthContext, requirement: PermissionRequirement, action?: number): void {
  if (!can(ctx.permissions, requirement, action)) throw forbidden();
}

/** True when the caller may do `action` on `key`. */
export function allows(ctx: AuthContext, key: PermissionKey, action?: number): boolean {
  return can(ctx.permissions, key, action);
}
