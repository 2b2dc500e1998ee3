import { afterEach, describe, expect, test, vi } from 'vitest';
import { getEnv } from '@/config/env';
import { server } from '../node';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';
import type { RolloutProgress } from '@/domain/live-payloads';
import { parseLiveMessage, topics } from '@/shared/lib/live/topics';
import { createFirmwareHandlers } from './firmware';
import { settleOpenRollouts } from './lib/firmware';
import { createApiHttp } from './http';

const SHA = 'a'.repeat(64);

afterEach(() => {
  vi.useRealTimers();
});

/** The newest seeded BMS release the platform admin sees, and its model. */
async function bmsRelease(token: string) {
  const list = await call('GET', '/firmware-releases?filter[deviceType]=BMS&sort=createdAt:desc&pageSize=1', { token });
  return list.body.items[0] as { id: string; modelId: string; version: string; replacesReleaseId: string | null };
}

function validRelease(modelId: string, version = '9.0.0') {
  return { deviceType: 'BMS', modelId, version, fileName: 'bms.bin', fileSize: 1024, sha256: SHA, notes: 'Fixes' };
}

/**
 * The seeded BMS devices of a model, below 4.0.0, fitted to a vehicle and not waiting in the seeded paused rollout:
 * the ones a 4.0.0 rollout may reach.
 */
function fittedBelow4(db: Awaited<ReturnType<typeof getWorldDb>>, modelId: string) {
  const queued = new Set(
    db.tables.otaUpdates
      .all()
      .filter((u) => u.rolloutId !== null && u.phase === 'queued')
      .map((u) => u.deviceId),
  );
  return db.tables.bmsDevices
    .all()
    .filter((d) => d.modelId === modelId && d.firmwareVersion < '4' && d.vehicleId !== null && !queued.has(d.id));
}

const POLICY = {
  canaryPercent: 10,
  waveSize: 5,
  pauseBetweenWavesSec: 5,
  failureThresholdPercent: 30,
  minFinishedCount: 2,
  timeoutSec: 60,
  maxRetries: 0,
  preconditions: { minSoc: 0, parked: false, notCharging: false, ignitionOff: false, connected: false },
};

describe('firmware releases', () => {
  test('401 without a token, 403 without FOTA, 404 for an unknown release', async () => {
    expect((await call('GET', '/firmware-releases')).status).toBe(401);
    const dealer = await signIn('DA');
    expect((await call('GET', '/firmware-releases', { token: dealer })).status).toBe(403);
    const sa = await signIn('SA');
    expect((await call('GET', '/firmware-releases/fw-nope', { token: sa })).status).toBe(404);
  });

  test('lists the seeded releases, each replacing the one before', async () => {
    const sa = await signIn('SA');
    const res = await call('GET', '/firmware-releases?filter[deviceType]=BMS', { token: sa });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(1);
    const newest = res.body.items.find((r: { version: string }) => r.version === '4.0.0');
    expect(newest).toMatchObject({ replacesVersion: '3.9.21', deviceType: 'BMS' });
  });

  test('uploads a newer release (201, audited) and refuses one not newer, a wrong file and a bad hash, creating nothing', async () => {
    const sa = await signIn('SA');
    const base = await bmsRelease(sa);
    const before = (await call('GET', '/firmware-releases', { token: sa })).body.total;
    const bad = await call('POST', '/firmware-releases', {
      token: sa,
      body: { ...validRelease(base.modelId, '4.0.0'), fileName: 'notes.pdf', sha256: 'xyz' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      version: 'Must be newer than 4.0.0, the release it replaces.',
      file: 'Use a firmware image: .bin, .hex, .img, .fw, .swu.',
      sha256: 'Send the SHA-256 of the file as 64 hex digits.',
    });
    const big = await call('POST', '/firmware-releases', {
      token: sa,
      body: { ...validRelease(base.modelId), fileSize: 65 * 1024 * 1024, version: 'v5' },
    });
    expect(big.body.fieldErrors).toMatchObject({
      file: 'The file must be at most 64 MiB.',
      version: expect.stringMatching(/semantic/),
    });
    expect((await call('GET', '/firmware-releases', { token: sa })).body.total).toBe(before);
    const ok = await call('POST', '/firmware-releases', { token: sa, body: validRelease(base.modelId) });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ version: '9.0.0', replacesVersion: '4.0.0', sha256: SHA });
    const audit = (await call('GET', '/audit', { token: sa })).body.items[0];
    expect(audit).toMatchObject({ entity: 'BMS', action: 'Add' });
  });

  test('an OEM employee may read but a role without Add may not upload', async () => {
    const dealer = await signIn('DA');
    expect((await call('POST', '/firmware-releases', { token: dealer, body: {} })).status).toBe(403);
  });
});

describe('firmware rollouts', () => {
  test('refuses a rollout with no devices or a threshold out of range', async () => {
    const sa = await signIn('SA');
    const base = await bmsRelease(sa);
    const res = await call('POST', '/firmware-rollouts', {
      token: sa,
      body: {
        releaseId: base.id,
        target: { kind: 'filter', filter: { q: 'no-such-serial' } },
        policy: { ...POLICY, failureThresholdPercent: 0 },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toMatchObject({
      'policy.failureThresholdPercent': 'The failure threshold must be a whole number from 1 to 100.',
      target: expect.stringMatching(/^No device in this target/),
    });
    // Only the seeded ones (a paused rollout per BMS, MCU and VCU kind): the refused one was not created.
    expect((await call('GET', '/firmware-rollouts', { token: sa })).body.total).toBe(3);
  });

  test('plays a rollout out over time: injected failures pause the wave by itself, rollback re-deploys the previous release', async () => {
    const db = await getWorldDb();
    const sa = await signIn('SA');
    const base = await bmsRelease(sa);
    const devices = fittedBelow4(db, base.modelId);
    expect(devices.length).toBeGreaterThan(8);
    // Knobs: 10x speed; which serials fail or go silent is decided after we know the waves (by serial, any wave).
    const serials = devices.map((d) => d.serialNumber);
    server.use(
      ...createFirmwareHandlers(createApiHttp(getEnv().apiUrl), {
        simulation: () => ({ speed: 10, failSerials: serials, silentSerials: [] }),
      }),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const created = await call('POST', '/firmware-rollouts', {
      token: sa,
      body: { releaseId: base.id, target: { kind: 'filter', filter: {} }, policy: { ...POLICY, canaryPercent: 0 } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'running', currentWave: 0, deviceCount: devices.length });
    vi.setSystemTime(start + 600_000);
    const paused = (await call('GET', `/firmware-rollouts/${created.body.id}`, { token: sa })).body;
    expect(paused.status).toBe('paused');
    expect(paused.pauseReason).toMatch(/^Paused by itself: \d+ of \d+ finished devices of wave 1 failed/);
    const failed = await call('GET', `/firmware-rollouts/${created.body.id}/devices?filter[status]=3`, { token: sa });
    expect(failed.body.total).toBeGreaterThanOrEqual(2);
    // Resume and cancel need their action bits; resume twice is a 409.
    expect((await call('POST', `/firmware-rollouts/${created.body.id}/pause`, { token: sa })).status).toBe(409);
    const rollback = await call('POST', `/firmware-rollouts/${created.body.id}/rollback`, { token: sa });
    expect(rollback.status).toBe(201);
    expect(rollback.body).toMatchObject({ targetKind: 'rollback', version: '3.9.21', rollbackOf: created.body.id });
    vi.setSystemTime(start + 1_200_000);
    const rolledBack = (await call('GET', `/firmware-rollouts/${rollback.body.id}`, { token: sa })).body;
    expect(rolledBack.status).toBe('completed');
    const history = await call('GET', `/ota-updates?filter[rolloutId]=${rollback.body.id}`, { token: sa });
    expect(history.body.items[0]).toMatchObject({ toVersion: '3.9.21', status: expect.any(Number) });
    const cancelled = await call('POST', `/firmware-rollouts/${created.body.id}/cancel`, { token: sa });
    expect(cancelled.body.status).toBe('cancelled');
  });

  test('a silent device fails after the in-progress time-out', async () => {
    const db = await getWorldDb();
    const sa = await signIn('SA');
    const base = await bmsRelease(sa);
    const device = fittedBelow4(db, base.modelId)[0];
    server.use(
      ...createFirmwareHandlers(createApiHttp(getEnv().apiUrl), {
        simulation: () => ({ speed: 1, failSerials: [], silentSerials: [device?.serialNumber ?? ''] }),
      }),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const created = await call('POST', '/firmware-rollouts', {
      token: sa,
      body: {
        releaseId: base.id,
        target: { kind: 'filter', filter: { q: device?.serialNumber } },
        policy: { ...POLICY, canaryPercent: 0, waveSize: 1, minFinishedCount: 1, timeoutSec: 60 },
      },
    });
    expect(created.status).toBe(201);
    vi.setSystemTime(start + 300_000);
    const rows = (await call('GET', `/firmware-rollouts/${created.body.id}/devices`, { token: sa })).body.items;
    expect(rows[0]).toMatchObject({ status: 3, failureReason: 'Timed out: no progress report for 60 s' });
  });

  test('each step publishes one progress summary per rollout that changed, with counts that add up to its devices', async () => {
    const db = await getWorldDb();
    const sa = await signIn('SA');
    const base = await bmsRelease(sa);
    server.use(
      ...createFirmwareHandlers(createApiHttp(getEnv().apiUrl), {
        simulation: () => ({ speed: 10, failSerials: [], silentSerials: [], random: false }),
      }),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const created = await call('POST', '/firmware-rollouts', {
      token: sa,
      body: { releaseId: base.id, target: { kind: 'filter', filter: {} }, policy: { ...POLICY, canaryPercent: 0 } },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const summaries: RolloutProgress[] = [];
    const devices: string[] = [];
    const step = (t: number) => {
      summaries.length = 0;
      devices.length = 0;
      settleOpenRollouts(
        db,
        t,
        (u) => {
          if (u.rolloutId === id) devices.push(u.deviceId);
        },
        (p) => {
          if (p.rolloutId === id) summaries.push(p);
        },
      );
    };

    step(start + 20_000);
    expect(devices.length).toBeGreaterThan(0);
    expect(summaries).toHaveLength(1);
    const [summary] = summaries as [RolloutProgress];
    expect(summary).toMatchObject({ rolloutId: id, releaseId: base.id, status: 'running', ts: start + 20_000 });
    const { total, pending, waiting, inProgress, completed, failed, skipped } = summary;
    expect(total).toBe(created.body.deviceCount);
    expect(pending + waiting + inProgress + completed + failed + skipped).toBe(total);
    // What the firmware backend publishes is what the portal's parser accepts on the rollout's own topic.
    const parsed = parseLiveMessage(topics.rolloutProgress(id), JSON.stringify(summary));
    expect(parsed).toEqual({
      ok: true,
      message: { kind: 'rollout-progress', topic: topics.rolloutProgress(id), data: summary },
    });

    // A step in which nothing of the rollout changed publishes no summary.
    step(start + 20_000);
    expect(devices).toEqual([]);
    expect(summaries).toEqual([]);
    await call('POST', `/firmware-rollouts/${id}/cancel`, { token: sa });
  });

  test('a device not fitted to a vehicle is left out: it cannot be reached over the air and would hold its wave', async () => {
    const db = await getWorldDb();
    const sa = await signIn('SA');
    const base = await bmsRelease(sa);
    const device = fittedBelow4(db, base.modelId)[0];
    if (!device) throw new Error('no fitted BMS device below 4.0.0 in the seeded world');
    const vehicleId = device.vehicleId;
    db.tables.bmsDevices.update(device.id, { vehicleId: null });
    try {
      const alone = await call('POST', '/firmware-rollouts', {
        token: sa,
        body: { releaseId: base.id, target: { kind: 'filter', filter: { q: device.serialNumber } }, policy: POLICY },
      });
      expect(alone.status).toBe(400);
      expect(alone.body.fieldErrors.target).toContain('not fitted to a vehicle');

      const all = await call('POST', '/firmware-rollouts', {
        token: sa,
        body: { releaseId: base.id, target: { kind: 'filter', filter: {} }, policy: POLICY },
      });
      expect(all.status).toBe(201);
      const rows = (await call('GET', `/firmware-rollouts/${all.body.id}/devices?pageSize=1000`, { token: sa })).body
        .items as { deviceId: string }[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.deviceId)).not.toContain(device.id);
      await call('POST', `/firmware-rollouts/${all.body.id}/cancel`, { token: sa });
    } finally {
      db.tables.bmsDevices.update(device.id, { vehicleId });
    }
  });

  test('pause, resume and cancel check their action bits and the rollout state', async () => {
    const sa = await signIn('SA');
    const base = await bmsRelease(sa);
    const created = await call('POST', '/firmware-rollouts', {
      token: sa,
      body: { releaseId: base.id, target: { kind: 'filter', filter: {} }, policy: POLICY },
    });
    const id = created.body.id;
    expect((await call('POST', `/firmware-rollouts/${id}/resume`, { token: sa })).status).toBe(409);
    expect((await call('POST', `/firmware-rollouts/${id}/pause`, { token: sa })).body.status).toBe('paused');
    expect((await call('POST', `/firmware-rollouts/${id}/resume`, { token: sa })).body.status).toBe('running');
    const dealer = await signIn('DA');
    expect((await call('POST', `/firmware-rollouts/${id}/cancel`, { token: dealer })).status).toBe(403);
    expect((await call('POST', '/firmware-rollouts/rol-nope/cancel', { token: sa })).status).toBe(404);
    expect((await call('POST', `/firmware-rollouts/${id}/cancel`, { token: sa })).body.status).toBe('cancelled');
    expect((await call('POST', `/firmware-rollouts/${id}/cancel`, { token: sa })).status).toBe(409);
  });
});

describe('device OTA history', () => {
  test('401, 403 without FOTA.h, and the seeded history with versions, status and duration', async () => {
    expect((await call('GET', '/ota-updates')).status).toBe(401);
    const fleetEmployee = await signIn('FE');
    expect((await call('GET', '/ota-updates', { token: fleetEmployee })).status).toBe(403);
    const sa = await signIn('SA');
    const res = await call('GET', '/ota-updates?filter[status]=3&pageSize=5', { token: sa });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.items[0]).toMatchObject({
      status: 3,
      fromVersion: expect.any(String),
      toVersion: expect.any(String),
      failureReason: expect.any(String),
      durationSec: expect.any(Number),
    });
  });

  test('a dealer sees only the updates of devices of its vehicles', async () => {
    const db = await getWorldDb();
    const dealer = await signIn('DA');
    const res = await call('GET', '/ota-updates?pageSize=100', { token: dealer });
    expect(res.status).toBe(200);
    const me = (await call('GET', '/auth/me', { token: dealer })).body;
    const dealerId = me.user?.dealerId ?? me.dealerId;
    for (const u of res.body.items as { vehicleId: string | null }[]) {
      expect(u.vehicleId && db.tables.vehicles.get(u.vehicleId)?.dealerId).toBe(dealerId);
    }
  });
});

test("a vehicle's OTA history opens with its details key (vh.l.d.ota) alone; the fleet-wide history needs FOTA.h", async () => {
  // A fleet employee holds the vehicle details' OTA history key but not the Device OTA history page's.
  const fe = await signIn('FE');
  expect((await call('GET', '/ota-updates', { token: fe })).status).toBe(403);
  const db = await getWorldDb();
  const vehicle = (await call('GET', '/vehicles?pageSize=100', { token: fe })).body.items.find((v: { id: string }) =>
    db.tables.otaUpdates.all().some((u) => u.vehicleId === v.id && u.sentAt !== null),
  );
  expect(vehicle).toBeDefined();
  const own = await call('GET', `/ota-updates?filter[vehicleId]=${vehicle.id}`, { token: fe });
  expect(own.status).toBe(200);
  expect(own.body.total).toBeGreaterThan(0);
  expect(own.body.items.every((u: { vehicleId: string }) => u.vehicleId === vehicle.id)).toBe(true);
  // One device's history needs that kind's key: a fleet employee has no BMS details.
  const bms = db.tables.vehicles.get(vehicle.id)?.bmsId;
  expect((await call('GET', `/ota-updates?filter[deviceId]=${bms}`, { token: fe })).status).toBe(403);
});
