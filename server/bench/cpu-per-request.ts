// CPU time per request of the vehicle list under load, for A/B comparisons of the server (decision 0122's figure, the
// one the load of a shared machine moves least). Not a bench of `pnpm bench`: a tool for changes that cut the cost of
// a request. Steps:
// 1. a PostgreSQL 15+ cluster from a seeded template of SEED_VEHICLES (default 10,000) vehicles, made on the first run
//    (node_modules/.cache/voltline-cpu-per-request/pg-<vehicles>; migrated and seeded by this checkout's sources);
// 2. for each round (ROUNDS, default 2), for each server folder of SERVERS (`label=dir,label=dir`, a label's NODE_OPTIONS
//    after `#`; default this checkout's server), that server (src/server.ts as `npm start` runs it) on the cluster, then: sign-in, the bench's
//    list requests one after another (so the totals are counted, as the bench's list run leaves them), the same again
//    with the CPU time per request measured (no queueing: the steadier figure on a loaded machine), then autocannon, 100 connections for LOAD_SECONDS (default 10) on the same requests; CPU time of the server's process
//    tree and of PostgreSQL's over the load run (/proc), divided by the requests served.
// The servers share the cluster one after another; migrations a server adds run at its start and stay (an older
// server runs on the newer schema, as in a rolling upgrade).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openPostgres } from '../src/db/database';
import { prepareDatabase } from '../src/start';
import { findPostgresBin, startPostgresCluster } from '../test/postgres-cluster';
import { listPaths } from './list-requests';
import { startServerChild, treeCpuMs } from './lib';

const VEHICLES = Number(process.env.SEED_VEHICLES ?? 10_000);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const SEED_TIME = '2026-11-28T09:00:00Z';
const HERE = join(import.meta.dirname, '..');
const CACHE = join(HERE, 'node_modules', '.cache', 'voltline-cpu-per-request');
// `label=dir`, or `label=dir#--flag` to run that server's Node with NODE_OPTIONS=--flag (a heap setting, say).
const SERVERS = (process.env.SERVERS ?? `this=${HERE}`).split(',').map((pair) => {
  const at = pair.indexOf('=');
  const [dir, flags] = pair.slice(at + 1).split('#');
  return { label: pair.slice(0, at), dir: resolve(dir as string), env: flags ? { NODE_OPTIONS: flags } : {} };
});
const log = (message: string) => console.error(`cpu-per-request: ${message}`);

/**
 * CPU time (ms) of the backends serving the bench's database (the postmaster's children that name it), without the
 * cluster's background processes (checkpointer, autovacuum...), whose time does not scale with the requests.
 */
function backendsCpuMs(postmaster: number): number {
  let ms = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== postmaster) continue;
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('voltline_bench')) continue;
      ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // The process ended meanwhile.
    }
  }
  return ms;
}

async function main(): Promise<void> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("no PostgreSQL 15+ (Debian's postgresql package, or PG_BIN)");
  const template = join(CACHE, `pg-${VEHICLES}`);
  const cached = existsSync(template);
  const cluster = await startPostgresCluster(bin, cached ? template : undefined);
  const dataDir = mkdtempSync(join(tmpdir(), 'voltline-cpu-per-request-'));
  const url = cluster.url.replace(/\/postgres$/, '/voltline_bench');
  try {
    if (!cached) {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('CREATE DATABASE voltline_bench');
      await admin.end();
      const database = openPostgres(url);
      const config = loadConfig({ SEED_VEHICLES: String(VEHICLES), SEED_TIME, DATA_DIR: dataDir });
      await prepareDatabase(database, config, log);
      await sql`ANALYZE`.execute(database.db);
      await database.close();
      mkdirSync(CACHE, { recursive: true });
      cluster.copyData(`${template}.partial`);
      renameSync(`${template}.partial`, template);
      log(`seeded ${VEHICLES} vehicles; kept as ${template}`);
    }
    const paths = listPaths(300);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const { label, dir, env } of SERVERS) {
        const server = await startServerChild(url, dataDir, env, dir);
        try {
          const login = await fetch(`${server.base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'sa@voltline.demo', password: 'demo1234' }),
          });
          if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
          const { token } = (await login.json()) as { token: string };
          const headers = { authorization: `Bearer ${token}` };
          const serial = async () => {
            for (const path of paths) {
              const response = await fetch(`${server.base}${path}`, { headers });
              if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
              await response.arrayBuffer();
            }
          };
          await serial();
          // The same requests again one after another (every total kept): the cost of a request without queueing.
          const serialBefore = {
            server: treeCpuMs(server.child.pid ?? 0) ?? 0,
            backends: backendsCpuMs(cluster.pid()),
          };
          await serial();
          const serialMs = (side: 'server' | 'backends', now: number) =>
            ((now - serialBefore[side]) / paths.length).toFixed(2);
          log(
            `round ${round} ${label}: one after another, CPU per request: server ${serialMs('server', treeCpuMs(server.child.pid ?? 0) ?? 0)} ms, ` +
              `PostgreSQL's backends ${serialMs('backends', backendsCpuMs(cluster.pid()))} ms`,
          );
          const cpu = () => ({
            server: treeCpuMs(server.child.pid ?? 0) ?? 0,
            postgres: treeCpuMs(cluster.pid()) ?? 0,
            backends: backendsCpuMs(cluster.pid()),
          });
          const before = cpu();
          let i = 0;
          const result = await autocannon({
            url: server.base,
            connections: 100,
            duration: LOAD_SECONDS,
            headers,
            requests: [
              { method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] as string }) },
            ],
          });
          const after = cpu();
          const n = result.requests.total;
          const per = (side: 'server' | 'postgres' | 'backends') => ((after[side] - before[side]) / n).toFixed(2);
          log(
            `round ${round} ${label}: ${n} requests, ${result.requests.average} req/s, p50 ${result.latency.p50} ms, ` +
              `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}; CPU per request: server ${per('server')} ms, ` +
              `PostgreSQL ${per('postgres')} ms (its backends ${per('backends')} ms); load average ${loadavg()[0]?.toFixed(2)}`,
          );
          if (result.non2xx > 0 || result.errors > 0) throw new Error('the load run had failed requests');
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
