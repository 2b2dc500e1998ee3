import { useMatches } from 'react-router-dom';
import type { AppRoute } from '@/config/paths';

export interface RouteHandle {
  route: AppRoute;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The table row of the deepest matched route, if any. */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return undefined;
}

/** The title of the current route from the route table. */
export function useRouteTitle(): string | undefined {
  return useCurrentRoute()?.title;
}
