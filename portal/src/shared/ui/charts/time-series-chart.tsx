import { useEffect, useMemo, useRef, useState } from 'react';
import { CHART_PALETTE } from '@/domain/constants';
import { timeSeriesText } from './chart-text';
import { EChart } from './echart';
import type { EChartsInstance, EChartsOption } from './load-echarts';
import { lttb, type Point, samplesForWindow } from './lttb';

/** Points per line handed to ECharts: about two per pixel of a wide chart. */
export const MAX_DRAWN_POINTS = 2000;

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
  /** Points per line handed to ECharts (default {@link MAX_DRAWN_POINTS}). */
  maxPoints?: number;
  /** Charts of one group share their crosshair and zoom (see `EChart`). */
  group?: string;
}

/**
 * The ECharts option of a telemetry chart: lines without symbols or animation, one y axis per unit, ECharts' own LTTB
 * as a second pass, and a zoom whose window is `zoom` (percent of the x range).
 */
export function timeSeriesOption(
  series: readonly TimeSeries[],
  zoom: { start: number; end: number } = { start: 0, end: 100 },
  extent?: { min: number; max: number },
): EChartsOption {
  const units = [...new Set(series.map((s) => s.unit))];
  return {
    animation: false,
    color: [...CHART_PALETTE],
    grid: { left: 56, right: 24 + Math.max(0, units.length - 1) * 48, top: 36, bottom: 64 },
    legend: { type: 'scroll', top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time', ...(extent ? { min: extent.min, max: extent.max } : {}) },
    yAxis: units.map((unit, i) => ({
      type: 'value',
      name: unit,
      scale: true,
      position: i === 0 ? 'left' : 'right',
      offset: i > 1 ? (i - 1) * 48 : 0,
      splitLine: { show: i === 0 },
    })),
    dataZoom: [
      { type: 'inside', start: zoom.start, end: zoom.end },
      { type: 'slider', height: 20, bottom: 16, start: zoom.start, end: zoom.end },
    ],
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

/**
 * A telemetry line chart over time. Each line is LTTB-downsampled to `maxPoints` before ECharts sees it, so a million
 * points draw as fast as a few thousand and keep their peaks; zooming in resamples the visible window from the full
 * data, so detail appears. ECharts loads on first use.
 */
export function TimeSeriesChart({
  series,
  label,
  height,
  onFirstRender,
  maxPoints = MAX_DRAWN_POINTS,
  group,
}: TimeSeriesChartProps) {
  const [zoom, setZoom] = useState({ start: 0, end: 100 });
  const overview = useMemo(() => series.map((s) => lttb(s.points as readonly Point[], maxPoints)), [series, maxPoints]);
  const extent = useMemo(() => {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const s of series) {
      const first = s.points[0];
      const last = s.points.at(-1);
      if (first && first[0] < min) min = first[0];
      if (last && last[0] > max) max = last[0];
    }
    return Number.isFinite(min) ? { min, max } : undefined;
  }, [series]);
  // A new data set starts unzoomed (adjusting state while rendering, as React recommends over an effect).
  const [zoomedSeries, setZoomedSeries] = useState(series);
  if (zoomedSeries !== series) {
    setZoomedSeries(series);
    setZoom({ start: 0, end: 100 });
  }
  const drawn = useMemo(() => {
    const window =
      extent && (zoom.start > 0 || zoom.end < 100)
        ? {
            from: extent.min + ((extent.max - extent.min) * zoom.start) / 100,
            to: extent.min + ((extent.max - extent.min) * zoom.end) / 100,
          }
        : null;
    return series.map((s, i) => ({
      ...s,
      points: samplesForWindow(s.points as readonly Point[], overview[i] ?? [], window, maxPoints),
    }));
  }, [series, overview, zoom, extent, maxPoints]);
  const option = useMemo(() => timeSeriesOption(drawn, zoom, extent), [drawn, zoom, extent]);

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const events = useMemo(
    () => ({
      // Dragging the zoom fires many events; resample once it settles.
      datazoom: (_params: unknown, chart: EChartsInstance) => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          const current = (chart.getOption() as { dataZoom?: { start?: number; end?: number }[] }).dataZoom?.[0];
          if (current) setZoom({ start: current.start ?? 0, end: current.end ?? 100 });
        }, 120);
      },
    }),
    [],
  );
  const text = useMemo(() => timeSeriesText(label, series), [label, series]);
  return (
    <EChart
      option={option}
      label={label}
      text={text}
      height={height}
      onFirstRender={onFirstRender}
      onEvents={events}
      group={group}
    />
  );
}
