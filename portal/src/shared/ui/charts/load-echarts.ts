/** What a chart needs from ECharts: `init`, with the chart types and components of `echarts-modules.ts` registered. */
export type EChartsModule = typeof import('./echarts-modules');
export type EChartsInstance = ReturnType<EChartsModule['init']>;
export type EChartsOption = Parameters<EChartsInstance['setOption']>[0];

let loading: Promise<EChartsModule> | null = null;

/** Loads ECharts once, on the first chart; later calls share the same promise. A failed load may be retried. */
export function loadEcharts(): Promise<EChartsModule> {
  loading ??= import('./echarts-modules').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** True where a 2D canvas exists (every browser; not jsdom without the canvas package). */
export function canDrawCharts(): boolean {
  return typeof window !== 'undefined' && 'CanvasRenderingContext2D' in window;
}
