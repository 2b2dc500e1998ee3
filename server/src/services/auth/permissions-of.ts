import { defaultPermissionsFor, type PermissionMap } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';

/**
 * The permissions of an account: its role's row of the portal's one permission table. Custom roles (the roles
 * resource) and access grants add to this when those resources move to the server.
 */
export function permissionsOf(role: RoleCode): PermissionMap {
  return defaultPermissionsFor(role);
}
