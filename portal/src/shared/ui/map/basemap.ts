import type { DemoRegion, LonLat } from '@/shared/lib/live/demo-region';

/** GeoJSON types kept local so the generator needs nothing but the region. */
export interface BasemapFeature {
  type: 'Feature';
  properties: { kind: 'land' | 'water' | 'road' | 'place'; name?: string; id?: string };
  geometry:
    | { type: 'Polygon'; coordinates: LonLat[][] }
    | { type: 'LineString'; coordinates: LonLat[] }
    | { type: 'Point'; coordinates: LonLat };
}

export interface Basemap {
  type: 'FeatureCollection';
  features: BasemapFeature[];
}

// Hand-drawn approximate centre line of the Mula-Mutha river through the demo region (not survey data), and the
// Pashan lake: enough water for the basemap to read as a city, drawn here because demo-region.json holds only roads.
const RIVER: LonLat[] = [
  [73.7, 18.548],
  [73.74, 18.552],
  [73.775, 18.548],
  [73.8, 18.54],
  [73.825, 18.533],
  [73.848, 18.526],
  [73.868, 18.534],
  [73.888, 18.541],
  [73.91, 18.546],
  [73.94, 18.552],
  [73.98, 18.561],
];
const RIVER_HALF_WIDTH_DEG = 0.0012;
const LAKES: { name: string; center: LonLat; radiusDeg: number }[] = [
  { name: 'Pashan Lake', center: [73.787, 18.532], radiusDeg: 0.004 },
  { name: 'Khadakwasla Reservoir', center: [73.77, 18.44], radiusDeg: 0.012 },
];

const round = (value: number): number => Math.round(value * 1e5) / 1e5;
const roundPoint = ([lon, lat]: LonLat): LonLat => [round(lon), round(lat)];

/** Offsets a polyline to both sides and joins the sides into one closed ring (a river band). */
export function bufferLine(line: LonLat[], halfWidth: number): LonLat[] {
  const left: LonLat[] = [];
  const right: LonLat[] = [];
  line.forEach((point, i) => {
    const prev = line[Math.max(0, i - 1)]!;
    const next = line[Math.min(line.length - 1, i + 1)]!;
    const dx = next[0] - prev[0];
    const dy = next[1] - prev[1];
    const length = Math.hypot(dx, dy) || 1;
    const nx = (-dy / length) * halfWidth;
    const ny = (dx / length) * halfWidth;
    left.push(roundPoint([point[0] + nx, point[1] + ny]));
    right.push(roundPoint([point[0] - nx, point[1] - ny]));
  });
  const ring = [...left, ...right.reverse()];
  ring.push(ring[0]!);
  return ring;
}

function circleRing(center: LonLat, radius: number, steps = 32): LonLat[] {
  const ring: LonLat[] = [];
  for (let i = 0; i < steps; i++) {
    const angle = (i / steps) * Math.PI * 2;
    // Longitude degrees shrink with latitude; stretch them so the lake stays round on screen.
    const lonScale = 1 / Math.cos((center[1] * Math.PI) / 180);
    ring.push(roundPoint([center[0] + Math.cos(angle) * radius * lonScale, center[1] + Math.sin(angle) * radius]));
  }
  ring.push(ring[0]!);
  return ring;
}

/**
 * Builds the offline basemap of a region: land, water, roads and places, in drawing order. The result is committed
 * as `public/map/basemap.geojson` (regenerate with `UPDATE_BASEMAP=1 pnpm exec vitest run basemap`).
 */
export function buildBasemap(region: DemoRegion): Basemap {
  const { west, south, east, north } = region.bounds;
  const pad = 0.05;
  const land: LonLat[] = [
    [west - pad, south - pad],
    [east + pad, south - pad],
    [east + pad, north + pad],
    [west - pad, north + pad],
    [west - pad, south - pad],
  ].map((p) => roundPoint(p as LonLat));
  return {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: { kind: 'land' }, geometry: { type: 'Polygon', coordinates: [land] } },
      {
        type: 'Feature',
        properties: { kind: 'water', name: 'Mula-Mutha' },
        geometry: { type: 'Polygon', coordinates: [bufferLine(RIVER, RIVER_HALF_WIDTH_DEG)] },
      },
      ...LAKES.map(
        (lake): BasemapFeature => ({
          type: 'Feature',
          properties: { kind: 'water', name: lake.name },
          geometry: { type: 'Polygon', coordinates: [circleRing(lake.center, lake.radiusDeg)] },
        }),
      ),
      ...region.roads.map(
        (road): BasemapFeature => ({
          type: 'Feature',
          properties: { kind: 'road', id: road.id, name: road.name },
          geometry: { type: 'LineString', coordinates: road.coordinates.map(roundPoint) },
        }),
      ),
      ...region.places.map(
        (place): BasemapFeature => ({
          type: 'Feature',
          properties: { kind: 'place', name: place.name },
          geometry: { type: 'Point', coordinates: roundPoint(place.coordinates) },
        }),
      ),
    ],
  };
}
