import { DEMO_REGION, type LonLat } from '@/shared/lib/live/demo-region';
import { pad } from './prng';
import type { Geofence } from './types';

const DAY = 24 * 3_600_000;
const EARTH_M = 6_371_000;

/** A circle as a closed polygon ring, the shape the editor stores for circles too. */
export function circlePolygon(center: LonLat, radiusM: number, steps = 48): LonLat[] {
  const latRad = (center[1] * Math.PI) / 180;
  const dLat = (radiusM / EARTH_M) * (180 / Math.PI);
  const dLon = dLat / Math.cos(latRad);
  const ring: LonLat[] = [];
  for (let i = 0; i < steps; i += 1) {
    const angle = (i / steps) * Math.PI * 2;
    ring.push([
      Math.round((center[0] + Math.cos(angle) * dLon) * 1e6) / 1e6,
      Math.round((center[1] + Math.sin(angle) * dLat) * 1e6) / 1e6,
    ]);
  }
  ring.push(ring[0]!);
  return ring;
}

const vehicleIds = (size: number, from: number, count: number): string[] =>
  Array.from({ length: Math.max(0, Math.min(count, size - from)) }, (_, i) => `veh-${pad(from + i + 1, 6)}`);

/** Per seeded geofence: its rule and who it watches (an empty list watches every vehicle). */
const SEED_SETUP: Record<
  string,
  { rule: Geofence['rule']; dwell: number | null; delivery: number; vehicles: [number, number] }
> = {
  'GF-HINJEWADI': { rule: 'enter', dwell: null, delivery: 1 | 16, vehicles: [0, 0] },
  'GF-STATION': { rule: 'exit', dwell: null, delivery: 2 | 16, vehicles: [0, 12] },
  'GF-MAGARPATTA': { rule: 'dwell', dwell: 20, delivery: 16, vehicles: [12, 8] },
  'GF-KATRAJ': { rule: 'enter', dwell: null, delivery: 4 | 16, vehicles: [0, 0] },
};

/**
 * The demo world's geofences: the demo region's circles (the same ids the telemetry publisher raises events for),
 * stored as polygons like the ones drawn in the editor.
 */
export function seedGeofences(size: number, now: number): Geofence[] {
  return DEMO_REGION.geofences.map((fence, i) => {
    const setup = SEED_SETUP[fence.id] ?? { rule: 'enter', dwell: null, delivery: 16, vehicles: [0, 0] };
    return {
      id: fence.id,
      name: fence.name,
      rule: setup.rule,
      dwellMinutes: setup.dwell,
      deliveryMethods: setup.delivery,
      geometry: { type: 'Polygon', coordinates: [circlePolygon(fence.center, fence.radiusM)] },
      vehicleIds: vehicleIds(size, setup.vehicles[0], setup.vehicles[1]),
      createdAt: now - (30 - i * 5) * DAY,
      updatedAt: now - (10 - i) * DAY,
    };
  });
}
