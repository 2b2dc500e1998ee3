import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LiveProvider } from '@/shared/lib/live/live-context';
import { createLiveController, type LiveController } from '@/shared/lib/live/live-controller';
import { createLiveFleet, type LiveFleet, LiveFleetProvider } from '@/shared/lib/live/live-fleet';
import type { AppStore } from '@/state/app-store';
import { AppStoreProvider } from '@/state/store-context';
import { AppToaster } from '@/shared/ui/app-toaster';
import { cssVariablesResolver, theme } from './theme';

export interface AppProvidersProps {
  store: AppStore;
  queryClient: QueryClient;
  /** Wraps the app in the session seam (`SessionProvider`): the API-backed one in the app, a double in tests. */
  withSession: (children: ReactNode) => ReactNode;
  children: ReactNode;
  /** `test` turns off Mantine's transitions and portals (unit tests). */
  mantineEnv?: 'default' | 'test';
  /** The app's live controller and fleet view; tests get an unconnected pair. */
  live?: { controller: LiveController; fleet: LiveFleet };
}

function useUnconnectedLive() {
  return useState(() => ({ controller: createLiveController({ sink: () => {} }), fleet: createLiveFleet() }))[0];
}

/** Everything a page needs around it: theme, query cache, store, session seam and the toast outlet. */
export function AppProviders({ store, queryClient, withSession, children, mantineEnv, live }: AppProvidersProps) {
  const fallbackLive = useUnconnectedLive();
  const { controller, fleet } = live ?? fallbackLive;
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={mantineEnv}
    >
      <QueryClientProvider client={queryClient}>
        <AppStoreProvider store={store}>
          <LiveProvider controller={controller}>
            <LiveFleetProvider fleet={fleet}>
              {withSession(
                <>
                  {children}
                  <AppToaster />
                </>,
              )}
            </LiveFleetProvider>
          </LiveProvider>
        </AppStoreProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
