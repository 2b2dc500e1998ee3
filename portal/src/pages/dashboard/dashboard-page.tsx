import { Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ROUTES, type RoutePageProps } from '@/config/routes';
import { can } from '@/domain/permissions';
import { navSectionsFor } from '@/domain/route-access';
import { ROLE_LABELS, ROLE_TYPE_LABELS, roleTypeOf } from '@/domain/roles';
import { SectionErrorBoundary } from '@/shared/ui/section-error-boundary';
import { useAppState } from '@/state/store-context';

// MapLibre is large: the map arrives after the rest of the dashboard has rendered.
const RealTimeMap = lazy(() =>
  import('@/features/live-map/components/real-time-map').then((m) => ({ default: m.RealTimeMap })),
);
const FleetMap = lazy(() => import('@/features/live-map/components/fleet-map').then((m) => ({ default: m.FleetMap })));

/** The dashboard's full-height fleet map view (`?view=map`, decision 0021). */
export const FLEET_MAP_VIEW = 'map';

function FleetMapView({ title }: { title: string }) {
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
          <FleetMap />
        </Suspense>
      </SectionErrorBoundary>
    </Stack>
  );
}

/**
 * The dashboard of every role type: who you are, and a card for every area your role may open (from the route table,
 * so it never links to a page you cannot see).
 */
export function DashboardPage({ route }: RoutePageProps) {
  const user = useAppState((s) => s.auth.user);
  const permissions = useAppState((s) => s.auth.permissions);
  const [params] = useSearchParams();
  if (!user) return null;
  if (params.get('view') === FLEET_MAP_VIEW && can(permissions, 'db.map')) return <FleetMapView title={route.title} />;
  const sections = navSectionsFor(ROUTES, user.role, permissions)
    .map((s) => ({ ...s, routes: s.routes.filter((r) => r.load !== route.load) }))
    .filter((s) => s.routes.length > 0);
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {route.title}
          </Title>
          <Text size="lg">Welcome back, {user.name}.</Text>
        </Stack>
        <Group gap="xs">
          <Badge variant="light" size="lg" radius="sm">
            {ROLE_LABELS[user.role]}
          </Badge>
          <Badge variant="outline" color="gray" size="lg" radius="sm">
            {ROLE_TYPE_LABELS[roleTypeOf(user.role)]} dashboard
          </Badge>
        </Group>
      </Group>
      {can(permissions, 'db.map') ? (
        <Stack gap="sm" component="section" aria-labelledby="dash-map">
          <Group justify="space-between">
            <Text id="dash-map" tt="uppercase" fw={700} size="xs" c="dimmed">
              Real-Time Map View of Vehicle
            </Text>
            <Anchor component={Link} to={`?view=${FLEET_MAP_VIEW}`} size="sm">
              Open the fleet map
            </Anchor>
          </Group>
          <Card withBorder radius="md" padding={0} style={{ overflow: 'hidden' }}>
            <SectionErrorBoundary what="The map">
              <Suspense fallback={<Loader m="md" aria-label="Loading the map" />}>
                <RealTimeMap />
              </Suspense>
            </SectionErrorBoundary>
          </Card>
        </Stack>
      ) : null}
      {sections.length === 0 ? (
        <Text c="dimmed">Your role has no areas to open yet. Ask an administrator for access.</Text>
      ) : (
        sections.map((section) => (
          <Stack key={section.group} gap="sm" component="section" aria-labelledby={`dash-${section.group}`}>
            <Text id={`dash-${section.group}`} tt="uppercase" fw={700} size="xs" c="dimmed">
              {section.label}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
              {section.routes.map((r) => {
                const Icon = r.nav!.icon;
                return (
                  <Card key={r.id} withBorder radius="md" padding="md" component={Link} to={r.path}>
                    <Group wrap="nowrap" gap="sm">
                      <ThemeIcon variant="light" size="lg" radius="md">
                        <Icon size={20} />
                      </ThemeIcon>
                      <Stack gap={0}>
                        <Anchor component="span" fw={600} c="dark">
                          {r.nav?.label ?? r.title}
                        </Anchor>
                        {r.nav?.label && r.nav.label !== r.title ? (
                          <Text size="xs" c="dimmed">
                            {r.title}
                          </Text>
                        ) : null}
                      </Stack>
                    </Group>
                  </Card>
                );
              })}
            </SimpleGrid>
          </Stack>
        ))
      )}
    </Stack>
  );
}
