import { Alert, Box, Loader } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { timeSeriesText } from '@/shared/ui/charts/chart-text';
import { ChartTextAlternative } from '@/shared/ui/charts/chart-text-alternative';
import type { TripRoutePoint } from '../api/get-trip-route';
import { loadTripECharts } from './load-echarts';

type ECharts = ReturnType<Awaited<ReturnType<typeof loadTripECharts>>['init']>;

export interface TripChartsProps {
  points: readonly TripRoutePoint[];
  /** The playback time (epoch ms) shown as a vertical line. */
  cursorT: number | null;
  /** A click on the chart asks to jump to that time. */
  onSeek: (t: number) => void;
  height?: number;
}

const CURSOR_REDRAW_MS = 100;
const CHART_LABEL = 'Speed and SoC over the trip';

function cursorLine(t: number | null) {
  return {
    symbol: 'none',
    silent: true,
    animation: false,
    label: { show: false },
    lineStyle: { color: '#1864ab', width: 2, type: 'solid' as const },
    data: t === null ? [] : [{ xAxis: t }],
  };
}

/** Speed and SoC over the trip, with a line at the playback position; clicking the chart seeks there. */
export function TripCharts({ points, cursorT, onSeek, height = 220 }: TripChartsProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ECharts | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  const onSeekRef = useRef(onSeek);
  onSeekRef.current = onSeek;
  const lastDraw = useRef({ at: 0, timer: 0 as ReturnType<typeof setTimeout> | 0 });

  useEffect(() => {
    let disposed = false;
    let chart: ECharts | null = null;
    let observer: ResizeObserver | null = null;
    // No 2D canvas (jsdom, some locked-down browsers): say so instead of letting ECharts fail on every redraw.
    const canvas = document.createElement('canvas').getContext?.('2d');
    if (!canvas) {
      setStatus('error');
      setError('This browser cannot draw charts (no 2D canvas).');
      return;
    }
    loadTripECharts()
      .then((echarts) => {
        const container = containerRef.current;
        if (disposed || !container) return;
        chart = echarts.init(container, undefined, { renderer: 'canvas' });
        chartRef.current = chart;
        chart.setOption({
          animation: false,
          grid: { left: 48, right: 48, top: 32, bottom: 28 },
          legend: { top: 0, data: ['Speed', 'SoC'] },
          tooltip: {
            trigger: 'axis',
            valueFormatter: (v: unknown) => (typeof v === 'number' ? v.toFixed(1) : String(v)),
          },
          xAxis: { type: 'time' },
          yAxis: [
            { type: 'value', name: 'km/h', min: 0 },
            { type: 'value', name: 'SoC %', min: 0, max: 100, splitLine: { show: false } },
          ],
          series: [
            {
              name: 'Speed',
              type: 'line',
              showSymbol: false,
              sampling: 'lttb',
              lineStyle: { width: 1.5 },
              color: '#1c7ed6',
              data: points.map((p) => [p.t, p.speedKmh]),
              markLine: cursorLine(null),
            },
            {
              name: 'SoC',
              type: 'line',
              yAxisIndex: 1,
              showSymbol: false,
              lineStyle: { width: 1.5 },
              color: '#2f9e44',
              data: points.map((p) => [p.t, p.soc]),
            },
          ],
        });
        chart.getZr().on('click', (event: { offsetX: number; offsetY: number }) => {
          const value = chart?.convertFromPixel({ xAxisIndex: 0 }, [event.offsetX, event.offsetY]);
          const t = Array.isArray(value) ? value[0] : value;
          if (typeof t === 'number' && Number.isFinite(t)) onSeekRef.current(t);
        });
        observer = new ResizeObserver(() => chart?.resize());
        observer.observe(container);
        setStatus('ready');
      })
      .catch((cause: unknown) => {
        if (disposed) return;
        setStatus('error');
        setError(cause instanceof Error ? cause.message : String(cause));
      });
    return () => {
      disposed = true;
      observer?.disconnect();
      chartRef.current = null;
      chart?.dispose();
    };
  }, [points]);

  // The cursor moves every frame while playing; redraw it at most ten times a second.
  useEffect(() => {
    const chart = chartRef.current;
    if (status !== 'ready' || !chart) return;
    const state = lastDraw.current;
    const draw = () => {
      state.at = performance.now();
      state.timer = 0;
      chartRef.current?.setOption({ series: [{ markLine: cursorLine(cursorT) }] });
    };
    if (state.timer) clearTimeout(state.timer);
    const wait = CURSOR_REDRAW_MS - (performance.now() - state.at);
    if (wait <= 0) draw();
    else state.timer = setTimeout(draw, wait);
  }, [cursorT, status]);

  useEffect(
    () => () => {
      if (lastDraw.current.timer) clearTimeout(lastDraw.current.timer);
    },
    [],
  );

  const id = useId();
  const text = useMemo(
    () =>
      timeSeriesText(CHART_LABEL, [
        { name: 'Speed', unit: 'km/h', points: points.map((p) => [p.t, p.speedKmh] as const) },
        { name: 'SoC', unit: '%', points: points.map((p) => [p.t, p.soc] as const) },
      ]),
    [points],
  );

  return (
    <Box>
      <Box pos="relative" h={height}>
        <div
          ref={containerRef}
          role="img"
          aria-label={CHART_LABEL}
          aria-describedby={`${id}-summary`}
          data-chart-status={status}
          style={{ position: 'absolute', inset: 0 }}
        />
        {status === 'loading' && (
          <Box pos="absolute" top="50%" left="50%" style={{ transform: 'translate(-50%, -50%)' }}>
            <Loader size="sm" aria-label="Loading charts" />
          </Box>
        )}
        {error && (
          <Alert color="red" title="Charts unavailable" role="alert">
            {error}
          </Alert>
        )}
      </Box>
      <ChartTextAlternative id={id} text={text} tableOnly={status === 'error'} />
    </Box>
  );
}
