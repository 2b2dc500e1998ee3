import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AppStore } from '@/state/app-store';
import { AppStoreProvider } from '@/state/store-context';
import { AppToaster } from '@/shared/ui/app-toaster';
import { theme } from './theme';

export interface AppProvidersProps {
  store: AppStore;
  queryClient: QueryClient;
  /** Wraps the app in the session seam (`SessionProvider`): the API-backed one in the app, a double in tests. */
  withSession: (children: ReactNode) => ReactNode;
  children: ReactNode;
  /** `test` turns off Mantine's transitions and portals (unit tests). */
  mantineEnv?: 'default' | 'test';
}

/** Everything a page needs around it: theme, query cache, store, session seam and the toast outlet. */
export function AppProviders({ store, queryClient, withSession, children, mantineEnv }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={mantineEnv}>
      <QueryClientProvider client={queryClient}>
        <AppStoreProvider store={store}>
          {withSession(
            <>
              {children}
              <AppToaster />
            </>,
          )}
        </AppStoreProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
