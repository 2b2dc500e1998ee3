import { useMemo } from 'react';
import { CHART_PALETTE, chartColor } from '@/domain/constants';
import { EChart } from '@/shared/ui/charts/echart';
import type { EChartsInstance, EChartsOption } from '@/shared/ui/charts/load-echarts';
import { type CategorySeries, categoryText } from '../lib/category-text';

export interface CategoryChartProps {
  label: string;
  categories: readonly string[];
  series: readonly CategorySeries[];
  /** One series: each bar takes its category's palette colour (the colour the category has everywhere on the page). */
  colourByCategory?: boolean;
  height?: number;
  /** The drawn chart, for an image export (`getDataURL`). */
  onChart?: (chart: EChartsInstance) => void;
}

/** A bar chart of values per category with the 12-colour palette and its text alternative. */
export function CategoryChart({
  label,
  categories,
  series,
  colourByCategory,
  height = 300,
  onChart,
}: CategoryChartProps) {
  const option = useMemo<EChartsOption>(() => {
    const units = [...new Set(series.map((s) => s.unit))];
    return {
      animation: false,
      color: [...CHART_PALETTE],
      backgroundColor: '#ffffff',
      grid: { left: 64, right: 24, top: series.length > 1 ? 40 : 24, bottom: 56 },
      legend: series.length > 1 ? { top: 0 } : undefined,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: {
        type: 'category',
        data: [...categories],
        axisLabel: { interval: 0, rotate: categories.length > 6 ? 30 : 0 },
      },
      yAxis: { type: 'value', name: units.length === 1 ? units[0] : undefined },
      series: series.map((s) => ({
        type: 'bar',
        name: s.unit ? `${s.name} (${s.unit})` : s.name,
        data: s.values.map((v, i) =>
          colourByCategory ? { value: v ?? '-', itemStyle: { color: chartColor(i) } } : (v ?? '-'),
        ),
        barMaxWidth: 48,
      })),
    };
  }, [categories, series, colourByCategory]);
  const text = useMemo(() => categoryText(label, categories, series), [label, categories, series]);
  const events = useMemo(
    () => (onChart ? { finished: (_: unknown, chart: EChartsInstance) => onChart(chart) } : undefined),
    [onChart],
  );
  return <EChart option={option} label={label} height={height} text={text} onEvents={events} />;
}
