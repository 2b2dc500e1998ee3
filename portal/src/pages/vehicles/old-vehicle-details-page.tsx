import { Alert, Anchor, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import type { RoutePageProps } from '@/config/paths';
import { paths } from '@/config/paths';
import { toApiError } from '@/shared/api/api-client';
import { PageHeader } from '@/shared/ui/page-header';
import { useVehicle } from '@/features/vehicles/details/api/get-vehicle';
import {
  LastLocation,
  LinkedDevices,
  VehicleIdentity,
  VehicleStats,
} from '@/features/vehicles/details/vehicle-overview';

/** The legacy vehicle details view: one read-only column of the overview, no tabs and no actions. */
export function OldVehicleDetailsPage({ route }: RoutePageProps) {
  const { id = '' } = useParams();
  const query = useVehicle(id);
  return (
    <>
      <PageHeader title={route.title} description="The legacy vehicle details view, read-only." />
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading vehicle" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" title="The vehicle could not be loaded" role="alert">
          {toApiError(query.error).message}
        </Alert>
      ) : (
        <Stack maw={900}>
          <Text size="sm">
            This is the previous layout.{' '}
            <Anchor component={Link} to={paths.vehicleDetails.href(id)}>
              Open the current vehicle details
            </Anchor>
          </Text>
          <VehicleStats vehicle={query.data} live={null} />
          {(
            [
              ['Vehicle', <VehicleIdentity key="i" vehicle={query.data} />],
              ['Devices', <LinkedDevices key="d" vehicle={query.data} />],
              ['Location', <LastLocation key="l" vehicle={query.data} live={null} />],
            ] as const
          ).map(([title, content]) => (
            <Card key={title} withBorder radius="sm">
              <Title order={2} size="h5" mb="xs">
                {title}
              </Title>
              {content}
            </Card>
          ))}
        </Stack>
      )}
    </>
  );
}
