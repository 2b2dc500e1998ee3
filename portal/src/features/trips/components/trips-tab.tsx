import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { TripPlayback } from '@/features/trips/components/trip-playback';
import type { components } from '@/domain/api-schema';
import { useAppState, useAppStoreApi } from '@/state/store-context';
import { useVehicleTrips } from '../api/list-vehicle-trips';
import { formatDateTime, formatDuration, formatNumber } from '@/shared/lib/format';
import { RunStatusBadge } from '@/shared/ui/run-status-badge';
import { type CompactColumn, CompactTable } from '@/shared/ui/data-table/compact-table';
import { QueryState } from '@/shared/ui/query-state';

type ApiTrip = components['schemas']['Trip'];

const PAGE_SIZE = 10;
const getTripId = (trip: ApiTrip) => trip.id;
const COLUMNS: CompactColumn<ApiTrip>[] = [
  { header: 'Started', cell: (trip) => formatDateTime(trip.startedAt) },
  { header: 'Distance', cell: (trip) => formatNumber(trip.distanceKm, 'km') },
  { header: 'Duration', cell: (trip) => formatDuration(trip.durationMin) },
  { header: 'Energy', cell: (trip) => formatNumber(trip.energyKwh, 'kWh', 2) },
  { header: 'Status', cell: (trip) => <RunStatusBadge status={trip.status} /> },
];

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
            <CompactTable
              label="Trips"
              striped={false}
              highlightOnHover
              columns={COLUMNS}
              rows={data.items}
              getRowId={getTripId}
              rowProps={(trip) => {
                const isSelected = trip.id === selectedId;
                const handleSelect = () => store.getState().setVehicle({ trip_data: isSelected ? null : trip });
                return {
                  onClick: handleSelect,
                  onKeyDown: (e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      handleSelect();
                    }
                  },
                  tabIndex: 0,
                  'aria-selected': isSelected,
                  'aria-label': `Trip of ${formatDateTime(trip.startedAt)}`,
                  style: { cursor: 'pointer' },
                  bg: isSelected ? 'var(--mantine-color-blue-light)' : undefined,
                };
              }}
              paging={{
                page,
                pageSize: PAGE_SIZE,
                total: data.total,
                onPageChange: (next) => {
                  setPage(next);
                  store.getState().setVehicle({ trip_data: null });
                },
                label: 'Trip pages',
              }}
            />
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
