import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, expect, inject, test } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase, prepareDatabase, type RunningServer, startServer } from '../src/start';
import { ENGINE } from './helpers';

/**
 * A firmware rollout survives server restarts (issue 35 item 3, decision 0127): a rollout started on one server, which
 * is stopped between two waves, is resumed by a new server on the same database (its job queue; a rollout left without
 * a job gets one at start), which is stopped with the next wave's installs in flight; a third server sends those
 * installs their request again and finishes the rollout. Every device is answered by the in-process fleet simulator
 * over the real broker.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'voltline-rollout-restart-'));
const running: RunningServer[] = [];

afterAll(async () => {
  for (const server of running) await server.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

async function databaseUrlForThisTest(): Promise<Record<string, string>> {
  if (ENGINE === 'pglite') return {};
  const serverUrl = inject('postgresUrl');
  const name = `rollout_restart_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return { DATABASE_URL: serverUrl.replace(/\/postgres$/, `/${name}`) };
}

interface Rollout {
  id: string;
  status: string;
  currentWave: number;
  waveCount: number;
  deviceCount: number;
  nextWaveAt: string | null;
  waves: { completed: number; failed: number; total: number }[];
}
interface OtaUpdate {
  id: string;
  deviceId: string;
  phase: string;
  attempt: number;
  sentAt: string | null;
  wave: number;
}

test('a rollout stopped between waves, then with installs in flight, is resumed and finished by the next servers', async () => {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_VEHICLES: '20',
    LOG_LEVEL: 'warn',
    ...(await databaseUrlForThisTest()),
  });
  // Every seeded vehicle online, so that the simulator answers for each device of the rollout.
  const database = await openDatabase(config);
  await prepareDatabase(database, config, () => undefined);
  await database.db.updateTable('vehicles').set({ is_live: true }).execute();
  await database.close();

  // Installs at 20 times the demo's pace (1 to 3 s each) unless told, none failing or going silent. Installs left in
  // flight are looked at soon after the start (the in-process simulator has connected by then).
  const start = async (speed = 20) => {
    const server = await startServer(config, false, {
      simulate: true,
      ota: { speed, random: false },
      restartGraceMs: 300,
    });
    running.push(server);
    return server;
  };
  /**
   * The open rollouts without a job in the queue that no advance has looked at since `since` (what a seed, or a lost
   * job row, leaves): nothing would ever move them. (A paused rollout with nothing in flight needs no job once looked
   * at: its resume schedules one.)
   */
  const unattended = async (since: Date) => {
    const db = await openDatabase(config);
    try {
      const rows = await db.db
        .selectFrom('firmware_rollouts')
        .leftJoin('jobs', (join) => join.on('jobs.key', '=', sql<string>`'firmware-rollout:' || firmware_rollouts.id`))
        .select('firmware_rollouts.id')
        .where('jobs.key', 'is', null)
        .where('firmware_rollouts.advanced_at', '<', since)
        .where((eb) =>
          eb.or([
            eb('firmware_rollouts.status', 'in', ['running', 'paused']),
            eb.and([eb('firmware_rollouts.status', '=', 'cancelled'), eb('firmware_rollouts.finished_at', 'is', null)]),
          ]),
        )
        .execute();
      return rows.map((r) => r.id);
    } finally {
      await db.close();
    }
  };
  // The seed writes its rollouts after the migrations (which give open rollouts a job): it leaves them without one.
  // The start gives each one a job, which the worker runs (checked once this server has stopped: PGlite has one
  // owner at a time).
  const firstStart = new Date();
  expect((await unattended(firstStart)).length).toBeGreaterThan(0);
  let server = await start();
  const api = async <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
    const response = await fetch(`${server.url}api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  const login = async () =>
    (
      await api<{ token: string }>('/auth/login', {
        method: 'POST',
        body: { email: 'sa@voltline.demo', password: 'demo1234' },
      })
    ).body.token;
  let token = await login();

  // A release with devices to take it: probed with a rollout that is cancelled at once.
  const policy = {
    canaryPercent: 0,
    waveSize: 10_000,
    pauseBetweenWavesSec: 4,
    failureThresholdPercent: 100,
    minFinishedCount: 1,
    timeoutSec: 30,
    maxRetries: 0,
    preconditions: { minSoc: 0, parked: false, notCharging: false, ignitionOff: false, connected: false },
  };
  const releases = (await api<{ items: { id: string }[] }>('/firmware-releases?pageSize=100', { token })).body.items;
  let releaseId = '';
  let count = 0;
  for (const release of releases) {
    const probe = await api<Rollout>('/firmware-rollouts', {
      method: 'POST',
      token,
      body: { releaseId: release.id, target: { kind: 'filter', filter: {} }, policy },
    });
    if (probe.status !== 201) continue;
    expect((await api(`/firmware-rollouts/${probe.body.id}/cancel`, { method: 'POST', token })).status).toBe(200);
    if (probe.body.deviceCount >= 2) {
      releaseId = release.id;
      count = Math.min(probe.body.deviceCount, 6);
      break;
    }
  }
  expect(releaseId).not.toBe('');
  // Three waves at most (two when there are only two devices), 4 s apart.
  const waveSize = Math.max(1, Math.ceil(count / 3));
  const started = await api<Rollout>('/firmware-rollouts', {
    method: 'POST',
    token,
    body: { releaseId, target: { kind: 'filter', filter: {} }, policy: { ...policy, waveSize } },
  });
  expect(started.status).toBe(201);
  const { id } = started.body;
  expect(started.body.waveCount).toBeGreaterThanOrEqual(2);

  const waitFor = async (what: string, done: (r: Rollout) => boolean, timeoutMs: number): Promise<Rollout> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const r = (await api<Rollout>(`/firmware-rollouts/${id}`, { token })).body;
      if (done(r)) return r;
      if (Date.now() > until) throw new Error(`${what}: timed out; the rollout is ${JSON.stringify(r)}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };
  // The first wave is installed by the devices' answers; the rollout waits the pause before the second.
  const between = await waitFor('first wave finished', (r) => r.currentWave === 0 && r.nextWaveAt !== null, 60_000);
  expect(between.status).toBe('running');
  expect(between.waves[0]?.completed).toBe(between.waves[0]?.total);
  const devicesOf = async () =>
    (await api<{ items: OtaUpdate[] }>(`/firmware-rollouts/${id}/devices?pageSize=100`, { token })).body.items;
  const before = await devicesOf();
  expect(before.filter((u) => u.wave > 0).every((u) => u.phase === 'queued')).toBe(true);

  await server.stop();
  expect(await unattended(firstStart)).toEqual([]);
  // The job that resumes it is in the database the new server opens.
  const check = await openDatabase(config);
  const job = await check.db
    .selectFrom('jobs')
    .selectAll()
    .where('key', '=', `firmware-rollout:${id}`)
    .executeTakeFirst();
  await check.close();
  expect(job?.run_at.getTime()).toBe(Date.parse(between.nextWaveAt as string));
  // Its job row is lost (as a seed or a migration leaves a rollout): the next start gives it one again.
  const lose = await openDatabase(config);
  await lose.db.deleteFrom('jobs').where('key', '=', `firmware-rollout:${id}`).execute();
  await lose.close();
  const secondStart = new Date();
  expect(await unattended(secondStart)).toContain(id);

  // Installs ten times slower on this server (10 to 30 s each), so that it stops with the second wave in flight.
  server = await start(2);
  token = await login();
  const second = await waitFor(
    'second wave sent after the restart',
    (r) => r.currentWave === 1 && r.waves[1] !== undefined && r.waves[1].completed < r.waves[1].total,
    60_000,
  );
  expect(second.status).toBe('running');
  const sentSecond = async () => (await devicesOf()).filter((u) => u.wave === 1 && u.sentAt !== null);
  await (async () => {
    const until = Date.now() + 20_000;
    while ((await sentSecond()).length < (second.waves[1]?.total ?? 0) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 150));
  })();
  await server.stop();
  expect(await unattended(secondStart)).toEqual([]);
  // Its installs were in flight when it stopped: the vehicles' sessions (and the simulator's installs) went with it.
  const stopped = await openDatabase(config);
  const inFlight = await stopped.db
    .selectFrom('ota_updates')
    .select(['id', 'phase', 'sent_at'])
    .where('rollout_id', '=', id)
    .where('phase', 'in', ['sent', 'installing'])
    .execute();
  await stopped.close();
  expect(inFlight.length).toBeGreaterThan(0);

  // The next server sends each of them its install request again (same attempt): they install and the rollout ends.
  server = await start();
  token = await login();
  const finished = await waitFor('rollout completed after the restart', (r) => r.status === 'completed', 90_000);
  expect(finished.currentWave).toBe(finished.waveCount - 1);
  const after = await devicesOf();
  expect(
    finished.waves.every((w) => w.completed === w.total),
    JSON.stringify(after),
  ).toBe(true);
  // Where it stood: the first wave's devices were not sent again; the others were sent once, after the restart.
  for (const u of after) {
    const old = before.find((b) => b.id === u.id);
    expect(u.phase).toBe('completed');
    expect(u.attempt).toBe(0);
    if (u.wave === 0) expect(u.sentAt).toBe(old?.sentAt);
    // An install in flight at the stop: its one attempt, sent once, completed after the next start.
    const stuck = inFlight.find((f) => f.id === u.id);
    if (stuck) expect(Date.parse(u.sentAt as string)).toBe(new Date(stuck.sent_at as Date).getTime());
  }
  expect(server.ota().applied).toBeGreaterThan(0);
  expect(server.ota().dropped).toEqual({});
  await server.stop();
}, 240_000);
