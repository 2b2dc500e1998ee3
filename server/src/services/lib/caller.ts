import { ACTION, can, type PermissionMap, type PermissionRequirement } from '@/domain/permissions';
import type { RoleCode, RoleType } from '@/domain/roles';
import { forbidden } from './app-error';

/** The signed-in account a request acts for, with the scope ids it acts for (openapi.yaml AuthUser). */
export interface CallerUser {
  id: string;
  name: string;
  email: string;
  role: RoleCode;
  oemId: string | null;
  dealerId: string | null;
  fleetId: string | null;
  evOwnerId: string | null;
  driverId: string | null;
}

/** Who calls a service: the account, its role type and permissions, the session and where the request came from. */
export interface Caller {
  user: CallerUser;
  roleType: RoleType;
  permissions: PermissionMap;
  sessionId: string;
  /** Set when the request came with a REST API key (decision 0080) instead of a signed-in session. */
  apiKeyId?: string;
  client: { ip: string | null; userAgent: string | null };
  /** The vehicles the caller's active access grants add to their vehicle scope (decision 0079); absent when none. */
  grantedVehicles?: {
    vehicleIds: ReadonlySet<string>;
    evModelIds: ReadonlySet<string>;
    deviceModelIds: ReadonlySet<string>;
    oemIds: ReadonlySet<string>;
  };
}

/** Throws the contract's 403 unless the caller may do `action` (default List) on the key, or on any of the keys. */
export function requirePermission(caller: Caller, requirement: PermissionRequirement, action: number = ACTION.LIST) {
  if (!can(caller.permissions, requirement, action)) throw forbidden();
}

/** True when the caller may do `action` (default List) on the key. */
export function allows(caller: Caller, requirement: PermissionRequirement, action: number = ACTION.LIST): boolean {
  return can(caller.permissions, requirement, action);
}
