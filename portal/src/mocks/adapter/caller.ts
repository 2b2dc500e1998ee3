import type { Caller, CallerUser } from '@services/lib/caller';
import type { AuthContext } from '../handlers/lib/auth-context';
import type { UserRecord } from '../world/types';

/** A demo account as the services see it: identity, role and the scope ids it acts for (null where it has none). */
export function callerUserOf(user: UserRecord): CallerUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    oemId: user.oemId ?? null,
    dealerId: user.dealerId ?? null,
    fleetId: user.fleetId ?? null,
    evOwnerId: user.evOwnerId ?? null,
    driverId: user.driverId ?? null,
  };
}

/**
 * The service's caller for a demo request: the session's account, role type and permission map (the services'
 * `permissionsOfRole` over the world's row of the role the account holds, as the server reads its roles table, plus
 * the demo's access grants: `permissionsOf` in handlers/lib/auth-context).
 */
export function callerOf(ctx: AuthContext): Caller {
  return {
    user: callerUserOf(ctx.user),
    roleType: ctx.roleType,
    permissions: ctx.permissions,
    sessionId: ctx.sessionId,
    ...(ctx.apiKeyId ? { apiKeyId: ctx.apiKeyId } : {}),
    client: ctx.client ?? { ip: null, userAgent: null },
  };
}
