import type { TripRoutePoint } from '../services/trips/trip-store';

/**
 * A trip's recorded positions as one compact text (`trip_routes.points`, migration 0019): the encoded-polyline
 * scheme (zig-zag signed deltas, 5 bits a character from `?`) over five whole numbers a point: t in ms, lat and lng in
 * millionths of a degree, speed in tenths of a km/h, SoC in tenths of a percent. Exact for positions rounded to 6
 * decimals and speed and SoC to 1 (as the demo world and the contract's playback keep them); ingestion rounds so.
 * About 12 characters a point against ~45 as JSON.
 */
const SCALES = [1, 1e6, 1e6, 10, 10] as const;

function encodeNumber(value: number, out: string[]) {
  let v = value < 0 ? -(value * 2) - 1 : value * 2;
  while (v >= 0x20) {
    out.push(String.fromCharCode((0x20 | (v % 0x20)) + 63));
    v = Math.floor(v / 0x20);
  }
  out.push(String.fromCharCode(v + 63));
}

const fields = (p: TripRoutePoint) => [p.t, p.lat, p.lng, p.speedKmh, p.soc];

/** The text of the positions (oldest first). */
export function encodeRoute(points: readonly TripRoutePoint[]): string {
  const out: string[] = [];
  const previous = [0, 0, 0, 0, 0];
  for (const p of points) {
    fields(p).forEach((value, k) => {
      const whole = Math.round(value * SCALES[k]!);
      encodeNumber(whole - previous[k]!, out);
      previous[k] = whole;
    });
  }
  return out.join('');
}

/** The positions of a text `encodeRoute` wrote. */
export function decodeRoute(text: string): TripRoutePoint[] {
  const points: TripRoutePoint[] = [];
  const current = [0, 0, 0, 0, 0];
  let i = 0;
  let k = 0;
  while (i < text.length) {
    let result = 0;
    let factor = 1;
    let byte: number;
    do {
      byte = text.charCodeAt(i) - 63;
      i += 1;
      result += (byte & 0x1f) * factor;
      factor *= 0x20;
    } while (byte >= 0x20);
    current[k] = current[k]! + (result % 2 === 1 ? -(result + 1) / 2 : result / 2);
    k += 1;
    if (k === 5) {
      points.push({
        t: current[0]!,
        lat: current[1]! / SCALES[1],
        lng: current[2]! / SCALES[2],
        speedKmh: current[3]! / SCALES[3],
        soc: current[4]! / SCALES[4],
      });
      k = 0;
    }
  }
  return points;
}
