// The Fleet API server's vehicle list over 100,000 vehicles on a real PostgreSQL (issue 39's Measures). The work on the
// server is done by server/bench/vehicle-list.ts (run with the server's tsx, in its own process): a throw-away
// PostgreSQL 15+ cluster as the server's tests start it, migrated and seeded with the demo world (kept as a template
// for later runs), the server started on it as `npm start` runs it, then
// - server.vehicles.list100k.p95.ms: 300 `GET /api/vehicles` one after another, each with one or two filters, a sort
//   and a page that vary; p95 from request to the whole body read;
// - server.api.p99.ms: autocannon, 100 connections for 10 s on the same requests; p99, and in the note requests/s and
//   the CPU time per request of the server and of PostgreSQL (decision 0122: the figure the machine's load moves least);
// - portal.list100k.server.filtersort.ms: the production portal served by that server, signed in as the Super Admin,
//   the six filter and sort changes of bench/portal-list.bench.mjs on /vehicle-management, from the change to the
//   painted rows (Chromium); the worst of the six. The same measurement as portal.list100k.filtersort.ms, whose
//   answers come from a stub with a fixed 30 ms instead.
// How long migrating and seeding the demo world took is in the list figure's note (no budget of its own).
// Needs Debian's postgresql package (or PG_BIN); SEED_VEHICLES, LIST_REQUESTS and LOAD_SECONDS shrink it for a try.
import { execSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { CHANGES, START, launch, measureChanges, waitForList } from './portal-list.bench.mjs';

/** Starts the server bench, holding its server after the figures; resolves with the figures and a way to stop it. */
function startServerBench(server) {
  const child = spawn(join(server, 'node_modules', '.bin', 'tsx'), ['bench/vehicle-list.ts'], {
    cwd: server,
    env: { ...process.env, SERVER_BENCH_HOLD: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server/bench/vehicle-list.ts exited with ${code}`)));
    let out = '';
    child.stdout.on('data', (data) => {
      out += data;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line || !out.includes(`${line}\n`)) return;
      resolve({
        figures: JSON.parse(line),
        async stop() {
          child.stdin.end();
          await exited;
        },
      });
    });
  });
}

async function measurePortal(root, base) {
  const browser = await launch(root);
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${base}/login?returnTo=${encodeURIComponent(`/vehicle-management?${START}`)}`);
    await page.getByLabel('E-mail').fill('sa@voltline.demo');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForList(page);
    return await measureChanges(page, CHANGES);
  } finally {
    await browser.close();
  }
}

export async function run({ root }) {
  execSync('pnpm --filter @voltline/portal build', { cwd: root, stdio: 'ignore' });
  const { figures, stop } = await startServerBench(join(root, 'server'));
  let portal;
  try {
    portal = await measurePortal(root, figures.base);
  } finally {
    await stop();
  }
  const load = `load average ${figures.loadavg.map((x) => x.toFixed(2)).join(' ')} (shared machine: upper bounds)`;
  return [
    {
      id: 'server.vehicles.list100k.p95.ms',
      value: figures.list.p95,
      unit: 'ms',
      budget: 50,
      note: `${figures.vehicles} vehicles (migrated and seeded in ${Math.round(figures.seedMs / 1000)} s), ${figures.list.requests} requests, p50 ${figures.list.p50} ms, max ${figures.list.max} ms; ${load}`,
    },
    {
      id: 'server.api.p99.ms',
      value: figures.load.p99,
      unit: 'ms',
      budget: 100,
      note: `${figures.load.connections} connections for ${figures.load.seconds} s: ${figures.load.rps} requests/s, p50 ${figures.load.p50} ms; CPU per request: server ${figures.load.cpuMsPerRequest?.server ?? '?'} ms, PostgreSQL ${figures.load.cpuMsPerRequest?.postgres ?? '?'} ms; ${load}`,
    },
    {
      id: 'portal.list100k.server.filtersort.ms',
      value: Math.max(...portal.timings),
      unit: 'ms',
      budget: 150,
      note: `changes ${portal.timings.join('/')} ms (before request + request + after: ${portal.splits.join(', ')}); against the server above`,
    },
  ];
}
