import { useMemo } from 'react';
import { CHART_PALETTE } from '@/domain/constants';
import { EChart } from './echart';
import type { EChartsOption } from './load-echarts';

/** One line: `[epoch ms, value]` pairs, oldest first. */
export interface TimeSeries {
  name: string;
  unit: string;
  points: ReadonlyArray<readonly [number, number]>;
}

export interface TimeSeriesChartProps {
  series: readonly TimeSeries[];
  label: string;
  height?: number;
  onFirstRender?: (ms: number) => void;
}

/**
 * The ECharts option of a telemetry chart. Lines are drawn LTTB-sampled to the pixel width (so a million points draw
 * as fast as a thousand and keep their peaks), without symbols or animation; one y axis per unit.
 */
export function timeSeriesOption(series: readonly TimeSeries[]): EChartsOption {
  const units = [...new Set(series.map((s) => s.unit))];
  return {
    animation: false,
    color: [...CHART_PALETTE],
    grid: { left: 56, right: 24 + Math.max(0, units.length - 1) * 48, top: 36, bottom: 64 },
    legend: { type: 'scroll', top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time' },
    yAxis: units.map((unit, i) => ({
      type: 'value',
      name: unit,
      scale: true,
      position: i === 0 ? 'left' : 'right',
      offset: i > 1 ? (i - 1) * 48 : 0,
      splitLine: { show: i === 0 },
    })),
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 16 }],
    series: series.map((s) => ({
      type: 'line',
      name: s.unit ? `${s.name} (${s.unit})` : s.name,
      yAxisIndex: units.indexOf(s.unit),
      // ECharts copies the data into its own storage and never writes to it, so the readonly input is safe.
      data: s.points as unknown as number[][],
      sampling: 'lttb',
      showSymbol: false,
      symbol: 'none',
      lineStyle: { width: 1.5 },
      large: true,
    })),
  };
}

/** A telemetry line chart over time, LTTB-sampled; ECharts loads on first use. */
export function TimeSeriesChart({ series, label, height, onFirstRender }: TimeSeriesChartProps) {
  const option = useMemo(() => timeSeriesOption(series), [series]);
  return <EChart option={option} label={label} height={height} onFirstRender={onFirstRender} />;
}
