/**
 * ECharts with only what the trip charts use (line series, grid, tooltip, legend, mark line, canvas), loaded on first
 * use so that it never weighs on a page's first load.
 */
export async function loadTripECharts() {
  const [core, charts, components, renderers] = await Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]);
  core.use([
    charts.LineChart,
    components.GridComponent,
    components.TooltipComponent,
    components.LegendComponent,
    components.MarkLineComponent,
    renderers.CanvasRenderer,
  ]);
  return core;
}
