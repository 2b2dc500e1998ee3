import type { ChartText } from '@/shared/ui/charts/chart-text';
import { formatNumber } from '@/shared/lib/format';

export interface CategorySeries {
  name: string;
  unit: string;
  decimals: number;
  /** One value per category; null where there is none (no distance, no cycle). */
  values: ReadonlyArray<number | null>;
}

/** The text alternative of a bar chart: per series its highest and lowest category, and a table of every value. */
export function categoryText(
  label: string,
  categories: readonly string[],
  series: readonly CategorySeries[],
): ChartText {
  const described = series
    .map((s) => {
      const known = s.values
        .map((v, i) => [v, categories[i]] as const)
        .filter((p): p is readonly [number, string] => p[0] !== null);
      if (known.length === 0) return null;
      const hi = known.reduce((a, b) => (b[0] > a[0] ? b : a));
      const lo = known.reduce((a, b) => (b[0] < a[0] ? b : a));
      return `${s.name}: highest ${hi[1]} (${formatNumber(hi[0], s.unit, s.decimals)}), lowest ${lo[1]} (${formatNumber(lo[0], s.unit, s.decimals)})`;
    })
    .filter(Boolean);
  return {
    summary:
      described.length === 0
        ? `${label}: no data in this range.`
        : `${label}: ${categories.length} compared. ${described.join('; ')}.`,
    table: {
      caption: label,
      columns: ['Name', ...series.map((s) => (s.unit ? `${s.name} (${s.unit})` : s.name))],
      rows: categories.map((c, i) => [
        c,
        ...series.map((s) => {
          const v = s.values[i];
          return v === null || v === undefined ? '—' : formatNumber(v, '', s.decimals).trim();
        }),
      ]),
    },
  };
}
