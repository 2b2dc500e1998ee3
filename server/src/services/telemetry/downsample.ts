/**
 * The one downsampling rule of the histories (decision 0114): a series asked for with `points` points has them at
 * `points` evenly spaced times over [from, to] (both ends included, rounded to the millisecond), and the value at each
 * time is the latest stored sample at or before it, no older than `holdMs`; a time without one has no point.
 */

/** The `points` evenly spaced times over [from, to]. */
export function sampleTimes(from: number, to: number, points: number): number[] {
  const step = (to - from) / (points - 1);
  const out = new Array<number>(points);
  for (let i = 0; i < points; i += 1) out[i] = Math.round(from + i * step);
  return out;
}

/**
 * For each of `times` (ascending), the index in `at` (ascending sample times) of the latest sample at or before it
 * and no older than `holdMs`; -1 where there is none.
 */
export function heldSamples(times: readonly number[], at: readonly number[], holdMs: number): number[] {
  const out = new Array<number>(times.length);
  let j = -1;
  for (let i = 0; i < times.length; i += 1) {
    const t = times[i]!;
    while (j + 1 < at.length && at[j + 1]! <= t) j += 1;
    out[i] = j >= 0 && t - at[j]! <= holdMs ? j : -1;
  }
  return out;
}

/** The points of one series: [time, value] at each time that holds a sample (`heldSamples`). */
export function downsample(
  times: readonly number[],
  at: readonly number[],
  values: readonly number[],
  holdMs: number,
): [number, number][] {
  const picked = heldSamples(times, at, holdMs);
  const out: [number, number][] = [];
  for (let i = 0; i < times.length; i += 1) {
    const j = picked[i]!;
    if (j >= 0) out.push([times[i]!, values[j]!]);
  }
  return out;
}
