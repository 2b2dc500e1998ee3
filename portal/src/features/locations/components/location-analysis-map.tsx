import 'maplibre-gl/dist/maplibre-gl.css';
import { Badge, Grid, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { getEnv } from '@/config/env';
import type { components } from '@/domain/api-schema';
import { createMap } from '@/shared/ui/map/create-map';
import { MapFrame, type MapStatus } from '@/shared/ui/map/map-frame';
import { formatDateTime } from '@/shared/lib/format';

export type ApiSavedLocation = components['schemas']['SavedLocation'];

export interface LocationAnalysisMapProps {
  vehicleId: string;
  locations: readonly ApiSavedLocation[];
  /** Tests and screenshots reach the map through it. */
  onMapLoad?: (map: MapLibreMap) => void;
  height?: number | string;
}

/** Saved location kinds (spec §3) with their marker colours. */
export const LOCATION_KIND = {
  1: { label: 'Home', colour: '#2f9e44' },
  2: { label: 'Office', colour: '#1c7ed6' },
  3: { label: 'Most frequent', colour: '#e8590c' },
} as const satisfies Record<ApiSavedLocation['kind'], { label: string; colour: string }>;

export const LOCATION_LAYER = { heat: 'location-heat', points: 'location-points' } as const;
const SOURCE = 'saved-locations';

/** The locations as GeoJSON points carrying their kind, colour and visit count. */
export function toLocationFeatures(locations: readonly ApiSavedLocation[]): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: locations.map((l) => ({
      type: 'Feature',
      properties: { id: l.id, kind: l.kind, colour: LOCATION_KIND[l.kind].colour, visits: l.visitCount },
      geometry: { type: 'Point', coordinates: [l.location.lng, l.location.lat] },
    })),
  };
}

function addLayers(map: MapLibreMap, locations: readonly ApiSavedLocation[]) {
  const most = Math.max(1, ...locations.map((l) => l.visitCount));
  map.addSource(SOURCE, { type: 'geojson', data: toLocationFeatures(locations) });
  // Heat grows with the visit count, relative to the most visited place of this vehicle.
  map.addLayer({
    id: LOCATION_LAYER.heat,
    type: 'heatmap',
    source: SOURCE,
    paint: {
      'heatmap-weight': ['/', ['get', 'visits'], most],
      'heatmap-intensity': 1.2,
      'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 9, 30, 14, 90],
      'heatmap-opacity': 0.75,
    },
  });
  map.addLayer({
    id: LOCATION_LAYER.points,
    type: 'circle',
    source: SOURCE,
    paint: {
      'circle-color': ['get', 'colour'],
      'circle-radius': ['+', 6, ['*', 14, ['sqrt', ['/', ['get', 'visits'], most]]]],
      'circle-opacity': 0.85,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
}

/**
 * A vehicle's saved locations (Home, Office, Most frequent) on the map with visit heat: a heatmap weighted by visits
 * and circles sized by them, beside a list that flies the map to a place.
 */
export function LocationAnalysisMap({ vehicleId, locations, onMapLoad, height = 420 }: LocationAnalysisMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const locationsRef = useRef(locations);
  locationsRef.current = locations;
  const onMapLoadRef = useRef(onMapLoad);
  onMapLoadRef.current = onMapLoad;
  const [status, setStatus] = useState<MapStatus>('loading');
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one map per vehicle; locations are updated below
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const first = locationsRef.current[0];
    let map: MapLibreMap;
    try {
      map = createMap({
        container,
        styleUrl: getEnv().mapStyleUrl,
        ...(first ? { center: [first.location.lng, first.location.lat] as [number, number], zoom: 12 } : {}),
      });
    } catch (cause) {
      setStatus('error');
      setError(cause instanceof Error ? cause.message : String(cause));
      return;
    }
    mapRef.current = map;
    map.on('error', (event) => {
      setError(event.error?.message ?? 'The map failed to load.');
      if (!map.loaded()) setStatus('error');
    });
    map.on('load', () => {
      const current = locationsRef.current;
      addLayers(map, current);
      if (current.length > 1) {
        const lngs = current.map((l) => l.location.lng);
        const lats = current.map((l) => l.location.lat);
        map.fitBounds(
          [
            [Math.min(...lngs), Math.min(...lats)],
            [Math.max(...lngs), Math.max(...lats)],
          ],
          { padding: 60, duration: 0, maxZoom: 14 },
        );
      }
      setStatus('ready');
      onMapLoadRef.current?.(map);
    });
    return () => {
      mapRef.current = null;
      map.remove();
    };
  }, [vehicleId]);

  useEffect(() => {
    const map = mapRef.current;
    if (status !== 'ready' || !map) return;
    (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(toLocationFeatures(locations));
  }, [locations, status]);

  const handleFlyTo = (location: ApiSavedLocation) => {
    mapRef.current?.flyTo({ center: [location.location.lng, location.location.lat], zoom: 14 });
  };

  const sorted = [...locations].sort((a, b) => a.kind - b.kind);
  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <MapFrame
          containerRef={containerRef}
          label="Saved locations map"
          status={status}
          error={error}
          height={height}
        ></MapFrame>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        {sorted.length === 0 ? (
          <Text c="dimmed" size="sm">
            No saved locations for this vehicle yet. They appear once it has visited places often enough.
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            aria-label="Saved locations"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {sorted.map((location) => (
              <li key={location.id}>
                <UnstyledButton
                  onClick={() => handleFlyTo(location)}
                  w="100%"
                  p="xs"
                  style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap={8} wrap="nowrap">
                      <span
                        aria-hidden
                        style={{
                          width: 12,
                          height: 12,
                          borderRadius: 6,
                          background: LOCATION_KIND[location.kind].colour,
                          display: 'inline-block',
                        }}
                      />
                      <Stack gap={0}>
                        <Text size="sm" fw={600}>
                          {LOCATION_KIND[location.kind].label}
                        </Text>
                        <Text size="xs" c="dimmed">
                          Last visit {formatDateTime(location.lastVisitedAt)}
                        </Text>
                      </Stack>
                    </Group>
                    <Badge variant="light" color="gray">
                      {location.visitCount} visits
                    </Badge>
                  </Group>
                  {/* The name is the card's text (WCAG 2.5.3), then what the click does. */}
                  <VisuallyHidden>, show on the map</VisuallyHidden>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </Grid.Col>
    </Grid>
  );
}
