import type { TripRoutePoint } from '../api/get-trip-route';

/** Playback speeds; `activeOffset` in the store holds the chosen one (default 1). */
export const PLAYBACK_SPEEDS = [1, 2, 4, 8] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/** At 1x one minute of the trip plays in one second, so an hour-long trip takes a minute to watch. */
export const TRIP_MS_PER_SECOND_AT_1X = 60_000;

/** The index of the last point at or before `t` (binary search; points are oldest first). */
export function indexAt(points: readonly TripRoutePoint[], t: number): number {
  let lo = 0;
  let hi = points.length - 1;
  if (hi < 0) return -1;
  if (t <= points[0]!.t) return 0;
  if (t >= points[hi]!.t) return hi;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (points[mid]!.t <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface PlaybackSample {
  index: number;
  t: number;
  lat: number;
  lng: number;
  speedKmh: number;
  soc: number;
}

/** The interpolated position, speed and SoC at time `t`, so the marker glides between recorded points. */
export function sampleAt(points: readonly TripRoutePoint[], t: number): PlaybackSample | null {
  const index = indexAt(points, t);
  if (index < 0) return null;
  const a = points[index]!;
  const b = points[index + 1];
  if (!b || t <= a.t) return { index, ...a, t: Math.max(t, a.t) };
  const f = Math.min(1, (t - a.t) / (b.t - a.t || 1));
  const mix = (x: number, y: number) => x + (y - x) * f;
  return {
    index,
    t,
    lat: mix(a.lat, b.lat),
    lng: mix(a.lng, b.lng),
    speedKmh: mix(a.speedKmh, b.speedKmh),
    soc: mix(a.soc, b.soc),
  };
}

/** The trip time after `elapsedMs` of wall-clock playback at `speed`, stopping at the end. */
export function advance(t: number, elapsedMs: number, speed: number, endT: number): number {
  return Math.min(endT, t + (elapsedMs / 1000) * speed * TRIP_MS_PER_SECOND_AT_1X);
}

/** A playback speed from the store's `activeOffset`, falling back to 1x for anything else. */
export function speedOf(activeOffset: number): PlaybackSpeed {
  return (PLAYBACK_SPEEDS as readonly number[]).includes(activeOffset) ? (activeOffset as PlaybackSpeed) : 1;
}
