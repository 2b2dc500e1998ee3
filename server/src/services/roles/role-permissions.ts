import { defaultPermissionsFor, type PermissionMap } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';

/** The Super Admin role always holds every permission: nobody can lock the platform out of itself. */
export const LOCKED_ROLE = 'SA';

/**
 * The permissions of a role, and so of every account holding it: the role row's map (an admin's edit or a custom
 * role), else the default matrix of its code (a built-in row never edited, or no row at all). The Super Admin role is
 * always the full matrix. The one reading of a role's permissions for the server's caller and the demo's.
 */
export function permissionsOfRole(
  code: RoleCode,
  row?: { id: string; permissions: PermissionMap | null },
): PermissionMap {
  if (!row || row.id === LOCKED_ROLE || row.permissions === null) return defaultPermissionsFor(code);
  return { ...row.permissions };
}
