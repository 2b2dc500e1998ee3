// Live data at fleet scale: 10,000 simulated vehicles at 1 Hz through the real broker (aedes + ws) into the portal's
// live controller in Chromium; measures message-to-sink latency (publisher timestamp to the batch reaching the sink)
// and long tasks. The page is the controller alone (e2e/specs/live/harness), so these figures are message-to-sink,
// not message-to-screen; the map's rendering cost is measured by portal-live-map.bench.mjs.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startChild } from './lib/processes.mjs';

const VEHICLES = Number(process.env.LIVE_BENCH_VEHICLES ?? 10_000);
const WARMUP_S = Number(process.env.LIVE_BENCH_WARMUP_S ?? 10);
const MEASURE_S = Number(process.env.LIVE_BENCH_MEASURE_S ?? 60);
/** MB the page's JS heap may grow over the measured minute once every vehicle has been seen (docs/decisions/0022). */
const HEAP_GROWTH_BUDGET_MB = 10;
const NOTE =
  "live controller sink on a harness page: message-to-sink, not to screen (the map's own cost is portal.livemap10k.*)";

function stopChild(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

export async function run({ root }) {
  const e2e = join(root, 'e2e');
  const { chromium } = createRequire(join(e2e, 'package.json'))('@playwright/test');
  const { startHarness } = await import(join(e2e, 'specs/live/harness/build-harness.mjs'));

  const harness = await startHarness({ outDir: mkdtempSync(join(tmpdir(), 'voltline-live-bench-')) });
  const port = await freePort();
  const url = `ws://127.0.0.1:${port}`;
  let broker;
  let publisher;
  let browser;
  try {
    broker = (await startChild('servers/broker.mjs', ['--port', String(port)], e2e)).child;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-timer-throttling', '--disable-renderer-backgrounding'],
    });
    const page = await browser.newPage();
    await page.goto(`${harness.url}?url=${encodeURIComponent(url)}`);
    await page.waitForFunction(() => window.__live?.controller.getConnection().state === 'online');
    // What a fleet map of the whole demo region subscribes to: the tiles of its viewport.
    await page.evaluate(() => {
      const live = window.__live;
      live.controller.setInterest('map', live.viewportTopics({ west: 73.7, south: 18.42, east: 73.98, north: 18.68 }));
    });
    publisher = (
      await startChild(
        'servers/publisher.mjs',
        ['--url', url, '--vehicles', String(VEHICLES), '--rate', '1', '--devices', '0'],
        e2e,
      )
    ).child;
    await sleep(WARMUP_S * 1000);
    const cdp = await page.context().newCDPSession(page);
    // Heap after a forced collection, so the figure is what the page keeps, not garbage not yet collected.
    const heapMb = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize / 1024 / 1024;
    };
    const heapBefore = await heapMb();
    // The forced collection pauses the page; let the backlog it caused drain before latencies count.
    await sleep(5000);
    await page.evaluate(() => {
      const { state } = window.__live;
      state.latencies.length = 0;
      state.longTasks.length = 0;
      state.vehicleUpdates = 0;
      state.batches = 0;
    });
    await sleep(MEASURE_S * 1000);
    const heapGrowth = (await heapMb()) - heapBefore;
    const result = await page.evaluate(() => {
      const { state, controller } = window.__live;
      const sorted = Float64Array.from(state.latencies).sort();
      const at = (q) =>
        sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : Number.NaN;
      return {
        samples: sorted.length,
        p50: at(0.5),
        p95: at(0.95),
        longTasks: state.longTasks.length,
        longest: Math.max(0, ...state.longTasks),
        batches: state.batches,
        vehicles: Object.keys(state.lastVehicles).length,
        malformed: controller.getStats().malformed,
      };
    });
    // A pipeline that cannot keep up shows as a growing latency (OVER), and here as fewer updates than published.
    console.log(
      `note (portal.live10k): ${result.samples} of ~${VEHICLES * MEASURE_S} updates reached the sink in ${MEASURE_S} s ` +
        `(${result.vehicles} vehicles seen, ${result.batches} batches, ${result.malformed} malformed, longest task ` +
        `${result.longest} ms); ${NOTE}`,
    );
    if (result.samples === 0) throw new Error('no telemetry reached the sink');
    return [
      { id: 'portal.live10k.p50.ms', value: Math.round(result.p50), unit: 'ms', budget: 1000, note: NOTE },
      { id: 'portal.live10k.p95.ms', value: Math.round(result.p95), unit: 'ms', budget: 1000, note: NOTE },
      { id: 'portal.live10k.longtasks', value: result.longTasks, unit: 'tasks', budget: 0, note: NOTE },
      {
        id: 'portal.live10k.heap.growth.mb',
        value: Math.round(heapGrowth * 10) / 10,
        unit: 'MB',
        budget: HEAP_GROWTH_BUDGET_MB,
        note: `JS heap over ${MEASURE_S} s after the warm-up, after forced GC`,
      },
    ];
  } finally {
    await browser?.close();
    await stopChild(publisher);
    await stopChild(broker);
    await harness.close();
  }
}
