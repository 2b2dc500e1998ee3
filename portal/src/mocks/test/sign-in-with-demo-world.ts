import type { RoleCode } from '@/domain/roles';
import { toPermissionMap } from '@/features/auth/api/auth-types';
import { call, signIn } from '@/mocks/test/api-test-client';
import { setAuthTokenGetter } from '@/shared/api/api-client';
import { createTestStore } from '@/test/render';

/**
 * Test helper: signs a role in against the demo world's handlers and returns a store holding that session, with the
 * API client reading its token (main.tsx wires the client to the app's store; a test wires it to its own).
 */
export async function signInWithDemoWorld(role: RoleCode) {
  const token = await signIn(role);
  const me = await call('GET', '/auth/me', { token });
  const store = createTestStore();
  store.getState().login({ user: me.body.user, token, permissions: toPermissionMap(me.body.permissions) });
  setAuthTokenGetter(() => store.getState().auth.token);
  return { store, token };
}
