import { Stack, Table } from '@mantine/core';
import { SAVED_LOCATION_KIND_LABELS } from '@/domain/enums';
import { LocationAnalysisMap } from '@/features/locations/components/location-analysis-map';
import { useVehicleLocations } from '../api/list-vehicle-locations';
import { formatDateTime } from '@/shared/lib/format';
import { QueryState } from '@/shared/ui/query-state';

/** Location Analysis: saved locations (Home, Office, Most frequent) with visit counts, as a table and on the map. */
export function LocationAnalysisTab({ vehicleId }: { vehicleId: string }) {
  const query = useVehicleLocations(vehicleId);
  return (
    <QueryState
      query={query}
      what="saved locations"
      isEmpty={(d) => d.length === 0}
      emptyText="No saved locations yet."
    >
      {(locations) => (
        <Stack>
          <Table striped aria-label="Saved locations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Position</Table.Th>
                <Table.Th>Visits</Table.Th>
                <Table.Th>Last visit</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...locations]
                .sort((a, b) => a.kind - b.kind || b.visitCount - a.visitCount)
                .map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{SAVED_LOCATION_KIND_LABELS[l.kind]}</Table.Td>
                    <Table.Td>{l.name}</Table.Td>
                    <Table.Td>
                      {l.location.lat.toFixed(4)}, {l.location.lng.toFixed(4)}
                    </Table.Td>
                    <Table.Td>{l.visitCount}</Table.Td>
                    <Table.Td>{formatDateTime(l.lastVisitedAt)}</Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
          <LocationAnalysisMap vehicleId={vehicleId} locations={locations} />
        </Stack>
      )}
    </QueryState>
  );
}
