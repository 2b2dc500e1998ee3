import { can, type PermissionRequirement } from '@/domain/permissions';
import { useAppState } from './store-context';

/** `can()` bound to the signed-in user's permissions: the check behind every guarded button. */
export function useCan(): (requirement: PermissionRequirement, action?: number) => boolean {
  const permissions = useAppState((s) => s.auth.permissions);
  return (requirement, action) => can(permissions, requirement, action);
}
