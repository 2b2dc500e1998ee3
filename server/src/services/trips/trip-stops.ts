import type { Schemas } from '../lib/api-types';
import type { TripRoutePoint } from './trip-store';

/** How long a vehicle stands still (speed 0) for a stop to count (openapi.yaml getVehicleTripRoute). */
export const MIN_STOP_MS = 60_000;

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The stops along a trip's positions: every run of points at speed 0 that lasts at least a minute, neither the start
 * (the vehicle has not left yet) nor the end (it has arrived). A stop is where its first point is.
 */
export function stopsOf(points: readonly TripRoutePoint[]): Schemas['TripStop'][] {
  const stops: Schemas['TripStop'][] = [];
  const n = points.length;
  let runStart = -1;
  for (let i = 0; i <= n; i += 1) {
    const still = i < n && points[i]!.speedKmh === 0;
    if (still && runStart < 0) runStart = i;
    if (!still && runStart >= 0) {
      const first = points[runStart]!;
      const last = points[i - 1]!;
      const ms = last.t - first.t;
      if (ms >= MIN_STOP_MS && runStart > 0 && i < n) {
        stops.push({
          lat: first.lat,
          lng: first.lng,
          startedAt: new Date(first.t).toISOString(),
          endedAt: new Date(last.t).toISOString(),
          durationMin: round1(ms / 60_000),
        });
      }
      runStart = -1;
    }
  }
  return stops;
}
