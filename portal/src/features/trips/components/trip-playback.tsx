import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  SegmentedControl,
  Slider,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconPlayerSkipBack } from '@tabler/icons-react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getEnv } from '@/config/env';
import type { components } from '@/domain/api-schema';
import { useAppState, useAppStoreApi } from '@/state/store-context';
import { type TripRoute, useTripRoute } from '../api/get-trip-route';
import { advance, PLAYBACK_SPEEDS, sampleAt, speedOf } from './playback-clock';
import { TripCharts } from './trip-charts';
import { TripRouteMap } from './trip-route-map';
import { formatTime } from '@/shared/lib/format';

export type ApiTrip = components['schemas']['Trip'];

export interface TripPlaybackProps {
  vehicleId: string;
  trip: ApiTrip;
  /** Called once the map is ready (browser tests and screenshots reach the map through it). */
  onMapLoad?: (map: MapLibreMap) => void;
  /** Whether to show the one-line summary (distance, time, speeds, stops); off where the page shows those already. */
  withSummary?: boolean;
}

const SPEED_OPTIONS = PLAYBACK_SPEEDS.map((s) => ({ value: String(s), label: `${s}x` }));

/** Whether a key press belongs to a control that uses Space itself (typing, buttons, checkboxes). */
function ownsSpace(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'].includes(target.tagName) || target.getAttribute('role') === 'button';
}

function Playback({
  trip,
  route,
  onMapLoad,
  withSummary,
}: {
  trip: ApiTrip;
  route: TripRoute;
  onMapLoad?: (map: MapLibreMap) => void;
  withSummary: boolean;
}) {
  const { points, stops } = route;
  const startT = points[0]!.t;
  const endT = points.at(-1)!.t;
  const store = useAppStoreApi();
  const speed = speedOf(useAppState((s) => s.vehicle.activeOffset));
  const [t, setT] = useState(startT);
  const [playing, setPlaying] = useState(false);
  const tRef = useRef(t);
  tRef.current = t;
  const sample = useMemo(() => sampleAt(points, t), [points, t]);

  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const next = advance(tRef.current, now - last, speed, endT);
      last = now;
      setT(next);
      if (next >= endT) setPlaying(false);
      else frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, endT]);

  const handleTogglePlay = useCallback(() => {
    setPlaying((wasPlaying) => {
      // Play at the end starts over.
      if (!wasPlaying && tRef.current >= endT) setT(startT);
      return !wasPlaying;
    });
  }, [endT, startT]);

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.code !== 'Space' && event.key !== ' ') return;
      if (event.defaultPrevented || ownsSpace(event.target)) return;
      event.preventDefault();
      handleTogglePlay();
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [handleTogglePlay]);

  const handleSeek = useCallback((next: number) => setT(Math.max(startT, Math.min(endT, next))), [startT, endT]);

  const handleSpeedChange = (value: string) => store.getState().setVehicle({ activeOffset: Number(value) });

  return (
    <Stack gap="md">
      {withSummary ? (
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            <b>{trip.distanceKm} km</b> in {trip.durationMin} min
          </Text>
          <Text size="sm">avg {trip.avgSpeedKmh} km/h</Text>
          <Text size="sm">max {trip.maxSpeedKmh} km/h</Text>
          <Text size="sm">
            {stops.length} stop{stops.length === 1 ? '' : 's'}
          </Text>
        </Group>
      ) : null}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <TripRouteMap
            points={points}
            stops={stops}
            sample={sample}
            mapStyleUrl={getEnv().mapStyleUrl}
            onMapLoad={onMapLoad}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <Card withBorder padding="sm" radius="md" role="group" aria-label="Position readout">
              <Text size="xs" c="dimmed">
                Playback position
              </Text>
              <Text fw={600}>{formatTime(sample?.t ?? startT)}</Text>
              <Group gap="md">
                <Text size="sm">Speed {Math.round(sample?.speedKmh ?? 0)} km/h</Text>
                <Text size="sm">SoC {Math.round(sample?.soc ?? 0)} %</Text>
              </Group>
            </Card>
            <Card withBorder padding="sm" radius="md">
              <Text size="sm" fw={600} mb={4}>
                Stops
              </Text>
              {stops.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No stops of a minute or more.
                </Text>
              ) : (
                <Stack gap={4} component="ul" aria-label="Stops" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {stops.map((stop) => (
                    <li key={stop.startedAt}>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        color="orange"
                        onClick={() => handleSeek(Date.parse(stop.startedAt))}
                      >
                        {formatTime(stop.startedAt)} · {stop.durationMin} min
                      </Button>
                    </li>
                  ))}
                </Stack>
              )}
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      <Group gap="sm" wrap="nowrap" align="center">
        <Tooltip label="Back to the start">
          <ActionIcon variant="default" size="lg" aria-label="Back to the start" onClick={() => handleSeek(startT)}>
            <IconPlayerSkipBack size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={playing ? 'Pause (Space)' : 'Play (Space)'}>
          <ActionIcon size="lg" aria-label={playing ? 'Pause' : 'Play'} onClick={handleTogglePlay}>
            {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
          </ActionIcon>
        </Tooltip>
        <Slider
          style={{ flex: 1 }}
          min={startT}
          max={endT}
          step={1000}
          value={t}
          onChange={handleSeek}
          label={(value) => formatTime(value)}
          thumbLabel="Trip position"
          aria-label="Trip position"
        />
        <SegmentedControl
          aria-label="Playback speed"
          size="xs"
          data={SPEED_OPTIONS}
          value={String(speed)}
          onChange={handleSpeedChange}
        />
      </Group>
      <TripCharts points={points} cursorT={sample?.t ?? null} onSeek={handleSeek} />
    </Stack>
  );
}

/**
 * A trip on the map: its route from telemetry history, playback with speed control and a scrubber
 * (speed kept as `activeOffset`), stops, and speed and SoC charts synchronised with the position.
 * Space plays and pauses. Used by the vehicle details' Trip Analysis tab for the selected trip.
 */
export function TripPlayback({ vehicleId, trip, onMapLoad, withSummary = true }: TripPlaybackProps) {
  const route = useTripRoute(vehicleId, trip.id);
  if (route.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the trip route" />
      </Center>
    );
  }
  if (route.isError) {
    return (
      <Alert color="red" role="alert" title="The trip route could not be loaded">
        {route.error.message}
      </Alert>
    );
  }
  if (route.data.points.length < 2) {
    return (
      <Alert color="gray" title="No route">
        This trip has no recorded positions to play back.
        {trip.status === 1 ? <Badge ml="xs">Running</Badge> : null}
      </Alert>
    );
  }
  return <Playback key={trip.id} trip={trip} route={route.data} onMapLoad={onMapLoad} withSummary={withSummary} />;
}
