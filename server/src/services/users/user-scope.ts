import type { RoleCode } from '@/domain/roles';
import type { Caller } from '../lib/caller';
import { managedRoleCodes } from '../roles/role-scope';

/**
 * The accounts a caller sees, as a value a query carries: platform staff every account; an OEM, service centre or
 * fleet the accounts of the role codes it manages (`managesRoleCode`) that act for its own OEM, service centre or
 * fleet; anyone else only themselves. The caller's own account is always in scope.
 */
export type UserScope =
  | { all: true }
  | {
      all: false;
      selfId: string;
      roleCodes: RoleCode[];
      /** The scope id an account must share with the caller (null: none, only the caller's own account). */
      match: { field: 'oemId' | 'dealerId' | 'fleetId'; value: string } | null;
    };

const FIELD_OF = { oem: 'oemId', dealer: 'dealerId', fleet: 'fleetId' } as const;

export function userScopeOf(caller: Caller): UserScope {
  if (caller.roleType === 'platform') return { all: true };
  const field = FIELD_OF[caller.roleType as keyof typeof FIELD_OF];
  const value = field ? caller.user[field] : null;
  return {
    all: false,
    selfId: caller.user.id,
    roleCodes: managedRoleCodes(caller),
    match: field && value ? { field, value } : null,
  };
}

/** The same scope read in memory, for one account. */
export function userInScope(
  scope: UserScope,
  user: { id: string; role: RoleCode; oemId?: string | null; dealerId?: string | null; fleetId?: string | null },
): boolean {
  if (scope.all || user.id === scope.selfId) return true;
  if (!scope.match || !scope.roleCodes.includes(user.role)) return false;
  return user[scope.match.field] === scope.match.value;
}
