import { Card, Pagination, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { TripPlayback } from '@/features/trips/components/trip-playback';
import type { components } from '@/domain/api-schema';
import { useAppState, useAppStoreApi } from '@/state/store-context';
import { useVehicleTrips } from '../api/list-vehicle-trips';
import { formatDateTime, formatDuration, formatNumber } from '@/shared/lib/format';
import { RunStatusBadge } from '@/shared/ui/run-status-badge';
import { QueryState } from '@/shared/ui/query-state';

type ApiTrip = components['schemas']['Trip'];

const PAGE_SIZE = 10;

function TripDetail({ vehicleId, trip }: { vehicleId: string; trip: ApiTrip }) {
  return (
    <Card withBorder radius="md" aria-label="Trip detail" component="section">
      <Title order={3} size="h5" mb="sm">
        Trip of {formatDateTime(trip.startedAt)}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} mb="md">
        {[
          ['Status', <RunStatusBadge key="s" status={trip.status} />],
          ['Distance', formatNumber(trip.distanceKm, 'km')],
          ['Duration', formatDuration(trip.durationMin)],
          ['Energy', formatNumber(trip.energyKwh, 'kWh', 2)],
          ['Average speed', formatNumber(trip.avgSpeedKmh, 'km/h', 0)],
          ['Top speed', formatNumber(trip.maxSpeedKmh, 'km/h', 0)],
          ['Start', `${trip.start.lat.toFixed(4)}, ${trip.start.lng.toFixed(4)}`],
          ['End', trip.endedAt ? `${trip.end.lat.toFixed(4)}, ${trip.end.lng.toFixed(4)}` : 'Still running'],
        ].map(([label, value]) => (
          <div key={String(label)}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={500} component="div">
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <TripPlayback vehicleId={vehicleId} trip={trip} withSummary={false} />
    </Card>
  );
}

/** Trip Analysis: the vehicle's trips with distance, duration, energy and status; selecting one shows its detail. */
export function TripsTab({ vehicleId }: { vehicleId: string }) {
  const [page, setPage] = useState(1);
  const store = useAppStoreApi();
  // The selected trip is `trip_data`; `activeTripIndex` belongs to its playback (the recorded point on screen).
  const selectedId = useAppState((s) => s.vehicle.trip_data?.id ?? null);
  const query = useVehicleTrips({ vehicleId, page, pageSize: PAGE_SIZE });

  return (
    <QueryState
      query={query}
      what="trips"
      isEmpty={(d) => d.items.length === 0}
      emptyText="This vehicle has no trips yet."
    >
      {(data) => {
        const selected = selectedId === null ? undefined : data.items.find((trip) => trip.id === selectedId);
        return (
          <Stack>
            <Table highlightOnHover aria-label="Trips">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>Distance</Table.Th>
                  <Table.Th>Duration</Table.Th>
                  <Table.Th>Energy</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((trip) => {
                  const isSelected = trip.id === selectedId;
                  const handleSelect = () => store.getState().setVehicle({ trip_data: isSelected ? null : trip });
                  return (
                    <Table.Tr
                      key={trip.id}
                      onClick={handleSelect}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter' || e.key === ' ') {
                          e.preventDefault();
                          handleSelect();
                        }
                      }}
                      tabIndex={0}
                      aria-selected={isSelected}
                      aria-label={`Trip of ${formatDateTime(trip.startedAt)}`}
                      style={{ cursor: 'pointer' }}
                      bg={isSelected ? 'var(--mantine-color-blue-light)' : undefined}
                    >
                      <Table.Td>{formatDateTime(trip.startedAt)}</Table.Td>
                      <Table.Td>{formatNumber(trip.distanceKm, 'km')}</Table.Td>
                      <Table.Td>{formatDuration(trip.durationMin)}</Table.Td>
                      <Table.Td>{formatNumber(trip.energyKwh, 'kWh', 2)}</Table.Td>
                      <Table.Td>
                        <RunStatusBadge status={trip.status} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            {data.total > PAGE_SIZE ? (
              <Pagination
                total={Math.ceil(data.total / PAGE_SIZE)}
                value={page}
                onChange={(next) => {
                  setPage(next);
                  store.getState().setVehicle({ trip_data: null });
                }}
                aria-label="Trip pages"
              />
            ) : null}
            {selected ? (
              <TripDetail vehicleId={vehicleId} trip={selected} />
            ) : (
              <Text size="sm" c="dimmed">
                Select a trip to see its detail.
              </Text>
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
