import { Anchor, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useState } from 'react';
import { vehicleStateLabel } from '@/domain/enums';
import { formatNumber, formatTime } from '@/shared/lib/format';
import type { LiveMapVehicles } from './vehicle-motion';

/** Rows the list shows at once; beyond it the search finds a vehicle (a screen reader gains nothing from 10,000 rows). */
export const MAP_LIST_LIMIT = 100;

export interface MapVehicleListProps {
  vehicles: LiveMapVehicles;
  /** Centres the map on a vehicle and follows it, as the search does. */
  onShow: (vehicleId: string) => void;
  /** A vehicle's details page when the user may open it; none: ids are plain text. */
  vehicleHref?: ((vehicleId: string) => string) | null;
}

/**
 * The map's vehicles as a table (WCAG 1.1.1): what a sighted user reads off the markers (state, charge, speed, position,
 * time of the reading) for keyboard and screen-reader users, behind a disclosure button so it costs nothing when closed.
 */
export function MapVehicleList({ vehicles, onShow, vehicleHref }: MapVehicleListProps) {
  const [open, setOpen] = useState(false);
  const ids = open ? [...vehicles.keys()].sort().slice(0, MAP_LIST_LIMIT) : [];
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        aria-expanded={open}
        aria-controls="map-vehicle-list"
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide the vehicles as a list' : 'Show the vehicles as a list'}
      </Button>
      {open ? (
        <div id="map-vehicle-list">
          {vehicles.size === 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              No vehicle on the map matches the states shown.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640} mah={360} mt="xs">
              <Table striped withTableBorder stickyHeader fz="sm">
                <caption>
                  {vehicles.size > MAP_LIST_LIMIT
                    ? `The first ${MAP_LIST_LIMIT} of ${vehicles.size} vehicles on the map, by id; find others with the search.`
                    : `${vehicles.size} ${vehicles.size === 1 ? 'vehicle' : 'vehicles'} on the map, by id.`}
                </caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Vehicle</Table.Th>
                    <Table.Th scope="col">State</Table.Th>
                    <Table.Th scope="col">SoC</Table.Th>
                    <Table.Th scope="col">Speed</Table.Th>
                    <Table.Th scope="col">Position</Table.Th>
                    <Table.Th scope="col">Reading at</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Map</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {ids.map((id) => {
                    const v = vehicles.get(id);
                    if (!v) return null;
                    return (
                      <Table.Tr key={id}>
                        <Table.Th scope="row">
                          {vehicleHref ? (
                            <Anchor component={Link} to={vehicleHref(id)} size="sm">
                              {id}
                            </Anchor>
                          ) : (
                            id
                          )}
                        </Table.Th>
                        <Table.Td>{vehicleStateLabel(v.stateCode)}</Table.Td>
                        <Table.Td>{formatNumber(v.soc, '%', 0)}</Table.Td>
                        <Table.Td>{formatNumber(v.speed, 'km/h', 0)}</Table.Td>
                        <Table.Td>
                          {v.lat.toFixed(4)}, {v.lon.toFixed(4)}
                        </Table.Td>
                        <Table.Td>{formatTime(v.ts)}</Table.Td>
                        <Table.Td>
                          <Button
                            variant="light"
                            size="compact-xs"
                            onClick={() => onShow(id)}
                            aria-label={`Show ${id} on the map`}
                          >
                            Show
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </div>
      ) : null}
    </div>
  );
}
