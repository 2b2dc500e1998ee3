// A 1,000,000-point telemetry chart in Chromium: the first render of the portal's TimeSeriesChart (ECharts, LTTB
// sampling), from the React render (LTTB downsampling included) to ECharts' `finished` event, with ECharts already
// loaded (as after the page's first chart). Median of 3 fresh page loads.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = 3;

export async function run({ root }) {
  const require = createRequire(join(root, 'e2e/package.json'));
  const { chromium } = require('@playwright/test');
  const { startPortalHarness } = await import(join(root, 'e2e/servers/portal-harness.mjs'));
  const harness = await startPortalHarness({
    config: join(root, 'bench/portal-chart-harness/vite.config.mjs'),
    outDir: mkdtempSync(join(tmpdir(), 'voltline-chart-bench-')),
    name: 'chart',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${harness.url}?points=1000000`);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
      const { count, firstRenderMs } = await page.evaluate(() => window.__chart);
      if (count !== 1_000_000 || typeof firstRenderMs !== 'number') throw new Error('the chart harness did not render');
      times.push(firstRenderMs);
      await page.close();
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    return [{ id: 'portal.chart1m.ms', value: Math.round(median), unit: 'ms', budget: 500 }];
  } finally {
    await browser.close();
    await harness.close();
  }
}
