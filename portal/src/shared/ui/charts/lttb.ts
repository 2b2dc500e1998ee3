/** A time series point: `[x, y]`. */
export type Point = readonly [number, number];

/**
 * Largest-Triangle-Three-Buckets downsampling (Steinarsson, 2013): keeps `threshold` points that preserve the shape of
 * the line (peaks and troughs), always including the first and the last. Returns the input itself when it is already
 * small enough. O(n).
 */
export function lttb<T extends Point>(points: readonly T[], threshold: number): readonly T[] {
  const n = points.length;
  if (threshold >= n || threshold < 3) return points;
  const out: T[] = new Array(threshold);
  const every = (n - 2) / (threshold - 2);
  let a = 0;
  out[0] = points[0] as T;
  for (let i = 0; i < threshold - 2; i++) {
    // The average of the next bucket is the third corner of the triangle.
    const nextStart = Math.floor((i + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((i + 2) * every) + 1, n);
    let avgX = 0;
    let avgY = 0;
    for (let j = nextStart; j < nextEnd; j++) {
      const p = points[j] as T;
      avgX += p[0];
      avgY += p[1];
    }
    const count = nextEnd - nextStart || 1;
    avgX /= count;
    avgY /= count;
    const start = Math.floor(i * every) + 1;
    const end = Math.floor((i + 1) * every) + 1;
    const pa = points[a] as T;
    let maxArea = -1;
    let chosen = start;
    for (let j = start; j < end; j++) {
      const p = points[j] as T;
      const area = Math.abs((pa[0] - avgX) * (p[1] - pa[1]) - (pa[0] - p[0]) * (avgY - pa[1]));
      if (area > maxArea) {
        maxArea = area;
        chosen = j;
      }
    }
    out[i + 1] = points[chosen] as T;
    a = chosen;
  }
  out[threshold - 1] = points[n - 1] as T;
  return out;
}

/** Index of the first point whose x is >= `x` (points sorted by x). */
export function lowerBound(points: readonly Point[], x: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((points[mid] as Point)[0] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The points to draw for a zoom window [from, to]: full-resolution LTTB inside the window (so zooming in reveals
 * detail), the coarse overview outside it (so the axis and the zoom slider keep the whole range).
 */
export function samplesForWindow(
  points: readonly Point[],
  overview: readonly Point[],
  window: { from: number; to: number } | null,
  threshold: number,
): readonly Point[] {
  if (!window) return overview;
  const i0 = Math.max(0, lowerBound(points, window.from) - 1);
  const i1 = Math.min(points.length, lowerBound(points, window.to) + 1);
  const inside = lttb(points.slice(i0, i1), threshold);
  const before = overview.slice(0, lowerBound(overview, (points[i0] as Point | undefined)?.[0] ?? window.from));
  const after = overview.slice(lowerBound(overview, ((points[i1 - 1] as Point | undefined)?.[0] ?? window.to) + 1e-9));
  return [...before, ...inside, ...after];
}
