import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useLoginMutation } from '@/features/auth/api/login';
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { useLogoutMutation } from '@/features/auth/api/logout';
import { type DemoAccount, type SessionPort, SessionProvider } from '@/features/auth/session';
import { setForbiddenHandler, toApiError } from '@/shared/api/api-client';
import { useAppState, useAppStoreApi } from '@/state/store-context';

/** How long loaded permissions count as fresh before a focus refreshes them. */
const PERMISSIONS_FRESH_MS = 15_000;

/** Demo accounts come from the demo world, which only demo builds contain (the import is dropped otherwise). */
async function loadDemoAccounts(): Promise<DemoAccount[]> {
  if (__DEMO__) {
    const { DEMO_USERS } = await import('@/mocks/world/demo-users');
    return DEMO_USERS.map(({ email, password, role, label }) => ({ email, password, role, label }));
  }
  return [];
}

async function resetDemoData(): Promise<void> {
  if (__DEMO__) {
    const { resetDemoWorld } = await import('@/mocks/demo-control');
    await resetDemoWorld();
  }
}

/**
 * Refreshes the session's user and permissions from the API: at app start, when the window gets the focus back, and
 * after any 403 answer (a role change applies on the next request; the guards then show 403 where access was revoked).
 * A 401 here goes through the client's unauthorized handler (sign out, back to login).
 */
function useCurrentUserRefresh() {
  const store = useAppStoreApi();
  const queryClient = useQueryClient();
  const isAuthenticated = useAppState((s) => s.auth.isAuthenticated);
  const { data } = useQuery({
    ...currentUserQueryOptions(),
    enabled: isAuthenticated,
    staleTime: PERMISSIONS_FRESH_MS,
    refetchOnWindowFocus: true,
  });
  useEffect(() => {
    setForbiddenHandler(() => {
      if (store.getState().auth.isAuthenticated)
        void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
    });
    return () => setForbiddenHandler(() => {});
  }, [queryClient, store]);
  useEffect(() => {
    const { auth, login } = store.getState();
    if (!data || !auth.isAuthenticated || !auth.token) return;
    const same =
      JSON.stringify(data.permissions) === JSON.stringify(auth.permissions) &&
      JSON.stringify(data.user) === JSON.stringify(auth.user);
    if (!same) login({ user: data.user, token: auth.token, permissions: data.permissions });
  }, [data, store]);
}

/** The session seam backed by the Fleet API (login and logout endpoints) and, in demo mode, the demo world. */
export function ApiSessionProvider({ children }: { children: ReactNode }) {
  useCurrentUserRefresh();
  const { mutateAsync: login } = useLoginMutation();
  const { mutateAsync: logout } = useLogoutMutation();
  const value = useMemo<SessionPort>(
    () => ({
      signIn: async (credentials) => {
        try {
          const { user, token, permissions } = await login(credentials);
          return { user, token, permissions };
        } catch (error) {
          throw toApiError(error);
        }
      },
      signOut: async () => {
        try {
          await logout();
        } catch (error) {
          throw toApiError(error);
        }
      },
      loadDemoAccounts,
      resetDemoData: __DEMO__ ? resetDemoData : null,
    }),
    [login, logout],
  );
  return <SessionProvider value={value}>{children}</SessionProvider>;
}
