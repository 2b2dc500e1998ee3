import { Anchor, Breadcrumbs, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { dashboardPathFor } from '@/domain/roles';
import { canOpen } from '@/domain/route-access';
import { type Breadcrumb, collapseBreadcrumbs, nextBreadcrumbs } from '@/state/breadcrumbs';
import { useAppState } from '@/state/store-context';
import { useCurrentRoute } from './use-route-title';

/** Error pages: shown as the current crumb, never kept in the trail. */
const ERROR_PAGES: ReadonlySet<string> = new Set(['forbidden', 'not-found']);

/**
 * The page being shown, as a crumb, and whether it belongs in the trail. A page the user may not open and an error
 * page are still the current crumb (so the trail never names the previous page as current), but are not kept.
 */
export function useCurrentCrumb(): { crumb: Breadcrumb; recordable: boolean } {
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const permissions = useAppState((s) => s.auth.permissions);
  if (!route || route.id === 'not-found')
    return { crumb: { path: pathname, title: 'Page not found' }, recordable: false };
  if (ERROR_PAGES.has(route.id)) return { crumb: { path: pathname, title: route.title }, recordable: false };
  if (!canOpen(route, permissions)) {
    return { crumb: { path: pathname, title: `${route.title} (no access)` }, recordable: false };
  }
  return { crumb: { path: pathname, title: route.title }, recordable: true };
}

const crumbText = { size: 'sm', maw: 240, truncate: 'end' } as const;

/**
 * The trail of `breadcrumb_history`, after a home crumb for the user's dashboard. The last crumb is always the page
 * being shown (also a 403 or 404); a trail longer than three crumbs folds its middle into a menu instead of wrapping.
 */
export function AppBreadcrumbs() {
  const trail = useAppState((s) => s.master.breadcrumb_history);
  const role = useAppState((s) => s.auth.user?.role);
  const current = useCurrentCrumb();
  const home = role ? dashboardPathFor(role) : '/dashboard';
  // The recorder stores the visit after this render; computing it here too keeps the current page last at once.
  const withCurrent = current.recordable ? nextBreadcrumbs(trail, current.crumb) : [...trail, current.crumb];
  const crumbs = withCurrent.filter((c) => c.path !== home);
  const earlier = crumbs.slice(0, -1);
  const last = crumbs.at(-1);
  const { head, hidden, tail } = collapseBreadcrumbs(earlier);
  const link = (crumb: Breadcrumb) => (
    <Anchor key={crumb.path} component={Link} to={crumb.path} {...crumbText}>
      {crumb.title}
    </Anchor>
  );
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'nowrap', minWidth: 0 } }}>
        {last ? (
          <Anchor component={Link} to={home} size="sm">
            Dashboard
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed" aria-current="page">
            Dashboard
          </Text>
        )}
        {head.map(link)}
        {hidden.length > 0 && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <UnstyledButton
                aria-label={hidden.length === 1 ? '1 more page' : `${hidden.length} more pages`}
                fz="sm"
                c="blue.8"
              >
                …
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {hidden.map((crumb) => (
                <Menu.Item key={crumb.path} component={Link} to={crumb.path}>
                  {crumb.title}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        {tail.map(link)}
        {last && (
          <Text c="dimmed" aria-current="page" {...crumbText}>
            {last.title}
          </Text>
        )}
      </Breadcrumbs>
    </nav>
  );
}
