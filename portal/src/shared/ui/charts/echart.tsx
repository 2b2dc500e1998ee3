import { Alert, Box, Loader, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { isLayoutMoving, onLayoutSettled } from '@/shared/lib/layout-motion';
import { type ChartText, ChartTextAlternative } from './chart-text-alternative';
import { canDrawCharts, type EChartsInstance, type EChartsOption, loadEcharts } from './load-echarts';

export interface EChartProps {
  /** The full option; a new object replaces the chart's option (notMerge). */
  option: EChartsOption;
  /** Accessible name of the figure, e.g. "SoC over time". */
  label: string;
  height?: number;
  /** Called once after the first frame with the option drawn, with the milliseconds from mount to that frame. */
  onFirstRender?: (ms: number) => void;
  /** The chart's text alternative: a summary read with the figure and a table of its figures (`chart-text.ts`). */
  text?: ChartText;
  /** ECharts events to listen to, e.g. `{ datazoom: (params, chart) => … }`. */
  onEvents?: Readonly<Record<string, (params: unknown, chart: EChartsInstance) => void>>;
  /**
   * Charts of one group share their crosshair (axis pointer and tooltip at the same x) and their zoom: ECharts
   * `connect`. A dashboard passes one group to all its time-series charts.
   */
  group?: string;
}

type Phase = { kind: 'loading' } | { kind: 'ready' } | { kind: 'unsupported' } | { kind: 'error'; message: string };

/**
 * An ECharts canvas that loads ECharts on first use (outside the initial bundle), resizes with its box and is
 * disposed on unmount. Where no canvas exists it says so instead of drawing.
 */
export function EChart({ option, label, height = 320, onFirstRender, onEvents, text, group }: EChartProps) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsInstance | null>(null);
  const firstRender = useRef(onFirstRender);
  firstRender.current = onFirstRender;
  const [phase, setPhase] = useState<Phase>(() => (canDrawCharts() ? { kind: 'loading' } : { kind: 'unsupported' }));
  const latest = useRef(option);
  latest.current = option;
  const events = useRef(onEvents);
  events.current = onEvents;
  // Read when the chart is made: a chart joins its group once.
  const groupAtMount = useRef(group);

  useEffect(() => {
    if (!canDrawCharts()) return;
    const started = performance.now();
    let disposed = false;
    let observer: ResizeObserver | null = null;
    let resizeHeld = false;
    // While a dashboard panel is dragged or resized, the chart resizes once when it settles, not on every frame.
    const stopSettled = onLayoutSettled(() => {
      if (!resizeHeld) return;
      resizeHeld = false;
      chart.current?.resize();
    });
    loadEcharts()
      .then(({ init, connect }) => {
        if (disposed || !box.current) return;
        const instance = init(box.current, undefined, { renderer: 'canvas' });
        chart.current = instance;
        if (groupAtMount.current) {
          instance.group = groupAtMount.current;
          connect(groupAtMount.current);
        }
        instance.on('finished', function report() {
          instance.off('finished', report);
          firstRender.current?.(performance.now() - started);
        });
        for (const name of Object.keys(events.current ?? {})) {
          instance.on(name, (params: unknown) => events.current?.[name]?.(params, instance));
        }
        instance.setOption(latest.current, { notMerge: true });
        observer = new ResizeObserver(() => {
          if (isLayoutMoving()) resizeHeld = true;
          else instance.resize();
        });
        observer.observe(box.current);
        setPhase({ kind: 'ready' });
      })
      .catch((error: unknown) => {
        if (!disposed) setPhase({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      disposed = true;
      stopSettled();
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // Series and axes are replaced; components such as dataZoom merge, so a zoom survives new data.
    chart.current?.setOption(option, { replaceMerge: ['series', 'yAxis'] });
  }, [option]);

  return (
    <Box role="figure" aria-label={label} aria-describedby={text ? `${id}-summary` : undefined} pos="relative">
      {phase.kind === 'unsupported' ? (
        <Text size="sm" c="dimmed">
          This browser cannot draw charts (no canvas); the figures are listed below.
        </Text>
      ) : null}
      {phase.kind === 'error' ? (
        <Alert color="red" title="The chart could not be loaded">
          {phase.message}
        </Alert>
      ) : null}
      {phase.kind === 'loading' ? (
        <Loader size="sm" aria-label="Loading chart" pos="absolute" top={8} left={8} />
      ) : null}
      {phase.kind === 'unsupported' ? null : <div ref={box} style={{ width: '100%', height }} />}
      {text ? <ChartTextAlternative id={id} text={text} tableOnly={phase.kind === 'unsupported'} /> : null}
    </Box>
  );
}
