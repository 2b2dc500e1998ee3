// A staged firmware rollout of 10,000 devices whose progress arrives live for one minute, in Chromium:
// - portal.fota10k.longtasks: tasks over 50 ms on the page's main thread (PerformanceObserver `longtask`) during the
//   minute after the rollout is resumed, with its detail open (overall and wave bars, the device table).
// The build and the feed, and why: the production build of the portal (portal/dist), as the vehicle list bench measures
// the product and the live bench the live controller against a real broker. Its Fleet API and firmware backend run in
// a process of their own (bench/lib/fota-server.mjs): the demo world's own handlers and rollout engine, advanced once a
// second as the demo does, each changed device published as OTA progress to a real broker (aedes + ws,
// e2e/servers/broker.mjs) on the contract's topic; the page hears it through its one live controller. In demo mode the
// same engine runs inside the page (MSW), so the figure would measure the simulated server too, not the portal.
// The rollout: one wave of exactly 10,000 loggers of one OEM, no preconditions, paused when the page opens; the bench
// presses Resume, so every device is sent the update at once and reports progress every 5 % of a 20-60 s install
// (some fail, some go silent), i.e. thousands of OTA messages a second at first. The page's own work is what counts.
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startChild } from './lib/processes.mjs';

const DEVICES = Number(process.env.FOTA_BENCH_DEVICES ?? 10_000);
const MEASURE_S = Number(process.env.FOTA_BENCH_MEASURE_S ?? 60);

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
  execSync('pnpm --filter @voltline/portal build', { cwd: root, stdio: 'ignore' });
  const { chromium } = createRequire(join(root, 'e2e/package.json'))('@playwright/test');
  let broker;
  let server;
  let browser;
  try {
    const mqttPort = await freePort();
    broker = (await startChild('servers/broker.mjs', ['--port', String(mqttPort)], join(root, 'e2e'))).child;
    const started = await startChild(
      'bench/lib/fota-server.mjs',
      [
        '--root',
        root,
        '--dist',
        join(root, 'portal/dist'),
        '--mqtt',
        `ws://127.0.0.1:${mqttPort}`,
        '--devices',
        String(DEVICES),
      ],
      root,
    );
    server = started.child;
    const fota = JSON.parse(started.line);
    const stats = async () => (await (await fetch(`${fota.url}/__bench/stats`)).json()).published;

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-timer-throttling', '--disable-renderer-backgrounding'],
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(60_000);
    const target = `/firmware-release?tab=rollouts&rollout=${fota.rolloutId}`;
    await page.goto(`${fota.url}/login?returnTo=${encodeURIComponent(target)}`);
    await page.getByLabel('E-mail').fill(fota.email);
    await page.getByLabel('Password').fill(fota.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('rollout-overall').waitFor();
    await page.getByRole('table', { name: /^Devices of the rollout/ }).waitFor();
    // The live connection (the header's Live badge) before the rollout resumes, so no progress is missed.
    await page.locator('[role="status"][aria-label="Live"]').waitFor();
    await sleep(2000);

    await page.evaluate(() => {
      window.__fotaLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__fotaLongTasks.push(Math.round(entry.duration));
      }).observe({ type: 'longtask' });
    });
    // FOTA_BENCH_PROFILE=file.cpuprofile records the measured minute's main thread (open it in DevTools).
    const profile = process.env.FOTA_BENCH_PROFILE;
    const cdp = profile ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    // FOTA_BENCH_TRACE=file.json records a Chrome trace of the minute (tasks, paint, GC: what a CPU profile misses).
    const trace = process.env.FOTA_BENCH_TRACE;
    if (trace) {
      await browser.startTracing(page, {
        path: trace,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'],
      });
    }
    const publishedBefore = await stats();
    await page.getByRole('button', { name: 'Resume' }).click();
    await sleep(MEASURE_S * 1000);
    if (cdp) writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    if (trace) await browser.stopTracing();
    const longTasks = await page.evaluate(() => window.__fotaLongTasks.slice());
    const published = (await stats()) - publishedBefore;
    const overall = (await page.getByTestId('rollout-overall').textContent()) ?? '';
    const finished = overall.match(/(\d+) completed · (\d+) failed/);
    if (!finished || Number(finished[1]) === 0)
      throw new Error(`the page showed no completed device after ${MEASURE_S} s: "${overall}"`);
    const note =
      `${published} OTA progress messages published in ${MEASURE_S} s for ${fota.devices} devices; ` +
      `the page showed "${overall.trim()}"; long tasks ${longTasks.length ? longTasks.join('/') : 'none'} ms`;
    console.log(`note (portal.fota10k): ${note}`);
    return [{ id: 'portal.fota10k.longtasks', value: longTasks.length, unit: 'tasks', budget: 0, note }];
  } finally {
    await browser?.close();
    await stopChild(server);
    await stopChild(broker);
  }
}
