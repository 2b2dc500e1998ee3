import { Autocomplete, Badge, Chip, Group, Paper, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { getEnv } from '@/config/env';
import { useLiveFleet } from '@/shared/lib/live/live-fleet';
import { type Bounds, viewportTopics } from '@/shared/lib/live/topics';
import { useLiveInterest } from '@/shared/lib/live/use-live-interest';
import { ALL_STATE_GROUPS, countByGroup, filterByGroups, searchVehicleIds } from './fleet-map-filter';
import { LiveMap } from './live-map';
import { MapVehicleList } from './map-vehicle-list';
import { applyTelemetryBatch } from './to-live-map-vehicle';
import type { LiveMapVehicle } from './vehicle-motion';
import { STATE_GROUP_COLOUR, STATE_GROUP_LABEL, type StateGroup, stateGroupOf } from './vehicle-state-style';

export interface FleetMapProps {
  /** CSS height of the map (the page gives it the full height left under the header). */
  height?: number | string;
  /** A vehicle's details page when the user may open it (card and list link to it). */
  vehicleHref?: ((vehicleId: string) => string) | null;
}

/**
 * The fleet map: every vehicle the user's live credentials may see (the broker scopes them), with a state filter,
 * a search that finds a vehicle and follows it, and the vehicle card. Subscribes to its viewport only.
 */
export function FleetMap({ height = 'max(420px, calc(100dvh - 300px))', vehicleHref }: FleetMapProps) {
  const [bounds, setBounds] = useState<Bounds | null>(null);
  const topics = useMemo(() => (bounds ? viewportTopics(bounds) : []), [bounds]);
  useLiveInterest('fleet-map', topics);
  const fleet = useLiveFleet();
  const vehiclesRef = useRef<ReadonlyMap<string, LiveMapVehicle>>(new Map());
  const vehicles = useMemo(() => {
    vehiclesRef.current = applyTelemetryBatch(vehiclesRef.current, [...fleet.values()]);
    return vehiclesRef.current;
  }, [fleet]);
  const [shown, setShown] = useState<string[]>([...ALL_STATE_GROUPS]);
  const shownSet = useMemo(() => new Set(shown as StateGroup[]), [shown]);
  const visible = useMemo(() => filterByGroups(vehicles, shownSet), [vehicles, shownSet]);
  const counts = useMemo(() => countByGroup(vehicles), [vehicles]);
  const [search, setSearch] = useState('');
  const [focus, setFocus] = useState<{ vehicleId: string } | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  // Keyed by content: live batches re-create the list every frame, the options only change when the matches do.
  const optionsKey = searchVehicleIds(vehicles, search).join('\n');
  const options = useMemo(() => (optionsKey ? optionsKey.split('\n') : []), [optionsKey]);

  const handleFind = (id: string) => {
    const vehicle = vehicles.get(id);
    if (!vehicle) {
      setNotFound(id);
      return;
    }
    setNotFound(null);
    // A vehicle hidden by the filter is shown again, so following it never looks at an empty spot.
    const group = stateGroupOf(vehicle.stateCode);
    if (!shownSet.has(group)) setShown((current) => [...current, group]);
    setFocus({ vehicleId: id });
  };

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Chip.Group multiple value={shown} onChange={setShown}>
            <Group gap={6} role="group" aria-label="Vehicle states shown">
              {ALL_STATE_GROUPS.map((group) => (
                <Chip key={group} value={group} size="sm" color={STATE_GROUP_COLOUR[group]} variant="light">
                  {STATE_GROUP_LABEL[group]} ({counts[group]})
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Group gap="sm" wrap="nowrap">
            <Autocomplete
              aria-label="Find a vehicle"
              // The demo's product tour (the widget's checklist starts it) points here.
              data-demo-tour="search"
              placeholder="Find a vehicle"
              leftSection={<IconSearch size={16} />}
              data={options}
              value={search}
              onChange={setSearch}
              onOptionSubmit={handleFind}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && search.trim() && !options.includes(search.trim()))
                  handleFind(search.trim());
              }}
              w={240}
              limit={20}
            />
            {/* After the search, so that its changing width never moves the search box and its options. */}
            <Badge variant="light" color="gray" size="lg" radius="sm" miw={170}>
              {visible.size} of {vehicles.size} on the map
            </Badge>
          </Group>
        </Group>
        {notFound && (
          <Text size="sm" c="red" mt={6} role="alert">
            {notFound} has sent no position to this map yet.
          </Text>
        )}
      </Paper>
      <LiveMap
        vehicles={visible}
        onViewportChange={setBounds}
        height={height}
        mapStyleUrl={getEnv().mapStyleUrl}
        focus={focus}
        vehicleHref={vehicleHref}
      />
      <MapVehicleList vehicles={visible} onShow={handleFind} vehicleHref={vehicleHref} />
    </Stack>
  );
}
