// The Fleet API server's vehicle list over 100,000 vehicles on a real PostgreSQL (issue 39's Measures). The work is done
// by server/bench/vehicle-list.ts (run with the server's tsx, in its own process): a throw-away PostgreSQL 15+ cluster
// as the server's tests start it, migrated and seeded with the demo world, the server started on it as `npm start` runs
// it, then
// - server.vehicles.list100k.p95.ms: 300 `GET /api/vehicles` one after another, each with one or two filters, a sort
//   and a page that vary; p95 from request to the whole body read;
// - server.api.p99.ms: autocannon, 100 connections for 10 s on the same requests; p99, and requests/s in the note;
// How long migrating and seeding the demo world took is in the list figure's note (no budget of its own).
// Needs Debian's postgresql package (or PG_BIN); SEED_VEHICLES, LIST_REQUESTS and LOAD_SECONDS shrink it for a try.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export async function run({ root }) {
  const server = join(root, 'server');
  const result = spawnSync(join(server, 'node_modules', '.bin', 'tsx'), ['bench/vehicle-list.ts'], {
    cwd: server,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`server/bench/vehicle-list.ts exited with ${result.status}`);
  const figures = JSON.parse(result.stdout.trim().split('\n').at(-1));
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
      note: `${figures.load.connections} connections for ${figures.load.seconds} s: ${figures.load.rps} requests/s, p50 ${figures.load.p50} ms; ${load}`,
    },
  ];
}
