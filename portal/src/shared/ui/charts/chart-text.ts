import { formatDateTime, formatNumber } from '@/shared/lib/format';

/**
 * The text alternative of a chart (WCAG 1.1.1): a one-line summary read with the figure, and a table of the same
 * figures a screen-reader or keyboard user can read cell by cell. Both are computed from the full data, not from the
 * downsampled points drawn.
 */
export interface ChartText {
  summary: string;
  table: { caption: string; columns: readonly string[]; rows: ReadonlyArray<readonly string[]> };
}

interface Line {
  name: string;
  unit: string;
  points: ReadonlyArray<readonly [number, number]>;
}

function stats(values: Iterable<number>) {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
    n += 1;
  }
  return n === 0 ? null : { min, max, mean: sum / n, n };
}

const num = (value: number, unit: string) => formatNumber(value, unit, 2);

/** Per line: its span of time, minimum, maximum, average and latest value. */
export function timeSeriesText(label: string, series: readonly Line[]): ChartText {
  const rows = series.map((s) => {
    const st = stats(s.points.map((p) => p[1]));
    const first = s.points[0];
    const last = s.points.at(-1);
    if (!st || !first || !last) return [s.name, s.unit, '0', '—', '—', '—', '—', '—', '—'];
    return [
      s.name,
      s.unit,
      String(st.n),
      formatDateTime(first[0]),
      formatDateTime(last[0]),
      num(st.min, s.unit),
      num(st.max, s.unit),
      num(st.mean, s.unit),
      num(last[1], s.unit),
    ];
  });
  const described = rows
    .filter((r) => r[2] !== '0')
    .map((r) => `${r[0]} from ${r[5]} to ${r[6]}, latest ${r[8]}`)
    .join('; ');
  const summary =
    series.length === 0 || described === ''
      ? `${label}: no data in this range.`
      : `${label}: ${series.length} ${series.length === 1 ? 'line' : 'lines'}, ${rows[0]?.[3]} to ${rows[0]?.[4]}. ${described}.`;
  return {
    summary,
    table: {
      caption: label,
      columns: ['Series', 'Unit', 'Points', 'From', 'To', 'Minimum', 'Maximum', 'Average', 'Latest'],
      rows,
    },
  };
}

/** Per row of a heatmap (a cell of a pack): its minimum, maximum and average over the columns, and where the extremes are. */
export function heatmapText(
  label: string,
  xLabels: readonly string[],
  yLabels: readonly string[],
  cells: ReadonlyArray<readonly [number, number, number]>,
  unit: string,
): ChartText {
  const byRow = yLabels.map(() => [] as number[]);
  let lo: readonly [number, number, number] | undefined;
  let hi: readonly [number, number, number] | undefined;
  for (const cell of cells) {
    byRow[cell[1]]?.push(cell[2]);
    if (!lo || cell[2] < lo[2]) lo = cell;
    if (!hi || cell[2] > hi[2]) hi = cell;
  }
  const rows = yLabels.map((y, i) => {
    const st = stats(byRow[i] ?? []);
    return st ? [y, num(st.min, unit), num(st.max, unit), num(st.mean, unit)] : [y, '-', '-', '-'];
  });
  const summary =
    lo && hi
      ? `${label}: ${yLabels.length} rows over ${xLabels.length} columns. Lowest ${num(lo[2], unit)} (${yLabels[lo[1]]}, ${xLabels[lo[0]]}), highest ${num(hi[2], unit)} (${yLabels[hi[1]]}, ${xLabels[hi[0]]}).`
      : `${label}: no data in this range.`;
  return { summary, table: { caption: label, columns: ['Row', 'Minimum', 'Maximum', 'Average'], rows } };
}
