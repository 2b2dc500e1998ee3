import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DatabaseHandle } from '../src/db/database';
import { claimJobs, failJob, finishJob, scheduleJob, startJobWorker } from '../src/db/job-queue';
import { openTestDatabase } from './helpers';

/** The job queue in the database (migration 0029, decision 0127) on this project's engine. */

let database: DatabaseHandle;
let drop: () => Promise<void>;
const T0 = new Date('2026-01-05T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase(false));
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

test('a due job is claimed once until its lock passes; done, it is deleted; rescheduled meanwhile, it is kept', async () => {
  const db = database.db;
  await db.deleteFrom('jobs').execute();
  await scheduleJob(db, { key: 'k:a', kind: 'test', payload: { n: 1 }, runAt: at(0) }, 'at');
  await scheduleJob(db, { key: 'k:b', kind: 'test', payload: { n: 2 }, runAt: at(10_000) }, 'at');
  // Only what is due, once: a second claim while the lock holds gets nothing.
  const [a, ...none] = await claimJobs(db, at(1_000), 10, 60_000);
  expect(none).toEqual([]);
  expect(a).toMatchObject({ key: 'k:a', kind: 'test', payload: { n: 1 }, attempts: 1 });
  expect(await claimJobs(db, at(2_000), 10, 60_000)).toEqual([]);
  // A worker that died lets go when its lock passes.
  const again = await claimJobs(db, at(61_000), 1, 60_000);
  expect(again.map((j) => j.key)).toEqual(['k:a']);
  // The work rescheduled it (the same key is one job): finishing releases it for its new time instead of deleting it.
  await scheduleJob(db, { key: 'k:a', kind: 'test', payload: { n: 1 }, runAt: at(90_000) }, 'at');
  await finishJob(db, again[0]!);
  const kept = await db.selectFrom('jobs').selectAll().where('key', '=', 'k:a').executeTakeFirstOrThrow();
  expect(kept.run_at.getTime()).toBe(at(90_000).getTime());
  expect(kept.locked_until).toBeNull();
  // `no-later` only brings a job forward.
  await scheduleJob(db, { key: 'k:a', kind: 'test', payload: { n: 1 }, runAt: at(120_000) }, 'no-later');
  await scheduleJob(db, { key: 'k:b', kind: 'test', payload: { n: 2 }, runAt: at(5_000) }, 'no-later');
  const times = await db.selectFrom('jobs').select(['key', 'run_at']).orderBy('key').execute();
  expect(times.map((j) => [j.key, j.run_at.getTime() - T0.getTime()])).toEqual([
    ['k:a', 90_000],
    ['k:b', 5_000],
  ]);
  // Done and not rescheduled: gone.
  const [b] = await claimJobs(db, at(6_000), 10, 60_000);
  await finishJob(db, b!);
  expect(await db.selectFrom('jobs').select('key').execute()).toEqual([{ key: 'k:a' }]);
  // A failure is tried again later, its error kept.
  const [c] = await claimJobs(db, at(90_000), 10, 60_000);
  await failJob(db, c!, 'boom', at(95_000));
  const failed = await db.selectFrom('jobs').selectAll().where('key', '=', 'k:a').executeTakeFirstOrThrow();
  expect(failed).toMatchObject({ last_error: 'boom', locked_until: null });
  expect(failed.run_at.getTime()).toBe(at(95_000).getTime());
});

test('the worker runs due jobs by their kind, retries one that throws, and leaves a job it has no handler for', async () => {
  const db = database.db;
  await db.deleteFrom('jobs').execute();
  let clock = at(0);
  const ran: string[] = [];
  let failures = 1;
  await scheduleJob(db, { key: 'w:ok', kind: 'ok', payload: {}, runAt: at(0) }, 'at');
  await scheduleJob(db, { key: 'w:flaky', kind: 'flaky', payload: {}, runAt: at(0) }, 'at');
  await scheduleJob(db, { key: 'w:other', kind: 'unknown', payload: {}, runAt: at(0) }, 'at');
  const worker = startJobWorker(
    db,
    {
      ok: async (_payload, job) => {
        ran.push(job.key);
      },
      flaky: async (_payload, job) => {
        if (failures-- > 0) throw new Error('not yet');
        ran.push(job.key);
      },
    },
    { now: () => clock, pollMs: 60_000 },
  );
  await worker.idle();
  expect(ran).toEqual(['w:ok']);
  const left = await db.selectFrom('jobs').select(['key', 'run_at', 'last_error']).orderBy('key').execute();
  expect(left.map((j) => j.key)).toEqual(['w:flaky', 'w:other']);
  expect(left[0]?.last_error).toBe('Error: not yet');
  // Tried again after its back-off (1 s).
  clock = at(1_000);
  worker.wake();
  await worker.idle();
  expect(ran).toEqual(['w:ok', 'w:flaky']);
  await worker.close();
  expect((await db.selectFrom('jobs').select('key').execute()).map((j) => j.key)).toEqual(['w:other']);
});

test('two workers claiming at once never take the same job (SKIP LOCKED)', async () => {
  const db = database.db;
  await db.deleteFrom('jobs').execute();
  for (let i = 0; i < 40; i += 1)
    await scheduleJob(db, { key: `s:${i}`, kind: 'test', payload: {}, runAt: at(i) }, 'at');
  const claims = await Promise.all(Array.from({ length: 4 }, () => claimJobs(db, at(100), 15, 60_000)));
  const keys = claims.flat().map((j) => j.key);
  expect(keys).toHaveLength(40);
  expect(new Set(keys).size).toBe(40);
});
