import type { RoleCode } from '@/domain/roles';
import { defaultPermissionsFor } from '@/domain/permissions';
import { signIn } from './api-test-client';
import { setAuthTokenGetter } from '@/shared/api/api-client';
import type { AppStore } from '@/state/app-store';
import { createTestStore, userFor } from '@/test/render';

/** A test store signed in to the demo world as `role`, with the API client sending its token (page tests). */
export async function signedInWorldStore(role: RoleCode): Promise<AppStore> {
  const token = await signIn(role);
  const store = createTestStore();
  store.getState().login({ user: userFor(role), token, permissions: defaultPermissionsFor(role) });
  setAuthTokenGetter(() => store.getState().auth.token);
  return store;
}
