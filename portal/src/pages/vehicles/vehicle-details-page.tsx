import { Alert, Badge, Center, Group, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import type { RoutePageProps } from '@/config/paths';
import { VEHICLE_TABS } from '@/domain/tab-sets';
import { toApiError } from '@/shared/api/api-client';
import { PageHeader } from '@/shared/ui/page-header';
import { UrlTabs } from '@/shared/ui/url-tabs';
import { useAppStoreApi } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { useVehicle } from '@/features/vehicles/details/api/get-vehicle';
import { useVehicleLive } from '@/features/vehicles/details/use-vehicle-live';
import { OpenTicketButton } from '@/features/tickets/components/open-ticket-button';
import { useLiveFaults } from '@/features/faults/hooks/use-live-faults';
import { VehicleTabPanel } from './vehicle-detail-tabs';

/** Vehicle details: the 8 tabs of spec §2, each shown only with its permission key; the current tab is `?tab=`. */
export function VehicleDetailsPage({ route }: RoutePageProps) {
  const { id = '' } = useParams();
  const can = useCan();
  const tabs = VEHICLE_TABS.filter((tab) => can(tab.permission));
  const query = useVehicle(id);
  const store = useAppStoreApi();
  const shownId = query.data?.id;
  // The details tabs show this vehicle's overall info: it is the chosen one, and a BMS or MCU chosen before is not.
  useEffect(() => {
    if (shownId) store.getState().setOverallInfo('vehicle', shownId);
  }, [store, shownId]);
  const live = useVehicleLive('vehicle-details', id);
  // A fault raised live is announced, and the faults tab shows it, for a role that may see the faults tab.
  useLiveFaults(tabs.some((tab) => tab.id === 'faults') ? id : null);

  return (
    <>
      <PageHeader
        title={route.title}
        description={
          query.data ? `${query.data.names?.model ?? query.data.modelId} · ${query.data.registrationNumber}` : undefined
        }
        actions={
          <Group gap="xs">
            {query.data ? <OpenTicketButton vehicleId={query.data.id} source="vehicle" /> : null}
            {live ? (
              <Badge color="green" variant="dot" size="lg">
                Live
              </Badge>
            ) : null}
            <Badge variant="light" size="lg" radius="sm">
              ID {id}
            </Badge>
          </Group>
        }
      />
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading vehicle" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" title="The vehicle could not be loaded" role="alert">
          {toApiError(query.error).message}
        </Alert>
      ) : tabs.length === 0 ? (
        <Alert color="gray" title="Nothing to show">
          Your role has no access to any tab of this page.
        </Alert>
      ) : (
        <UrlTabs
          label="Vehicle details"
          tabs={tabs}
          renderPanel={(tab) => <VehicleTabPanel tabId={tab.id} vehicle={query.data} live={live} />}
        />
      )}
    </>
  );
}
