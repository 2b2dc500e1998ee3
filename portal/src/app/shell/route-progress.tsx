import { Box, Loader, Progress } from '@mantine/core';
import { type ContextType, useCallback, useContext, useSyncExternalStore } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigation } from 'react-router-dom';

type Router = NonNullable<ContextType<typeof UNSAFE_DataRouterContext>>['router'];

const noRouter = {
  subscribe: () => () => {},
  state: null,
};

/**
 * Whether a route change is under way, from its first moment until the new page is on screen.
 *
 * The router renders its state in React transitions: a change whose guard answers at once goes from "loading" to the
 * new location before React commits "loading", and the new page then renders in the background while the old one
 * stays on screen (issue 18 item 9: ~340 ms under load, with no spinner). So the router's own state is read
 * outside the transition (`useSyncExternalStore` renders synchronously): a change is pending while the router is
 * loading, or while its location is not yet the one this tree has committed.
 */
function useRouteChangePending(): boolean {
  const router: Pick<Router, 'subscribe'> & { state: Router['state'] | null } =
    useContext(UNSAFE_DataRouterContext)?.router ?? noRouter;
  const subscribe = useCallback((onChange: () => void) => router.subscribe(onChange), [router]);
  const latest = useSyncExternalStore(subscribe, () => router.state);
  const committed = useLocation();
  const navigation = useNavigation();
  if (navigation.state !== 'idle') return true;
  if (!latest) return false;
  return latest.navigation.state !== 'idle' || latest.location.key !== committed.key;
}

/**
 * The route-change spinner: shown from the start of a change (lazy code, guard, and the new page's render) until
 * the new page is committed, and gone when the change fails (the router returns to idle on the failing route).
 */
export function RouteProgress() {
  if (!useRouteChangePending()) return null;
  return (
    <Box role="status" aria-label="Loading page" data-testid="route-progress">
      <Progress
        value={100}
        animated
        size={3}
        radius={0}
        pos="fixed"
        top={0}
        left={0}
        right={0}
        style={{ zIndex: 1000 }}
      />
      <Loader size="sm" pos="fixed" top={14} right={16} style={{ zIndex: 1000 }} />
    </Box>
  );
}
