import type { ReactNode } from 'react';
import { data, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router-dom';
import { guardRoute, loginPathFor, safeReturnTo, type Viewer } from '@/domain/route-access';
import { dashboardPathFor } from '@/domain/roles';
import type { AppStore } from '@/state/app-store';
import { FullPageLoader } from '@/shared/ui/full-page-loader';
import { RootLayout } from './shell/root-layout';
import { type LoadableRoute, loadableRoute, ROUTE_TABLE } from './route-table';
import { PageRouteError, RootRouteError } from './shell/route-error';

export interface CreateAppRoutesOptions {
  store: AppStore;
  /** Include demo-only routes (the crash route). Defaults to the demo build flag. */
  includeDemoRoutes?: boolean;
  headerExtras?: ReactNode;
}

/**
 * The router's route objects, built from the one route table: every page gets its guard (a loader that redirects a
 * visitor to login with a return path, and answers 403 to a user without the permission), its title (the handle) and
 * its lazily loaded page.
 */
export function createAppRoutes({
  store,
  includeDemoRoutes = __DEMO__,
  headerExtras,
}: CreateAppRoutesOptions): RouteObject[] {
  const viewer = (): Viewer => {
    const { auth } = store.getState();
    return { isAuthenticated: auth.isAuthenticated, role: auth.user?.role ?? null, permissions: auth.permissions };
  };

  const guard =
    (route: LoadableRoute) =>
    ({ request }: LoaderFunctionArgs) => {
      const url = new URL(request.url);
      const decision = guardRoute(route, viewer(), url.searchParams);
      if (decision === 'login') throw redirect(loginPathFor(url.pathname + url.search));
      if (decision === 'forbidden') throw data('Forbidden', { status: 403 });
      return null;
    };

  const page = (route: LoadableRoute, path = route.path): RouteObject => ({
    path,
    handle: { route },
    loader: guard(route),
    errorElement: <PageRouteError />,
    lazy: async () => {
      const { Component } = await route.load();
      return { element: <Component route={route} /> };
    },
  });

  const login = loadableRoute('login');
  const protectedRoutes = ROUTE_TABLE.filter((r) => !r.public && (includeDemoRoutes || !r.demoOnly));

  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RootRouteError />,
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        {
          ...page(login),
          loader: ({ request }) => {
            const { user, isAuthenticated } = store.getState().auth;
            if (isAuthenticated && user) {
              const returnTo = safeReturnTo(new URL(request.url).searchParams.get('returnTo'));
              throw redirect(returnTo ?? dashboardPathFor(user.role));
            }
            return null;
          },
        },
        {
          index: true,
          loader: () => {
            const { user, isAuthenticated } = store.getState().auth;
            throw redirect(isAuthenticated && user ? dashboardPathFor(user.role) : '/login');
          },
        },
        {
          // The signed-in shell (header, navigation, menus) loads with the first protected page, not with the entry
          // chunk: the login page does not need it (issue 37 item 11). Its chunk loads beside the page's.
          lazy: async () => {
            const { AppLayout } = await import('./shell/app-layout');
            return { element: <AppLayout headerExtras={headerExtras} /> };
          },
          children: [...protectedRoutes.map((r) => page(r)), page(loadableRoute('not-found'), '*')],
        },
      ],
    },
  ];
}
