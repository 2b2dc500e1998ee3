import { MantineProvider } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import type { PersistStorage } from 'zustand/middleware';
import { AppProviders, type AppProvidersProps } from '@/app/providers';
import { createAppRoutes } from '@/app/router';
import { ApiSessionProvider } from '@/app/api-session-provider';
import { ROUTE_TABLE } from '@/app/route-table';
import { theme } from '@/app/theme';
import { defaultPermissionsFor } from '@/domain/permissions';
import { ROLE_LABELS, ROLE_TYPES, type RoleCode, type RoleType } from '@/domain/roles';
import { type DemoAccount, type SessionPort, SessionProvider } from '@/features/auth/session';
import { type AppStore, createAppStore } from '@/state/app-store';
import type { SessionUser } from '@/state/auth-slice';
import type { PersistedGroups } from '@/state/persistence';
import { AppStoreProvider } from '@/state/store-context';

// Lazy pages are transformed on first use under Vitest, which can take a few seconds on a cold cache.
configure({ asyncUtilTimeout: 10000 });

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

/** A storage that keeps persisted groups in memory, so tests never share session storage. */
export function memoryStorage(): PersistStorage<PersistedGroups> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (name) => {
      const raw = data.get(name);
      return raw === undefined ? null : JSON.parse(raw);
    },
    setItem: (name, value) => void data.set(name, JSON.stringify(value)),
    removeItem: (name) => void data.delete(name),
  };
}

/** A fresh store on in-memory storage. */
export function createTestStore(): AppStore {
  return createAppStore({ storage: memoryStorage() });
}

/** A user of the given role with an id derived from it. */
export function userFor(role: RoleCode): SessionUser {
  return {
    id: `u-${role.toLowerCase()}`,
    name: `${ROLE_LABELS[role]} Tester`,
    email: `${role.toLowerCase()}@voltline.test`,
    role,
  };
}

/** Signs a store in as `role` with the default permissions of that role. */
export function signInAs(store: AppStore, role: RoleCode): SessionUser {
  const user = userFor(role);
  store.getState().login({ user, token: `token-${role}`, permissions: defaultPermissionsFor(role) });
  return user;
}

export const TEST_PASSWORD = 'demo-pass';

/** One demo account per role type, like the demo world's list. */
export const TEST_ACCOUNTS: DemoAccount[] = (Object.entries(ROLE_TYPES) as [RoleType, readonly RoleCode[]][]).map(
  ([, roles]) => {
    const role = roles[0] as RoleCode;
    return { email: userFor(role).email, password: TEST_PASSWORD, role, label: ROLE_LABELS[role] };
  },
);

/**
 * A session double with the same behaviour as the API-backed one: known accounts sign in with their role's
 * default permissions, anything else is rejected with a 401 error body.
 */
export function createTestSession(overrides: Partial<SessionPort> = {}): SessionPort {
  return {
    signIn: async ({ email, password }) => {
      const account = TEST_ACCOUNTS.find((a) => a.email === email);
      if (!account || password !== account.password) {
        throw { status: 401, code: 'invalid_credentials', message: 'The e-mail or password is wrong.' };
      }
      return {
        user: userFor(account.role),
        token: `token-${account.role}`,
        permissions: defaultPermissionsFor(account.role),
      };
    },
    signOut: async () => {},
    loadDemoAccounts: async () => TEST_ACCOUNTS,
    resetDemoData: async () => {},
    ...overrides,
  };
}

/**
 * No garbage collection of unused queries and mutations (`gcTime: Infinity`): no test lasts the default's 5 minutes,
 * and the default's timers kept each test's client, with every answer it cached, alive for 5 minutes after the test,
 * which made later files of a shared worker slower (decision 0138). Unmounted, the client is garbage at once.
 */
function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: 0, gcTime: Infinity }, mutations: { retry: 0, gcTime: Infinity } },
  });
}

export interface RenderAppOptions {
  store?: AppStore;
  /** A session double, or `'api'` for the real API-backed session against the demo world's MSW handlers. */
  session?: SessionPort | 'api';
  includeDemoRoutes?: boolean;
  /** The live controller and fleet view (default: an unconnected pair). */
  live?: AppProvidersProps['live'];
}

/** Renders the whole app (providers + route table) at `path`, as the browser would. */
export function renderApp(
  path: string,
  { store = createTestStore(), session = createTestSession(), includeDemoRoutes = true, live }: RenderAppOptions = {},
) {
  const router = createMemoryRouter(createAppRoutes({ store, includeDemoRoutes }), { initialEntries: [path] });
  // A data router listens to the window's `pagehide` until it is disposed: kept, it held the test's whole app (its
  // state, routes and rendered tree) for as long as the jsdom lived, which in a shared worker is every later file.
  onTestFinished(() => router.dispose());
  const result = render(
    <AppProviders
      store={store}
      queryClient={testQueryClient()}
      withSession={(children: ReactNode) =>
        session === 'api' ? (
          <ApiSessionProvider>{children}</ApiSessionProvider>
        ) : (
          <SessionProvider value={session}>{children}</SessionProvider>
        )
      }
      mantineEnv="test"
      live={live}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, store, session };
}

/** Renders one component with Mantine, the store and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { store = createTestStore(), path = '/' }: { store?: AppStore; path?: string } = {},
) {
  const result = render(
    <MantineProvider theme={theme} env="test">
      <AppStoreProvider store={store}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </AppStoreProvider>
    </MantineProvider>,
  );
  return { ...result, store };
}

/**
 * Loads every lazy page once. Call it in `beforeAll` of files that render the app, so a cold transform of the page
 * modules is not charged to the first test's time-out.
 */
export async function preloadPages(): Promise<void> {
  await Promise.all(ROUTE_TABLE.map((route) => route.load()));
}
