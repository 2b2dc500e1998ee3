import type { Caller } from '@services/lib/caller';
import type { AuthContext } from '../handlers/lib/auth-context';

/**
 * The service's caller for a demo request: the session's account, role type and permission map (the role's row of
 * the one permission table, `permissionsOf` in handlers/lib/auth-context, plus the demo's custom roles and grants).
 */
export function callerOf(ctx: AuthContext): Caller {
  const { user } = ctx;
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      oemId: user.oemId ?? null,
      dealerId: user.dealerId ?? null,
      fleetId: user.fleetId ?? null,
      evOwnerId: user.evOwnerId ?? null,
      driverId: user.driverId ?? null,
    },
    roleType: ctx.roleType,
    permissions: ctx.permissions,
    sessionId: ctx.apiKeyId ?? ctx.token,
    client: ctx.client ?? { ip: null, userAgent: null },
  };
}
