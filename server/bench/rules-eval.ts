// The rule chain's cost per telemetry message with 1,000 enabled rules (issue 35, decision 0126's measure made a
// bench; budget `server.rules.eval.p99.ms`, decision 0137 Session 25). Run by bench/server-rules-eval.bench.mjs with the
// server's tsx; prints one JSON line of figures on stdout.
// - A demo world of 60 vehicles seeded into PGlite in memory (the engine of the server's tests: the rule chain's reads
//   are a few queries per batch, cached; what grows with the rules is the evaluation in this process), and 1,000 more
//   enabled EV rules on the OEM of the first vehicle, copies of one of its seeded rules with a condition that never
//   holds (state of charge above 100 %), so every message is evaluated by all of them and none fires.
// - The rule chain as the telemetry consumer runs it after a written batch (`createRuleLive(...).afterWrite`): 1,000
//   messages a batch from that OEM's vehicles at 1 Hz, WARMUP batches first, then BATCHES measured; per batch the CPU
//   time of this process (`process.cpuUsage`, user + system: what a shared machine's load moves least, decision 0122)
//   and the wall time, each divided by the batch's messages.
// - The figure: the p99 over the measured batches of the CPU time per message, ms. The evaluation runs per batch, so
//   a message's cost is its batch's share; the wall time per message (p50, p99) is in the note.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/database';
import { createServiceDeps } from '../src/deps';
import { createRuleLive } from '../src/live/rule-live';
import type { VehicleSample } from '../src/services/ingestion/ingestion-store';
import { prepareDatabase } from '../src/start';
import { percentile } from './lib';

const RULES = 1000;
const BATCH = 1000;
const WARMUP = Number(process.env.WARMUP ?? 10);
const BATCHES = Number(process.env.BATCHES ?? 100);

const dataDir = mkdtempSync(join(tmpdir(), 'voltline-rules-bench-'));
const database = await openPglite(undefined);
try {
  const config = loadConfig({ SEED_VEHICLES: '60', DATA_DIR: dataDir });
  await prepareDatabase(database, config, () => undefined);
  const db = database.db;
  const first = await db.selectFrom('vehicles').select('oem_id').orderBy('id').executeTakeFirstOrThrow();
  const template = await db
    .selectFrom('rules')
    .selectAll()
    .where('oem_id', '=', first.oem_id)
    .where('device_kind', '=', 'EV')
    .where('vehicle_id', 'is', null)
    .where('model_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const never = JSON.stringify([{ kind: 'telemetry', key: 'soc', comparator: '>', value: 100 }]);
  for (let start = 0; start < RULES; start += 100) {
    await db
      .insertInto('rules')
      .values(
        Array.from({ length: Math.min(100, RULES - start) }, (_, i) => ({
          ...template,
          id: `rul-bench-${String(start + i).padStart(4, '0')}`,
          name: `Bench rule ${start + i}`,
          conditions: never as never,
          clear_conditions: JSON.stringify(template.clear_conditions ?? []) as never,
          recipients: JSON.stringify(template.recipients ?? []) as never,
          enabled: true,
          last_fired_at: null,
        })),
      )
      .execute();
  }
  const enabled = await db
    .selectFrom('rules')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('enabled', '=', true)
    .executeTakeFirstOrThrow();
  const vehicles = await db
    .selectFrom('vehicles')
    .select(['id', 'lat', 'lng'])
    .where('oem_id', '=', first.oem_id)
    .orderBy('id')
    .execute();

  const deps = createServiceDeps(db, { publish: () => undefined, dataDir });
  const live = createRuleLive(db, deps.commands, () => undefined, { post: async () => ({ status: 204 }) });

  let t = Date.now();
  /** One batch: BATCH messages, one a second per vehicle, in the order a broker would deliver them. */
  function batch(): VehicleSample[] {
    const samples: VehicleSample[] = [];
    while (samples.length < BATCH) {
      t += 1000;
      for (const v of vehicles) {
        if (samples.length >= BATCH) break;
        const soc = 40 + ((samples.length + t / 1000) % 50);
        samples.push({
          vehicleId: v.id,
          at: t,
          values: { speed: 30, soc, odometer: 1200, stateCode: 66 },
          state: { soc, stateCode: 66, lat: v.lat, lng: v.lng, odometerKm: 1200 },
        });
      }
    }
    return samples;
  }

  for (let i = 0; i < WARMUP; i += 1) await live.afterWrite(batch());
  const cpuPerMessage: number[] = [];
  const wallPerMessage: number[] = [];
  for (let i = 0; i < BATCHES; i += 1) {
    const samples = batch();
    const cpu = process.cpuUsage();
    const wall = performance.now();
    await live.afterWrite(samples);
    const used = process.cpuUsage(cpu);
    wallPerMessage.push((performance.now() - wall) / samples.length);
    cpuPerMessage.push((used.user + used.system) / 1000 / samples.length);
  }
  await live.settle();
  cpuPerMessage.sort((a, b) => a - b);
  wallPerMessage.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10_000) / 10_000;
  console.log(
    JSON.stringify({
      enabledRules: Number(enabled.n),
      vehicles: vehicles.length,
      batch: BATCH,
      batches: BATCHES,
      cpu: { p50: round(percentile(cpuPerMessage, 50)), p99: round(percentile(cpuPerMessage, 99)) },
      wall: { p50: round(percentile(wallPerMessage, 50)), p99: round(percentile(wallPerMessage, 99)) },
      notifications: live.counters().notifications,
      loadavg: loadavg(),
    }),
  );
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
