import { Alert, Button, Card, Center, Grid, Group, Loader, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { pathOf, type RoutePageProps, routeById } from '@/config/paths';
import { ACTION } from '@/domain/permissions';
import { notify } from '@/shared/ui/notify';
import { PageHeader } from '@/shared/ui/page-header';
import { useCan } from '@/state/use-can';
import { useDeleteGeofence } from '@/features/geofencing/api/delete-geofence';
import type { ApiGeofence } from '@/features/geofencing/api/geofence-types';
import { GEOFENCE_PAGE_SIZE, useGeofences } from '@/features/geofencing/api/get-geofences';
import { DeleteGeofenceDialog } from '@/features/geofencing/components/delete-geofence-dialog';
import { type GeofenceAlertRule, GeofenceLiveEvents } from '@/features/geofencing/components/geofence-live-events';
import { GeofenceTable } from '@/features/geofencing/components/geofence-table';

/** The editor's path for a geofence (`?id=`), or for a new one. */
export function geofenceEditorPath(id?: string): string {
  const path = pathOf(routeById('geo-fencing-write'));
  return id ? `${path}?id=${encodeURIComponent(id)}` : path;
}

/** Geofences and the vehicles they watch: search, edit, delete, and enter / exit events live. */
export function GeoFencingPage({ route }: RoutePageProps) {
  const can = useCan();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const geofences = useGeofences(q, page);
  const [toDelete, setToDelete] = useState<ApiGeofence | null>(null);
  const deletion = useDeleteGeofence();
  const mayAdd = can('gr', ACTION.ADD);
  const mayEdit = can('gr', ACTION.UPDATE);
  const mayDelete = can('gr', ACTION.DELETE);

  const rules = useMemo(
    () =>
      new Map<string, GeofenceAlertRule>(
        (geofences.data?.items ?? []).map((g) => [g.id, { rule: g.rule, deliveryMethods: g.deliveryMethods }]),
      ),
    [geofences.data],
  );

  const handleSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  const handleConfirmDelete = () => {
    if (!toDelete) return;
    const { name } = toDelete;
    deletion.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        notify.success(`Geofence ${name} deleted`);
      },
    });
  };

  const handleCancelDelete = () => {
    setToDelete(null);
    deletion.reset();
  };

  const data = geofences.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / GEOFENCE_PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeader
        title={route.title}
        description="Geofences and the vehicles they watch."
        actions={
          mayAdd ? (
            <Button component={Link} to={geofenceEditorPath()} leftSection={<IconPlus size={16} />}>
              New geofence
            </Button>
          ) : undefined
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card withBorder radius="md" padding="md">
            <Stack gap="md">
              <TextInput
                label="Search geofences"
                placeholder="Name"
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(event) => handleSearch(event.currentTarget.value)}
                maw={360}
              />
              {geofences.isPending ? (
                <Center py="xl">
                  <Loader aria-label="Loading geofences" />
                </Center>
              ) : geofences.isError ? (
                <Alert color="red" role="alert" title="Geofences could not be loaded">
                  {geofences.error.message}
                </Alert>
              ) : data && data.items.length === 0 ? (
                <Text c="dimmed" py="lg" ta="center">
                  {q ? `No geofence matches "${q}".` : 'No geofences yet. Draw one to start watching an area.'}
                </Text>
              ) : data ? (
                <>
                  <GeofenceTable
                    geofences={data.items}
                    editPathOf={mayEdit ? (g) => geofenceEditorPath(g.id) : null}
                    onDelete={mayDelete ? setToDelete : undefined}
                  />
                  <Group justify="space-between">
                    <Text size="sm" c="dimmed">
                      {data.total} geofence{data.total === 1 ? '' : 's'}
                    </Text>
                    {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
                  </Group>
                </>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <GeofenceLiveEvents rules={rules} />
        </Grid.Col>
      </Grid>
      <DeleteGeofenceDialog
        geofence={toDelete}
        deleting={deletion.isPending}
        error={deletion.isError ? deletion.error.message : null}
        onConfirm={handleConfirmDelete}
        onCancel={handleCancelDelete}
      />
    </>
  );
}
