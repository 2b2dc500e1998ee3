import { useMemo } from 'react';
import { heatmapText } from './chart-text';
import { EChart } from './echart';
import type { EChartsOption } from './load-echarts';

export interface HeatmapChartProps {
  /** Column labels (e.g. sample times). */
  xLabels: readonly string[];
  /** Row labels (e.g. "Cell 1"). */
  yLabels: readonly string[];
  /** `[x index, y index, value]` triples. */
  cells: ReadonlyArray<readonly [number, number, number]>;
  unit: string;
  label: string;
  height?: number;
}

/**
 * Decimals that tell the ends of a scale apart: one more than the span's first significant digit needs (a 3.221-3.282 V
 * span gets 3, a 25-40 °C span none), at most 4.
 */
export function scaleDecimals(min: number, max: number): number {
  const span = max - min;
  if (!(span > 0)) return 2;
  return Math.min(4, Math.max(0, Math.ceil(-Math.log10(span)) + 1));
}

/** The ECharts option of a heatmap with a continuous colour scale from the data's min to max. */
export function heatmapOption({
  xLabels,
  yLabels,
  cells,
  unit,
}: Omit<HeatmapChartProps, 'label' | 'height'>): EChartsOption {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const [, , v] of cells) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!Number.isFinite(min)) {
    min = 0;
    max = 1;
  }
  // The scale's end labels and its drag handles' labels (ECharts rounds those to `precision`, 0 by default).
  const precision = scaleDecimals(min, max);
  return {
    animation: false,
    tooltip: { position: 'top' },
    grid: { left: 64, right: 24, top: 16, bottom: 96 },
    xAxis: { type: 'category', data: [...xLabels], splitArea: { show: true } },
    yAxis: { type: 'category', data: [...yLabels], splitArea: { show: true } },
    visualMap: {
      min,
      max,
      calculable: true,
      precision,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      text: [`${max.toFixed(precision)} ${unit}`, `${min.toFixed(precision)} ${unit}`],
      inRange: { color: ['#313695', '#74add1', '#ffffbf', '#f46d43', '#a50026'] },
    },
    series: [{ type: 'heatmap', data: cells as unknown as number[][], progressive: 0 }],
  };
}

/** A per-cell heatmap (rows × columns) with a colour scale; ECharts loads on first use. */
export function HeatmapChart({ label, height, ...data }: HeatmapChartProps) {
  const { xLabels, yLabels, cells, unit } = data;
  const option = useMemo(() => heatmapOption({ xLabels, yLabels, cells, unit }), [xLabels, yLabels, cells, unit]);
  const text = useMemo(() => heatmapText(label, xLabels, yLabels, cells, unit), [label, xLabels, yLabels, cells, unit]);
  return <EChart option={option} label={label} text={text} height={height} />;
}
