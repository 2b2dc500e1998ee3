import type { components } from '@/domain/api-schema';
import type { TripRow } from './histories';
import { createRng, hashString } from './prng';
import { profileAt } from './drive-profile';
import { roadWalkOf, tripOffsets } from './histories';
import type { Vehicle } from './types';

type Schemas = components['schemas'];
export type TripRoutePoint = Schemas['TripRoutePoint'];

const SAMPLE_MS = 10_000;
const MAX_POINTS = 600;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Cumulative lengths along a path; a degree of longitude counts the cosine of the latitude, so that a vehicle keeps its
 * speed on the map as the roads turn from north-south to east-west.
 */
function lengthOf(path: [number, number][]): number[] {
  const kx = Math.cos(((path[0]?.[1] ?? 0) * Math.PI) / 180);
  const cumulative = [0];
  for (let i = 1; i < path.length; i += 1) {
    const [ax, ay] = path[i - 1]!;
    const [bx, by] = path[i]!;
    cumulative.push(cumulative[i - 1]! + Math.hypot((bx - ax) * kx, by - ay));
  }
  return cumulative;
}

function pointAlong(path: [number, number][], cumulative: number[], d: number): [number, number] {
  let i = 1;
  while (i < cumulative.length - 1 && cumulative[i]! < d) i += 1;
  const [ax, ay] = path[i - 1]!;
  const [bx, by] = path[i]!;
  const span = cumulative[i]! - cumulative[i - 1]! || 1;
  const f = Math.max(0, Math.min(1, (d - cumulative[i - 1]!) / span));
  return [ax + (bx - ax) * f, ay + (by - ay) * f];
}

/**
 * The recorded positions of a trip (every 10 s, at most 600 points), as telemetry history would give them: along the
 * vehicle's road the way its drive profile drove it (`tripsOf`), speed varies around the trip's average with stops at
 * traffic lights and deliveries, SoC falls from the profile's at the start to its at the end with the distance driven.
 * A pure function of the seed, the vehicle and the trip, so the same trip always plays back the same way. The stops
 * along them are the services' `stopsOf` (`server/src/services/trips/trip-stops.ts`), on the server and in the demo.
 */
export function tripRouteOf(seed: number, trip: TripRow, now: number, vehicle: Vehicle): TripRoutePoint[] {
  const r = createRng(seed ^ hashString(trip.id), 'route');
  const endedAt = trip.endedAt ?? now;
  const duration = Math.max(SAMPLE_MS * 2, endedAt - trip.startedAt);
  const step = Math.max(SAMPLE_MS, Math.ceil(duration / (MAX_POINTS - 1)));
  const n = Math.floor(duration / step) + 1;
  // Stops: 1 to 3 windows where the vehicle stands still.
  const stopCount = r.int(0, 0, 1, 3);
  const stopWindows: [number, number][] = [];
  for (let s = 0; s < stopCount; s += 1) {
    const at = 0.15 + r.float(s, 1) * 0.7;
    const length = Math.min(duration * 0.15, (1 + r.float(s, 2) * 3) * 60_000);
    stopWindows.push([trip.startedAt + at * duration, trip.startedAt + at * duration + length]);
  }
  const speeds: number[] = [];
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const t = i === n - 1 ? endedAt : trip.startedAt + i * step;
    const stopped = i === 0 || i === n - 1 || stopWindows.some(([a, b]) => t >= a && t <= b);
    const wave = Math.sin(i / 7 + r.float(0, 3) * 6) * 0.35 + (r.float(i, 4) - 0.5) * 0.3;
    speeds.push(stopped ? 0 : Math.max(3, Math.min(trip.maxSpeedKmh, trip.avgSpeedKmh * (1 + wave))));
    times.push(t);
  }
  // Along the vehicle's road, the way the basemap draws it, from the trip's start to its end.
  const { profile, metresAt } = tripOffsets(seed, vehicle, now);
  const path = roadWalkOf(vehicle.id).path(metresAt(trip.startedAt), metresAt(endedAt));
  const cumulative = lengthOf(path);
  const total = cumulative.at(-1)!;
  // Distance follows speed: integrate, then scale so that the last point is the trip's end.
  const travelled = [0];
  for (let i = 1; i < n; i += 1)
    travelled.push(travelled[i - 1]! + ((speeds[i - 1]! + speeds[i]!) / 2) * (times[i]! - times[i - 1]!));
  const scale = travelled.at(-1)! > 0 ? total / travelled.at(-1)! : 0;
  const startSoc = profileAt(profile, trip.startedAt).soc;
  const socDrop = startSoc - profileAt(profile, endedAt).soc;
  const points: TripRoutePoint[] = times.map((t, i) => {
    const progress = travelled.at(-1)! > 0 ? travelled[i]! / travelled.at(-1)! : i / (n - 1);
    const [lng, lat] = pointAlong(path, cumulative, travelled[i]! * scale);
    return {
      t: Math.round(t),
      lat: round(lat, 6),
      lng: round(lng, 6),
      speedKmh: round(speeds[i]!, 1),
      soc: round(startSoc - socDrop * progress, 1),
    };
  });
  return points;
}
