import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { dashboardPathFor } from '@/domain/roles';
import { useAppState } from '@/state/store-context';

/** The trail of `breadcrumb_history`, after a home crumb for the user's dashboard; the last crumb is the current page. */
export function AppBreadcrumbs() {
  const trail = useAppState((s) => s.master.breadcrumb_history);
  const role = useAppState((s) => s.auth.user?.role);
  const home = role ? dashboardPathFor(role) : '/dashboard';
  const crumbs = trail.filter((c) => c.path !== home);
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap' } }}>
        {crumbs.length === 0 ? (
          <Text size="sm" c="dimmed" aria-current="page">
            Dashboard
          </Text>
        ) : (
          <Anchor component={Link} to={home} size="sm">
            Dashboard
          </Anchor>
        )}
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.path} size="sm" c="dimmed" aria-current="page">
              {crumb.title}
            </Text>
          ) : (
            <Anchor key={crumb.path} component={Link} to={crumb.path} size="sm">
              {crumb.title}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
