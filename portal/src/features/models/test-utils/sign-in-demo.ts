import { defaultPermissionsFor } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';
import { call } from '@/mocks/test/api-test-client';
import { DEMO_PASSWORD, demoEmailFor } from '@/mocks/world/demo-users';
import { setAuthTokenGetter } from '@/shared/api/api-client';
import type { AppStore } from '@/state/app-store';

/**
 * Signs a test store in as the demo world's account of a role, with a real session token, so pages talk to the same
 * MSW handlers as the demo (the fake tokens of `signInAs` are refused by them). The API client reads its token from
 * this store.
 */
export async function signInDemo(store: AppStore, role: RoleCode): Promise<string> {
  const res = await call('POST', '/auth/login', { body: { email: demoEmailFor(role), password: DEMO_PASSWORD } });
  if (res.status !== 200) throw new Error(`demo sign-in of ${role} failed: ${res.status}`);
  const { token, user } = res.body as { token: string; user: { id: string; name: string; email: string } };
  store.getState().login({ user: { ...user, role }, token, permissions: defaultPermissionsFor(role) });
  // main.tsx wires the API client to the app's store; a test store needs the same wiring.
  setAuthTokenGetter(() => store.getState().auth.token);
  return token;
}
