import region from './demo-region.json';

/** A point as GeoJSON orders it: longitude, latitude. */
export type LonLat = [number, number];

export interface DemoRegion {
  name: string;
  note: string;
  center: LonLat;
  bounds: { west: number; south: number; east: number; north: number };
  roads: { id: string; name: string; coordinates: LonLat[] }[];
  places: { name: string; coordinates: LonLat }[];
  geofences: { id: string; name: string; center: LonLat; radiusM: number }[];
}

/**
 * The demo region (Pune): main roads the simulated vehicles drive on, named places and circular geofences. Shared
 * by the telemetry publisher, the in-page broker emulation and the offline basemap, so that vehicles stay on the
 * drawn roads.
 */
export const DEMO_REGION = region as DemoRegion;

/** True when the point lies inside the demo region's bounds (edges included). */
export function isInDemoRegion(lat: number, lng: number, region: DemoRegion = DEMO_REGION): boolean {
  const { west, south, east, north } = region.bounds;
  return lat >= south && lat <= north && lng >= west && lng <= east;
}

/**
 * The point moved inside the demo region's bounds, `marginDeg` in from the edges, so that generated places (trip
 * ends, saved locations) near the edge of the region stay on the bundled basemap.
 */
export function clampToDemoRegion(
  lat: number,
  lng: number,
  marginDeg = 0.005,
  region: DemoRegion = DEMO_REGION,
): { lat: number; lng: number } {
  const { west, south, east, north } = region.bounds;
  return {
    lat: Math.min(north - marginDeg, Math.max(south + marginDeg, lat)),
    lng: Math.min(east - marginDeg, Math.max(west + marginDeg, lng)),
  };
}

/**
 * The point on the region's roads nearest to a place (distances on a local flat projection, exact enough at city
 * scale), so that generated trips start and end where the basemap draws a road.
 */
export function nearestRoadPoint(
  lat: number,
  lng: number,
  region: DemoRegion = DEMO_REGION,
): { lat: number; lng: number } {
  const kx = Math.cos((lat * Math.PI) / 180);
  let best = { lat, lng };
  let bestD = Number.POSITIVE_INFINITY;
  for (const road of region.roads) {
    for (let i = 1; i < road.coordinates.length; i += 1) {
      const [ax, ay] = road.coordinates[i - 1]!;
      const [bx, by] = road.coordinates[i]!;
      const dx = (bx - ax) * kx;
      const dy = by - ay;
      const span = dx * dx + dy * dy;
      const f = span === 0 ? 0 : Math.max(0, Math.min(1, ((lng - ax) * kx * dx + (lat - ay) * dy) / span));
      const px = ax + (bx - ax) * f;
      const py = ay + (by - ay) * f;
      const d = ((lng - px) * kx) ** 2 + (lat - py) ** 2;
      if (d < bestD) {
        bestD = d;
        best = { lat: py, lng: px };
      }
    }
  }
  return best;
}
