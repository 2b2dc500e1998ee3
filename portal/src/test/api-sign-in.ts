import type { PermissionMap } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';
import { signIn } from '@/mocks/test/api-test-client';
import { setAuthTokenGetter } from '@/shared/api/api-client';
import type { AppStore } from '@/state/app-store';
import { userFor } from './render';
import { defaultPermissionsFor } from '@/domain/permissions';

/**
 * Signs a store in with a real session of the demo world (so API calls through MSW are authorised as that role) and
 * points the API client at the store's token, as `main.tsx` does. `permissions` narrows what the UI may show.
 */
export async function signInWithApi(
  store: AppStore,
  role: RoleCode,
  permissions: (defaults: PermissionMap) => PermissionMap = (d) => d,
): Promise<void> {
  const token = await signIn(role);
  store.getState().login({ user: userFor(role), token, permissions: permissions(defaultPermissionsFor(role)) });
  setAuthTokenGetter(() => store.getState().auth.token);
}
