import { defaultPermissionsFor, type PermissionMap } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';
import { signIn } from '@/mocks/test/api-test-client';
import { setAuthTokenGetter } from '@/shared/api/api-client';
import type { AppStore } from '@/state/app-store';
import { createTestStore, userFor } from './render';

/**
 * Signs a store in with a real session of the demo world (so API calls through MSW are authorised as that role) and
 * points the API client at the store's token, as `main.tsx` does (the fake tokens of `signInAs` are refused by the
 * demo handlers). `permissions` narrows what the UI may show. Returns the session token.
 */
export async function signInWithApi(
  store: AppStore,
  role: RoleCode,
  permissions: (defaults: PermissionMap) => PermissionMap = (d) => d,
): Promise<string> {
  const token = await signIn(role);
  store.getState().login({ user: userFor(role), token, permissions: permissions(defaultPermissionsFor(role)) });
  setAuthTokenGetter(() => store.getState().auth.token);
  return token;
}

/** A new test store signed in to the demo world as `role` (see `signInWithApi`). */
export async function signedInWorldStore(role: RoleCode): Promise<AppStore> {
  const store = createTestStore();
  await signInWithApi(store, role);
  return store;
}

/** A new test store signed in to the demo world as `role`, and its session token. */
export async function signInWithDemoWorld(role: RoleCode): Promise<{ store: AppStore; token: string }> {
  const store = createTestStore();
  const token = await signInWithApi(store, role);
  return { store, token };
}
