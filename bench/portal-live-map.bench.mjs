// The live map with 10,000 vehicles moving at 1 Hz in Chromium (WebGL on SwiftShader here): the main-thread cost of the
// map's own marker frames (interpolation + setData) and the long tasks, MapLibre's redraws included.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEBGL_ARGS } from './lib/webgl-chromium.mjs';

export async function run({ root }) {
  const require = createRequire(join(root, 'e2e/package.json'));
  const { chromium } = require('@playwright/test');
  const { startHarness } = await import(join(root, 'e2e/specs/maps/harness/build-harness.mjs'));
  const harness = await startHarness({ outDir: mkdtempSync(join(tmpdir(), 'voltline-maps-bench-')) });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: WEBGL_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${harness.url}?view=live&count=10000`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    const longTasks = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const durations = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) durations.push(Math.round(entry.duration));
          }).observe({ type: 'longtask' });
          const maps = window.__maps;
          maps.frameMs.length = 0;
          let tick = 0;
          const timer = setInterval(() => {
            maps.moveAll(tick % 2 ? -0.0004 : 0.0004, 0.0002);
            if (++tick === 10) {
              clearInterval(timer);
              setTimeout(() => resolve(durations), 1500);
            }
          }, 1000);
        }),
    );
    const frames = (await page.evaluate(() => window.__maps.frameMs)).slice().sort((a, b) => a - b);
    const p95 = frames[Math.min(frames.length - 1, Math.floor(frames.length * 0.95))] ?? Number.NaN;
    return [
      { id: 'portal.livemap10k.frame.p95.ms', value: Math.round(p95 * 10) / 10, unit: 'ms', budget: 16 },
      {
        id: 'portal.livemap10k.longtasks',
        value: longTasks.length,
        unit: 'tasks',
        budget: 0,
        note: `long tasks (ms): ${longTasks.join(', ') || 'none'}; ${frames.length} marker frames`,
      },
    ];
  } finally {
    await browser.close();
    await harness.close();
  }
}
