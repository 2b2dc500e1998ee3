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
