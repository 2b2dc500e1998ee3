import type { DaySpan } from './activity-store';

const DAY_MS = 86_400_000;

/**
 * The days of activity the server's seed writes (decision 0114): the 60 UTC days before the world's day and that day
 * up to its "now", as the demo's trip histories reach back 60 days.
 */
export const SEEDED_ACTIVITY_DAYS = 60;

/** The instants [from, to) the seed writes activity for, given the world's "now". */
export function seededActivityWindow(now: number): { from: number; to: number } {
  return { from: Math.floor(now / DAY_MS) * DAY_MS - SEEDED_ACTIVITY_DAYS * DAY_MS, to: now };
}
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The UTC days a range [from, to) touches, in order: each counts whole, as the roll-up holds whole days (a range
 * ending at a midnight does not add the day that starts there).
 */
export function daysOfRange(from: Date, to: Date): string[] {
  const out: string[] = [];
  for (let t = Math.floor(from.getTime() / DAY_MS) * DAY_MS; t < to.getTime(); t += DAY_MS) out.push(dayOf(t));
  return out;
}

/** The span of a non-empty list of days. */
export function spanOf(days: readonly string[]): DaySpan {
  return { first: days[0] ?? '', last: days[days.length - 1] ?? '' };
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Above this many vehicles a store replaying histories may sum a sample (the demo; openapi.yaml dashboardActivity). */
export const ACTIVITY_SAMPLE = 500;

/** How a sum over `summed` of `vehicles` vehicles is scaled up, and the `sampledVehicles` the answer reports. */
export function sampling(vehicles: number, summed: number): { scale: number; sampledVehicles: number | null } {
  return summed < vehicles && summed > 0
    ? { scale: vehicles / summed, sampledVehicles: summed }
    : { scale: 1, sampledVehicles: null };
}
