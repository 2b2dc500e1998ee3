// The portal's TimeSeriesChart alone, fed `?points=N` telemetry points (default 1,000,000). ECharts is loaded first, as
// it is after the page's first chart, so the figure is the chart's own first render: init, LTTB sampling and drawing.
import { MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import { loadEcharts } from '@/shared/ui/charts/load-echarts';
import { TimeSeriesChart } from '@/shared/ui/charts/time-series-chart';

const count = Number(new URLSearchParams(location.search).get('points') ?? 1_000_000);

function telemetry(n) {
  const start = Date.UTC(2026, 0, 1);
  const points = new Array(n);
  for (let i = 0; i < n; i++) {
    const t = start + i * 1000;
    points[i] = [t, 50 + 30 * Math.sin(i / 5000) + 10 * Math.sin(i / 37) + ((i * 7919) % 101) / 20];
  }
  return [{ name: 'State of charge', unit: '%', points }];
}

window.__chart = { count, firstRenderMs: null };
const series = telemetry(count);

await loadEcharts();
window.__chart.mountAt = performance.now();
createRoot(document.getElementById('root')).render(
  <MantineProvider>
    <TimeSeriesChart
      series={series}
      label="Benchmark chart"
      height={400}
      onFirstRender={() => {
        // From before React renders (downsampling included) to ECharts' first finished frame.
        window.__chart.firstRenderMs = performance.now() - window.__chart.mountAt;
        document.body.dataset.ready = 'true';
      }}
    />
  </MantineProvider>,
);
