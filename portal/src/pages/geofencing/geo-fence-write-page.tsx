import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { getEnv } from '@/config/env';
import { pathOf, type RoutePageProps, routeById, paths } from '@/config/paths';
import { ACTION } from '@/domain/permissions';
import { ApiError } from '@/shared/api/api-client';
import { notify } from '@/shared/ui/notify';
import { PageHeader } from '@/shared/ui/page-header';
import { useCan } from '@/state/use-can';
import type { ApiGeofence } from '@/features/geofencing/api/geofence-types';
import { useGeofence } from '@/features/geofencing/api/get-geofence';
import { useSaveGeofence } from '@/features/geofencing/api/save-geofence';
import { AssignedVehiclesInput } from '@/features/geofencing/components/assigned-vehicles-input';
import { GeofenceEditor, type GeofenceValue } from '@/features/geofencing/components/geofence-editor';

/** A save error in one sentence a user can act on: the server's field errors when it sent them. */
function saveErrorOf(error: unknown): Error {
  if (error instanceof ApiError && error.fieldErrors) {
    return new Error(Object.values(error.fieldErrors).join(' '));
  }
  return error instanceof Error ? error : new Error(String(error));
}

function toValue(geofence: ApiGeofence): GeofenceValue {
  return {
    name: geofence.name,
    rule: geofence.rule,
    ...(geofence.dwellMinutes !== null ? { dwellMinutes: geofence.dwellMinutes } : {}),
    deliveryMethods: geofence.deliveryMethods,
    geometry: { type: 'Polygon', coordinates: geofence.geometry.coordinates },
  };
}

function GeofenceEditorForm({ geofence }: { geofence: ApiGeofence | null }) {
  const navigate = useNavigate();
  const save = useSaveGeofence(geofence?.id ?? null);
  const [vehicleIds, setVehicleIds] = useState<string[]>(geofence?.vehicleIds ?? []);

  const handleSubmit = async (value: GeofenceValue) => {
    try {
      const saved = await save.mutateAsync({ ...value, dwellMinutes: value.dwellMinutes ?? null, vehicleIds });
      notify.success(geofence ? `Geofence ${saved.name} saved` : `Geofence ${saved.name} created`);
      navigate(paths.geoFencing.href());
    } catch (error) {
      throw saveErrorOf(error);
    }
  };

  return (
    <GeofenceEditor
      initialValue={geofence ? toValue(geofence) : undefined}
      onSubmit={handleSubmit}
      submitLabel={geofence ? 'Save geofence' : 'Create geofence'}
      mapStyleUrl={getEnv().mapStyleUrl}
      extraFields={<AssignedVehiclesInput value={vehicleIds} onChange={setVehicleIds} />}
    />
  );
}

/** Draw a geofence and its rule: a new one, or the one named by `?id=`. */
export function GeoFenceWritePage({ route }: RoutePageProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const can = useCan();
  const geofence = useGeofence(id);
  const listPath = pathOf(routeById('geo-fencing'));

  const back = (
    <Anchor component={Link} to={listPath} size="sm">
      Back to geofences
    </Anchor>
  );

  if (id && !can('gr', ACTION.UPDATE)) {
    return (
      <>
        <PageHeader title={route.title} />
        <Alert color="red" role="alert" title="Not allowed">
          Your role may not edit geofences. {back}
        </Alert>
      </>
    );
  }

  return (
    <Stack gap={0}>
      <PageHeader
        title={id ? `Edit ${geofence.data?.name ?? 'geofence'}` : 'New geofence'}
        description="Draw the area on the map (polygon, circle or rectangle), then choose its rule and who is alerted."
        actions={back}
      />
      {!id ? (
        <GeofenceEditorForm geofence={null} />
      ) : geofence.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading geofence" />
        </Center>
      ) : geofence.isError ? (
        <Alert color="red" role="alert" title="The geofence could not be loaded">
          {geofence.error.message} {back}
        </Alert>
      ) : (
        <GeofenceEditorForm key={geofence.data.id} geofence={geofence.data} />
      )}
    </Stack>
  );
}
