import { Anchor, Badge, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths, type RoutePageProps } from '@/config/paths';
import { panelsAllowed } from '@/domain/dashboard-panels';
import { can } from '@/domain/permissions';
import { ROLE_LABELS, ROLE_TYPE_LABELS, roleTypeOf } from '@/domain/roles';
import { useDashboards } from '@/features/dashboards/api/dashboards';
import { DashboardGrid } from '@/features/dashboards/components/dashboard-grid';
import { TimeRangePicker } from '@/features/dashboards/components/time-range-picker';
import { useDashboardRange } from '@/features/dashboards/hooks/use-dashboard-range';
import { QueryState } from '@/shared/ui/query-state';
import { SectionErrorBoundary } from '@/shared/ui/section-error-boundary';
import { useAppState } from '@/state/store-context';
import { useVehicleDetailsHref } from './vehicle-href';
import { dashboardPanelBodies } from './panel-bodies';

// MapLibre is large: the map arrives after the rest of the dashboard has rendered.
const FleetMap = lazy(() => import('@/features/live-map/components/fleet-map').then((m) => ({ default: m.FleetMap })));

/** The dashboard's full-height fleet map view (`?view=map`, decision 0021). */
export const FLEET_MAP_VIEW = 'map';

function FleetMapView({ title }: { title: string }) {
  const vehicleHref = useVehicleDetailsHref();
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {title}: Fleet map
        </Title>
        <Anchor component={Link} to="?" size="sm">
          Back to the dashboard
        </Anchor>
      </Group>
      <SectionErrorBoundary what="The fleet map">
        <Suspense fallback={<Loader m="md" aria-label="Loading the fleet map" />}>
          <FleetMap vehicleHref={vehicleHref} />
        </Suspense>
      </SectionErrorBoundary>
    </Stack>
  );
}

/**
 * The dashboard of every role type (issue 22): the caller's dashboards (their role default until they configure
 * their own), made of panels each guarded by its permission key, under one time range.
 */
export function DashboardPage({ route }: RoutePageProps) {
  const user = useAppState((s) => s.auth.user);
  const permissions = useAppState((s) => s.auth.permissions);
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useDashboardRange();
  const allowed = useMemo(() => new Set(panelsAllowed(permissions).map((p) => p.id)), [permissions]);
  const dashboards = useDashboards();
  if (!user) return null;
  if (params.get('view') === FLEET_MAP_VIEW && can(permissions, 'db.map')) return <FleetMapView title={route.title} />;
  const list = dashboards.data ?? [];
  const selected = list.find((d) => d.id === params.get('d')) ?? list[0];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {route.title}
          </Title>
          <Group gap="xs">
            <Text>Welcome back, {user.name}.</Text>
            <Badge variant="light" radius="sm">
              {ROLE_LABELS[user.role]}
            </Badge>
            <Badge variant="outline" color="gray" radius="sm">
              {ROLE_TYPE_LABELS[roleTypeOf(user.role)]} dashboard
            </Badge>
          </Group>
        </Stack>
        <Group gap="sm" align="flex-end">
          {list.length > 1 && selected ? (
            <Select
              label="Dashboard"
              data={list.map((d) => ({ value: d.id, label: d.name }))}
              value={selected.id}
              allowDeselect={false}
              onChange={(id) =>
                setParams(
                  (p) => {
                    if (id) p.set('d', id);
                    return p;
                  },
                  { replace: true },
                )
              }
              w={220}
            />
          ) : null}
          <TimeRangePicker value={range} onChange={setRange} />
          {can(permissions, 'dc') ? (
            <Button
              component={Link}
              to={paths.dashboardConfiguration.href()}
              variant="default"
              leftSection={<IconLayoutDashboard size={16} />}
            >
              Configure
            </Button>
          ) : null}
        </Group>
      </Group>
      <QueryState
        query={dashboards}
        what="your dashboard"
        isEmpty={() => !selected || selected.panels.every((p) => !allowed.has(p.panel))}
        emptyText="This dashboard has no panels your role may see. Add panels on the Dashboard Configuration page."
      >
        {() =>
          selected ? (
            <>
              {list.length === 1 ? (
                <Text size="sm" c="dimmed">
                  {selected.name}
                  {selected.builtIn ? ' (the default for your role)' : ''}
                </Text>
              ) : null}
              <DashboardGrid panels={selected.panels} range={range} bodies={dashboardPanelBodies} allowed={allowed} />
            </>
          ) : null
        }
      </QueryState>
    </Stack>
  );
}
