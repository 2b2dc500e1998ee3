import '@mantine/core/styles.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { getEnv, loadRuntimeConfig } from '@/config/env';
import { loginPathFor } from '@/domain/route-access';
import { setAuthTokenGetter, setUnauthorizedHandler } from '@/shared/api/api-client';
import { createQueryClient } from '@/shared/api/query-client';
import { createLiveFleet } from '@/shared/lib/live/live-fleet';
import { notify } from '@/shared/ui/notify';
import { restoreAppStore, useAppStore } from '@/state/app-store';
import { ApiSessionProvider } from './api-session-provider';
import { AppProviders } from './providers';
import { createAppLiveController, LiveSession } from './live-wiring';
import { createAppRoutes } from './router';
import { AppErrorBoundary } from './shell/app-error-boundary';
import { loadThirdPartyTags, tagConfigOf } from './third-party-tags';

/** The header's live badge: with the shell, not the entry chunk (its tooltip was the entry's one floating element). */
const LiveBadge = lazy(() => import('./live-badge').then((m) => ({ default: m.LiveBadge })));

/** Starts the portal: demo network (demo builds only), restored session, API wiring, then the first render. */
async function boot(root: HTMLElement) {
  await loadRuntimeConfig();
  if (__DEMO__) {
    const { startDemoWorker } = await import('@/mocks/browser');
    await startDemoWorker();
  }
  // Nothing renders before the session is restored (or the 5000 ms restore time-out has passed).
  await restoreAppStore(useAppStore);

  const queryClient = createQueryClient();
  const fleet = createLiveFleet();
  const live = createAppLiveController(useAppStore, fleet);
  const router = createBrowserRouter(
    createAppRoutes({
      store: useAppStore,
      headerExtras: (
        <Suspense fallback={null}>
          <LiveBadge />
        </Suspense>
      ),
    }),
  );
  setAuthTokenGetter(() => useAppStore.getState().auth.token);
  setUnauthorizedHandler(() => {
    // A 401 on the login form is a wrong password, not an ended session.
    if (!useAppStore.getState().auth.isAuthenticated) return;
    const { pathname, search } = router.state.location;
    useAppStore.getState().logout();
    queryClient.clear();
    notify.warning('Your session has ended', { description: 'Sign in again to continue where you were.' });
    void router.navigate(loginPathFor(pathname + search), { replace: true });
  });
  loadThirdPartyTags(tagConfigOf(import.meta.env, getEnv(), window.location.href));

  createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary>
        <AppProviders
          store={useAppStore}
          queryClient={queryClient}
          withSession={(children) => <ApiSessionProvider>{children}</ApiSessionProvider>}
          live={{ controller: live, fleet }}
        >
          <LiveSession />
          <RouterProvider router={router} />
        </AppProviders>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (root) void boot(root);
