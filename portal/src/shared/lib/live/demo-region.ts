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
