// The server's vehicle list at fleet scale, on a real PostgreSQL (bench/server-vehicles.bench.mjs runs this with tsx and
// reads the JSON of its last line). Steps:
// 1. a throw-away PostgreSQL 15+ cluster (test/postgres-cluster.ts, as the tests start it), migrated and seeded with the
//    demo world of SEED_VEHICLES (default 100,000) vehicles; the seed's time is reported. The seeded cluster's data
//    folder is kept as a template (node_modules/.cache/voltline-server-bench, keyed by a hash of the server's sources
//    but its migrations, and the world generator's, so a change there seeds anew; BENCH_RESEED=1 forces it): later runs
//    start from a copy, on which migrations added since run at the start as an upgrade would run them;
// 2. the server (src/server.ts, as `npm start` runs it) in a child process on that database, on a free port;
// 3. server.vehicles.list100k.p95.ms: LIST_REQUESTS (default 300) requests one after another, after a warm-up, over
//    HTTP, each `GET /api/vehicles` with a filter, a sort and a page that vary (fixed pseudo-random sequence), as the
//    Super Admin (every vehicle in scope); the p95 of the times from request to the whole body read;
// 4. server.api.p99.ms: autocannon, 100 connections for LOAD_SECONDS (default 10) on the same requests; p99 and req/s,
//    and the CPU time per request of the server's process tree and of PostgreSQL's (Linux's /proc; decision 0122).
// With SERVER_BENCH_HOLD=1 the server keeps running after the JSON line (which then holds its base URL), serving the
// built portal (portal/dist), until this process's stdin ends: bench/server-vehicles.bench.mjs measures the portal's
// list against it in Chromium then.
// The client runs in this process and the server in its own: on a shared machine both figures are upper bounds.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openPostgres } from '../src/db/database';
import { prepareDatabase } from '../src/start';
import { findPostgresBin, startPostgresCluster } from '../test/postgres-cluster';
import { listPaths } from './list-requests';
import { percentile, startServerChild, treeCpuMs } from './lib';

const VEHICLES = Number(process.env.SEED_VEHICLES ?? 100_000);
const LIST_REQUESTS = Number(process.env.LIST_REQUESTS ?? 300);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = 100;
const HOLD = process.env.SERVER_BENCH_HOLD === '1';
const SEED_TIME = '2026-11-28T09:00:00Z';
const CACHE = join(import.meta.dirname, '..', 'node_modules', '.cache', 'voltline-server-bench');
const log = (message: string) => console.error(`server-bench: ${message}`);

/** What the seeded database depends on: the server's sources (seed, columns) and the world generator's. */
function templateKey(): string {
  const hash = createHash('sha256').update(`${VEHICLES} ${SEED_TIME}`);
  const server = join(import.meta.dirname, '..');
  for (const dir of [join(server, 'src'), join(server, '..', 'portal', 'src', 'mocks', 'world')]) {
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    // Not the migrations: one added later runs on the template at the start, as an upgrade would.
    for (const file of files.filter((f) => !f.includes('/db/migrations/')))
      hash.update(file.slice(server.length)).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const round1 = (x: number) => Math.round(x * 10) / 10;

async function main(): Promise<void> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("no PostgreSQL 15+ (Debian's postgresql package, or PG_BIN)");
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  log(`load average at start: ${load()}`);
  const template = join(CACHE, `pg-${templateKey()}`);
  const cached = existsSync(template) && process.env.BENCH_RESEED !== '1';
  const cluster = await startPostgresCluster(bin, cached ? template : undefined);
  const dataDir = mkdtempSync(join(tmpdir(), 'voltline-bench-server-'));
  let server: Awaited<ReturnType<typeof startServerChild>> | undefined;
  try {
    const url = cluster.url.replace(/\/postgres$/, '/voltline_bench');
    let seedMs = 0;
    if (cached) {
      seedMs = (JSON.parse(readFileSync(`${template}.json`, 'utf8')) as { seedMs: number }).seedMs;
      log(`started from the seeded template ${template} (seeded in ${(seedMs / 1000).toFixed(1)} s when made)`);
    } else {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('CREATE DATABASE voltline_bench');
      await admin.end();
    }
    // Migrate and seed here, timed, so that the server's start finds a seeded database (on a template: the migrations added since it was made).
    const database = openPostgres(url);
    const seedStart = performance.now();
    await prepareDatabase(database, loadConfig({ SEED_VEHICLES: String(VEHICLES), SEED_TIME, DATA_DIR: dataDir }), log);
    if (!cached) seedMs = performance.now() - seedStart;
    await sql`ANALYZE`.execute(database.db);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM vehicles`.execute(database.db);
    await database.close();
    if (!cached) {
      log(`migrated and seeded ${rows[0]?.n} vehicles in ${(seedMs / 1000).toFixed(1)} s; keeping it as ${template}`);
      // Written under a temporary name and renamed, so that an interrupted copy is never taken for a template.
      rmSync(CACHE, { recursive: true, force: true });
      mkdirSync(CACHE, { recursive: true });
      cluster.copyData(`${template}.partial`);
      writeFileSync(`${template}.json`, JSON.stringify({ seedMs: Math.round(seedMs) }));
      renameSync(`${template}.partial`, template);
    }

    server = await startServerChild(url, dataDir, {
      PORTAL_DIR: HOLD ? join(import.meta.dirname, '..', '..', 'portal', 'dist') : join(dataDir, 'no-portal'),
    });
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'sa@voltline.demo', password: 'demo1234' }),
    });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };

    const get = async (path: string) => {
      const t0 = performance.now();
      const response = await fetch(`${server?.base}${path}`, { headers });
      const body = (await response.json()) as { items?: unknown[]; total?: number };
      const ms = performance.now() - t0;
      if (response.status !== 200 || !Array.isArray(body.items)) {
        throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
      }
      return ms;
    };
    for (const path of listPaths(30, 7)) await get(path);
    const paths = listPaths(LIST_REQUESTS);
    const times: { path: string; ms: number }[] = [];
    for (const path of paths) times.push({ path, ms: await get(path) });
    const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, 5);
    log(`list: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`);
    for (const s of slowest) log(`  slow: ${s.ms.toFixed(1)} ms ${decodeURIComponent(s.path)}`);
    log(`load average after the list: ${load()}`);

    const cpu = () => ({ server: treeCpuMs(server?.child.pid ?? 0), postgres: treeCpuMs(cluster.pid()) });
    const cpuBefore = cpu();
    let i = 0;
    const result = await autocannon({
      url: server.base,
      connections: CONNECTIONS,
      duration: LOAD_SECONDS,
      headers,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] as string }) }],
    });
    log(
      `autocannon: ${result.requests.total} requests, ${result.requests.average} req/s, p50 ${result.latency.p50} ms, ` +
        `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    const cpuAfter = cpu();
    const perRequest = (side: 'server' | 'postgres') => {
      const [before, after] = [cpuBefore[side], cpuAfter[side]];
      return before === undefined || after === undefined
        ? undefined
        : Math.round((100 * (after - before)) / result.requests.total) / 100;
    };
    const cpuMsPerRequest = { server: perRequest('server'), postgres: perRequest('postgres') };
    log(`CPU per request: server ${cpuMsPerRequest.server} ms, PostgreSQL ${cpuMsPerRequest.postgres} ms`);
    log(`load average after the load: ${load()}`);
    if (result.non2xx > 0 || result.errors > 0) throw new Error('the load run had failed requests');

    console.log(
      JSON.stringify({
        vehicles: rows[0]?.n,
        seedMs: Math.round(seedMs),
        list: { requests: LIST_REQUESTS, p50: round1(p50), p95: round1(p95), max: round1(sorted.at(-1) ?? 0) },
        load: {
          connections: CONNECTIONS,
          seconds: LOAD_SECONDS,
          p99: result.latency.p99,
          p50: result.latency.p50,
          rps: result.requests.average,
          cpuMsPerRequest,
        },
        loadavg: loadavg(),
        base: HOLD ? server.base : undefined,
      }),
    );
    if (HOLD) {
      process.stdin.resume();
      await new Promise((resolve) => process.stdin.once('end', resolve));
    }
  } finally {
    if (server) {
      await server.stop();
    }
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
