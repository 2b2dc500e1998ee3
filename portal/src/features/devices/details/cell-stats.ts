import type { ApiCellHistory } from './api/get-cycle-cells';

export type CellMetric = 'voltages' | 'temperatures';

/** Min, max and max − min across the cells of each sample: the pack's spread over time. */
export function spreadOverTime(history: ApiCellHistory, metric: CellMetric) {
  const min: [number, number][] = [];
  const max: [number, number][] = [];
  const delta: [number, number][] = [];
  for (const sample of history.items) {
    const values = sample[metric];
    if (values.length === 0) continue;
    let lo = values[0]!;
    let hi = values[0]!;
    for (const v of values) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    min.push([sample.t, lo]);
    max.push([sample.t, hi]);
    delta.push([sample.t, Math.round((hi - lo) * 1000) / 1000]);
  }
  return { min, max, delta };
}

/** Per cell: min, max and average over the cycle. */
export function perCell(history: ApiCellHistory, metric: CellMetric) {
  const cells = Array.from({ length: history.cellCount }, (_, i) => ({
    cell: i + 1,
    min: Number.POSITIVE_INFINITY,
    max: Number.NEGATIVE_INFINITY,
    sum: 0,
    n: 0,
  }));
  for (const sample of history.items) {
    sample[metric].forEach((v, i) => {
      const c = cells[i];
      if (!c) return;
      if (v < c.min) c.min = v;
      if (v > c.max) c.max = v;
      c.sum += v;
      c.n += 1;
    });
  }
  return cells.map(({ cell, min, max, sum, n }) => ({ cell, min, max, avg: n ? sum / n : Number.NaN }));
}

/**
 * The cell that stands out: the lowest average voltage, or the highest average temperature. Null for an empty history.
 */
export function outlierCell(history: ApiCellHistory, metric: CellMetric): number | null {
  const cells = perCell(history, metric).filter((c) => !Number.isNaN(c.avg));
  if (cells.length === 0) return null;
  const pick = cells.reduce((best, c) => ((metric === 'voltages' ? c.avg < best.avg : c.avg > best.avg) ? c : best));
  return pick.cell;
}

/** `[sample index, cell index, value]` triples for a heatmap of one metric. */
export function heatmapCells(history: ApiCellHistory, metric: CellMetric): [number, number, number][] {
  const out: [number, number, number][] = [];
  history.items.forEach((sample, x) => {
    sample[metric].forEach((v, y) => {
      out.push([x, y, v]);
    });
  });
  return out;
}
