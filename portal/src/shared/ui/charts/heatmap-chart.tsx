import { useMemo } from 'react';
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
  return {
    animation: false,
    tooltip: { position: 'top' },
    grid: { left: 64, right: 24, top: 16, bottom: 72 },
    xAxis: { type: 'category', data: [...xLabels], splitArea: { show: true } },
    yAxis: { type: 'category', data: [...yLabels], splitArea: { show: true } },
    visualMap: {
      min,
      max,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      text: [`${max} ${unit}`, `${min} ${unit}`],
      inRange: { color: ['#313695', '#74add1', '#ffffbf', '#f46d43', '#a50026'] },
    },
    series: [{ type: 'heatmap', data: cells as unknown as number[][], progressive: 0 }],
  };
}

/** A per-cell heatmap (rows × columns) with a colour scale; ECharts loads on first use. */
export function HeatmapChart({ label, height, ...data }: HeatmapChartProps) {
  const { xLabels, yLabels, cells, unit } = data;
  const option = useMemo(() => heatmapOption({ xLabels, yLabels, cells, unit }), [xLabels, yLabels, cells, unit]);
  return <EChart option={option} label={label} height={height} />;
}
