import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Release = {
  id: string;
  deviceType: string;
  modelId: string | null;
  oemId: string;
  version: string;
  replacesReleaseId: string | null;
  replacesVersion: string | null;
};
type Rollout = {
  id: string;
  status: string;
  deviceType: string;
  targetKind: string;
  deviceCount: number;
  pauseReason: string | null;
  rollbackOf: string | null;
  waves: { wave: number; total: number; pending: number; skipped: number; failed: number }[];
};
type Update = { id: string; deviceId: string; phase: string; wave: number; sentAt: string | null };
type Page<T> = { items: T[]; total: number };

const SHA = 'b'.repeat(64);
const POLICY = {
  canaryPercent: 10,
  waveSize: 3,
  pauseBetweenWavesSec: 60,
  failureThresholdPercent: 30,
  minFinishedCount: 2,
  timeoutSec: 300,
  maxRetries: 1,
  preconditions: { minSoc: 20, parked: true, notCharging: false, ignitionOff: true, connected: true },
};

async function get(role: string, url: string, path: string) {
  const response = await server.call({ method: 'GET', url: `/api${url}`, token: await server.tokenOf(role) });
  expectContract('get', path, response);
  return response;
}

async function post(role: string, url: string, path: string, payload?: object) {
  const response = await server.call({
    method: 'POST',
    url: `/api${url}`,
    token: await server.tokenOf(role),
    ...(payload ? { payload } : {}),
  });
  expectContract('post', path, response);
  return response;
}

const countOf = async (table: 'firmware_releases' | 'firmware_rollouts' | 'ota_updates' | 'audit') =>
  (await server.database.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
const counts = async () => ({
  releases: await countOf('firmware_releases'),
  rollouts: await countOf('firmware_rollouts'),
  updates: await countOf('ota_updates'),
  audit: await countOf('audit'),
});
const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();
const oemOf = async (role: string) =>
  (
    await server.database.db
      .selectFrom('users')
      .select('oem_id')
      .where('email', '=', `${role.toLowerCase()}@voltline.demo`)
      .executeTakeFirstOrThrow()
  ).oem_id as string;

/** The newest seeded BMS release of the OEM admin's OEM (what a new one replaces). */
async function newestBmsRelease(): Promise<Release> {
  const oemId = await oemOf('OEMA');
  const page = (
    await get('OEMA', '/firmware-releases?filter[deviceType]=BMS&pageSize=1000', '/firmware-releases')
  ).json() as Page<Release>;
  const mine = page.items.filter((r) => r.oemId === oemId && r.version === '4.0.0');
  expect(mine.length).toBeGreaterThan(0);
  return mine[0] as Release;
}

describe('firmware releases', () => {
  test('401, 403 without FOTA; each caller sees its firmware scope; unknown filter values are 400', async () => {
    expect((await server.call({ method: 'GET', url: '/api/firmware-releases' })).statusCode).toBe(401);
    expect((await get('DA', '/firmware-releases', '/firmware-releases')).statusCode).toBe(403);
    const all = (await get('SA', '/firmware-releases?pageSize=1000', '/firmware-releases')).json() as Page<Release>;
    expect(all.total).toBe(await countOf('firmware_releases'));
    expect(all.total).toBeGreaterThan(0);
    const oemId = await oemOf('OEMA');
    const oem = (await get('OEMA', '/firmware-releases?pageSize=1000', '/firmware-releases')).json() as Page<Release>;
    expect(oem.total).toBeGreaterThan(0);
    expect(oem.total).toBeLessThan(all.total);
    expect(oem.items.every((r) => r.oemId === oemId)).toBe(true);
    const bms = (await get('BMSA', '/firmware-releases?pageSize=1000', '/firmware-releases')).json() as Page<Release>;
    expect(bms.total).toBe(all.items.filter((r) => r.deviceType === 'BMS').length);
    const bad = await get('SA', '/firmware-releases?filter[deviceType]=PHONE', '/firmware-releases');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_query' });
    const versions = (
      (await get('SA', '/firmware-releases?sort=version:desc&pageSize=5', '/firmware-releases')).json() as Page<Release>
    ).items.map((r) => r.version);
    expect(versions[0]).toBe('4.0.0');
  });

  test('get: the release; 404 when unknown or outside the caller scope', async () => {
    const all = (await get('SA', '/firmware-releases?pageSize=1000', '/firmware-releases')).json() as Page<Release>;
    const oemId = await oemOf('OEMA');
    const other = all.items.find((r) => r.oemId !== oemId) as Release;
    expect((await get('SA', `/firmware-releases/${other.id}`, '/firmware-releases/{id}')).statusCode).toBe(200);
    expect((await get('OEMA', `/firmware-releases/${other.id}`, '/firmware-releases/{id}')).statusCode).toBe(404);
    expect((await get('SA', '/firmware-releases/fw-nope', '/firmware-releases/{id}')).statusCode).toBe(404);
    const mcu = all.items.find((r) => r.deviceType === 'MCU') as Release;
    expect((await get('BMSA', `/firmware-releases/${mcu.id}`, '/firmware-releases/{id}')).statusCode).toBe(404);
  });

  test('create: a newer release replaces the newest (201, audited in the device kind); refusals write nothing', async () => {
    const previous = await newestBmsRelease();
    const body = {
      deviceType: 'BMS',
      modelId: previous.modelId,
      version: '4.1.0',
      fileName: 'bms-4.1.0.bin',
      fileSize: 2048,
      sha256: SHA,
      notes: 'Balancing',
    };
    const before = await counts();
    expect((await post('DA', '/firmware-releases', '/firmware-releases', body)).statusCode).toBe(403);
    const notNewer = await post('OEMA', '/firmware-releases', '/firmware-releases', { ...body, version: '3.0.0' });
    expect(notNewer.statusCode).toBe(400);
    expect(notNewer.json().fieldErrors).toHaveProperty('version');
    const badFile = await post('OEMA', '/firmware-releases', '/firmware-releases', {
      ...body,
      fileName: 'bms.exe',
      sha256: 'xyz',
    });
    expect(badFile.statusCode).toBe(400);
    expect(Object.keys(badFile.json().fieldErrors).sort()).toEqual(['file', 'sha256']);
    const tooBig = await post('OEMA', '/firmware-releases', '/firmware-releases', {
      ...body,
      fileSize: 64 * 2 ** 20 + 1,
    });
    expect(tooBig.json().fieldErrors).toHaveProperty('file');
    // Another OEM's model is not the OEM admin's to release for.
    const all = (
      await get('SA', '/firmware-releases?filter[deviceType]=BMS&pageSize=1000', '/firmware-releases')
    ).json() as Page<Release>;
    const foreign = all.items.find((r) => r.oemId !== previous.oemId) as Release;
    const other = await post('OEMA', '/firmware-releases', '/firmware-releases', { ...body, modelId: foreign.modelId });
    expect(other.statusCode).toBe(400);
    expect(other.json().fieldErrors).toHaveProperty('modelId');
    expect(await counts()).toEqual(before);

    const created = await post('OEMA', '/firmware-releases', '/firmware-releases', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      version: '4.1.0',
      replacesReleaseId: previous.id,
      replacesVersion: previous.version,
      oemId: previous.oemId,
    });
    expect(await counts()).toEqual({ ...before, releases: before.releases + 1, audit: before.audit + 1 });
    expect(await lastAudit()).toMatchObject({ entity: 'BMS', action: 'Add', entity_id: created.json().id });
    const again = await post('OEMA', '/firmware-releases', '/firmware-releases', body);
    expect(again.statusCode).toBe(400);
  });
});

describe('firmware rollouts', () => {
  test('list and get the seeded paused rollouts in scope; 404 outside it', async () => {
    const all = (await get('SA', '/firmware-rollouts?pageSize=100', '/firmware-rollouts')).json() as Page<Rollout>;
    expect(all.total).toBeGreaterThan(0);
    const paused = all.items.find((r) => r.status === 'paused' && r.deviceType === 'MCU') as Rollout;
    expect(paused.pauseReason).toMatch(/Paused by itself/);
    const bms = (await get('BMSA', '/firmware-rollouts?pageSize=100', '/firmware-rollouts')).json() as Page<Rollout>;
    expect(bms.items.every((r) => r.deviceType === 'BMS')).toBe(true);
    expect((await get('BMSA', `/firmware-rollouts/${paused.id}`, '/firmware-rollouts/{id}')).statusCode).toBe(404);
    expect((await get('DA', '/firmware-rollouts', '/firmware-rollouts')).statusCode).toBe(403);
    const one = await get('SA', `/firmware-rollouts/${paused.id}`, '/firmware-rollouts/{id}');
    expect(one.json().waves[0]).toMatchObject({ wave: 0, failed: 1 });
    const devices = (
      await get('SA', `/firmware-rollouts/${paused.id}/devices?pageSize=100`, '/firmware-rollouts/{id}/devices')
    ).json() as Page<Update>;
    expect(devices.total).toBe(paused.deviceCount);
    expect(devices.items.map((u) => u.wave)).toEqual([...devices.items.map((u) => u.wave)].sort((a, b) => a - b));
  });

  test('start in waves (201, audited), pause, resume, cancel through the state machine; 409 in the wrong state', async () => {
    const release = await newestBmsRelease();
    const before = await counts();
    const refused = await post('OEMA', '/firmware-rollouts', '/firmware-rollouts', {
      releaseId: release.id,
      target: { kind: 'filter', filter: { versionMin: '99.0.0' } },
      policy: POLICY,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toHaveProperty('target');
    const badPolicy = await post('OEMA', '/firmware-rollouts', '/firmware-rollouts', {
      releaseId: release.id,
      target: { kind: 'filter', filter: {} },
      policy: { ...POLICY, minFinishedCount: 5 },
    });
    expect(badPolicy.json().fieldErrors).toHaveProperty(['policy.minFinishedCount']);
    const valid = { releaseId: release.id, target: { kind: 'filter', filter: {} }, policy: POLICY };
    expect((await post('DA', '/firmware-rollouts', '/firmware-rollouts', valid)).statusCode).toBe(403);
    // Another OEM's admin does not see the release: 400 on releaseId, nothing started.
    const foreign = await post('SA', '/firmware-rollouts', '/firmware-rollouts', { ...valid, releaseId: 'fw-nope' });
    expect(foreign.json().fieldErrors).toHaveProperty('releaseId');
    expect(await counts()).toEqual(before);

    const started = await post('OEMA', '/firmware-rollouts', '/firmware-rollouts', {
      releaseId: release.id,
      target: { kind: 'filter', filter: {} },
      policy: POLICY,
    });
    expect(started.statusCode, started.body).toBe(201);
    const rollout = started.json() as Rollout;
    expect(rollout.status).toBe('running');
    expect(rollout.deviceCount).toBeGreaterThan(0);
    expect(rollout.waves[0]?.total).toBe(Math.max(1, Math.ceil((rollout.deviceCount * 10) / 100)));
    expect(rollout.waves.reduce((n, w) => n + w.total, 0)).toBe(rollout.deviceCount);
    const after = await counts();
    expect(after).toEqual({
      ...before,
      rollouts: before.rollouts + 1,
      updates: before.updates + rollout.deviceCount,
      audit: before.audit + 1,
    });
    expect(await lastAudit()).toMatchObject({ entity: 'Command', action: 'Assign', entity_id: rollout.id });
    // Every device is of the release's model, fitted, and below the release.
    const devices = await server.database.db
      .selectFrom('ota_updates')
      .innerJoin('devices', 'devices.id', 'ota_updates.device_id')
      .select(['devices.model_id', 'devices.vehicle_id', 'ota_updates.from_version'])
      .where('rollout_id', '=', rollout.id)
      .execute();
    expect(devices.every((d) => d.model_id === release.modelId && d.vehicle_id !== null)).toBe(true);
    // A device in an open rollout is not picked by another one.
    const second = await post('OEMA', '/firmware-rollouts', '/firmware-rollouts', {
      releaseId: release.id,
      target: { kind: 'filter', filter: {} },
      policy: POLICY,
    });
    expect(second.statusCode).toBe(400);

    const url = `/firmware-rollouts/${rollout.id}`;
    expect((await post('OEMA', `${url}/resume`, '/firmware-rollouts/{id}/resume')).statusCode).toBe(409);
    const paused = await post('OEMA', `${url}/pause`, '/firmware-rollouts/{id}/pause');
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ status: 'paused', pauseReason: expect.stringMatching(/^Paused by /) });
    expect(await lastAudit()).toMatchObject({ entity: 'Command', action: 'Update', entity_id: rollout.id });
    expect((await post('OEMA', `${url}/pause`, '/firmware-rollouts/{id}/pause')).statusCode).toBe(409);
    const resumed = await post('OEMA', `${url}/resume`, '/firmware-rollouts/{id}/resume');
    expect(resumed.json()).toMatchObject({ status: 'running', pauseReason: null });
    // A BMS admin sees every OEM's BMS rollouts (decision 0098); an MCU admin does not see it (404).
    expect((await post('MCUA', `${url}/pause`, '/firmware-rollouts/{id}/pause')).statusCode).toBe(404);
    expect((await post('BMSA', `${url}/pause`, '/firmware-rollouts/{id}/pause')).statusCode).toBe(200);
    expect((await post('DA', `${url}/cancel`, '/firmware-rollouts/{id}/cancel')).statusCode).toBe(403);
    const cancelled = await post('OEMA', `${url}/cancel`, '/firmware-rollouts/{id}/cancel');
    expect(cancelled.statusCode).toBe(200);
    const c = cancelled.json() as Rollout;
    expect(c.status).toBe('cancelled');
    expect(c.waves.reduce((n, w) => n + w.skipped, 0)).toBe(rollout.deviceCount);
    expect((await post('OEMA', `${url}/cancel`, '/firmware-rollouts/{id}/cancel')).statusCode).toBe(409);
    const auditBefore = await countOf('audit');
    expect((await post('OEMA', `${url}/resume`, '/firmware-rollouts/{id}/resume')).statusCode).toBe(409);
    expect(await countOf('audit')).toBe(auditBefore);
  });

  test('a model target takes the devices fitted to vehicles of that model; a group outside the scope is 400', async () => {
    const release = await newestBmsRelease();
    const db = server.database.db;
    const fitted = await db
      .selectFrom('devices')
      .innerJoin('vehicles', 'vehicles.id', 'devices.vehicle_id')
      .select(['vehicles.model_id'])
      .where('devices.model_id', '=', release.modelId)
      .where('devices.firmware_version', '<', '4')
      .executeTakeFirstOrThrow();
    const oemId = await oemOf('OEMA');
    // A group of a service centre of another OEM: not the OEM admin's to target.
    const foreignDealer = await db
      .selectFrom('dealers')
      .select('id')
      .where('oem_id', '<>', oemId)
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await db
      .insertInto('device_groups')
      .values({
        id: 'dgr-foreign',
        name: 'Foreign',
        description: '',
        owner_kind: 'dealer',
        owner_id: foreignDealer.id,
        mode: 'pick',
        filter: null,
        vehicle_ids: '[]',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const before = await counts();
    const refused = await post('OEMA', '/firmware-rollouts', '/firmware-rollouts', {
      releaseId: release.id,
      target: { kind: 'group', groupId: 'dgr-foreign' },
      policy: POLICY,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toHaveProperty(['target.groupId']);
    expect(await counts()).toEqual(before);
    const started = await post('OEMA', '/firmware-rollouts', '/firmware-rollouts', {
      releaseId: release.id,
      target: { kind: 'model', modelId: fitted.model_id },
      policy: POLICY,
    });
    expect(started.statusCode, started.body).toBe(201);
    const rollout = started.json() as Rollout;
    expect(rollout.targetKind).toBe('model');
    const models = await db
      .selectFrom('ota_updates')
      .innerJoin('vehicles', 'vehicles.id', 'ota_updates.vehicle_id')
      .select('vehicles.model_id')
      .where('ota_updates.rollout_id', '=', rollout.id)
      .execute();
    expect(models.length).toBe(rollout.deviceCount);
    expect(new Set(models.map((m) => m.model_id))).toEqual(new Set([fitted.model_id]));

    // Two pauses at once: the state machine changes it once, audits once, and the other is 409.
    const audit = await countOf('audit');
    const both = await Promise.all([
      post('OEMA', `/firmware-rollouts/${rollout.id}/pause`, '/firmware-rollouts/{id}/pause'),
      post('OEMA', `/firmware-rollouts/${rollout.id}/pause`, '/firmware-rollouts/{id}/pause'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await countOf('audit')).toBe(audit + 1);
    expect(
      (await post('OEMA', `/firmware-rollouts/${rollout.id}/cancel`, '/firmware-rollouts/{id}/cancel')).statusCode,
    ).toBe(200);
  });

  test('rollback re-deploys the replaced release to the failed devices; 409 with nothing to roll back', async () => {
    const all = (await get('SA', '/firmware-rollouts?pageSize=100', '/firmware-rollouts')).json() as Page<Rollout>;
    const seeded = all.items.find((r) => r.status === 'paused' && r.deviceType === 'VCU') as Rollout;
    const rolled = await post('SA', `/firmware-rollouts/${seeded.id}/rollback`, '/firmware-rollouts/{id}/rollback');
    expect(rolled.statusCode, rolled.body).toBe(201);
    expect(rolled.json()).toMatchObject({
      targetKind: 'rollback',
      rollbackOf: seeded.id,
      deviceCount: 1,
      waveCount: 1,
    });
    expect(rolled.json().version).toBe('3.9.21');
    const again = await post(
      'SA',
      `/firmware-rollouts/${rolled.json().id}/rollback`,
      '/firmware-rollouts/{id}/rollback',
    );
    expect(again.statusCode).toBe(409);
  });
});

describe('device OTA history', () => {
  test('sent updates only, of devices in the caller scope; 403 without FOTA.h or a details key', async () => {
    const all = (await get('SA', '/ota-updates?pageSize=1000', '/ota-updates')).json() as Page<Update>;
    expect(all.total).toBeGreaterThan(0);
    expect(all.items.every((u) => u.sentAt !== null)).toBe(true);
    const dealer = (await get('DA', '/ota-updates?pageSize=1000', '/ota-updates')).json() as Page<Update>;
    expect(dealer.total).toBeLessThan(all.total);
    const dealerId = (
      await server.database.db
        .selectFrom('users')
        .select('dealer_id')
        .where('email', '=', 'da@voltline.demo')
        .executeTakeFirstOrThrow()
    ).dealer_id;
    const theirs = new Set(
      (
        await server.database.db
          .selectFrom('devices')
          .innerJoin('vehicles', 'vehicles.id', 'devices.vehicle_id')
          .select('devices.id')
          .where('vehicles.dealer_id', '=', dealerId)
          .execute()
      ).map((d) => d.id),
    );
    expect(dealer.items.every((u) => theirs.has(u.deviceId))).toBe(true);
    expect((await get('DR', '/ota-updates', '/ota-updates')).statusCode).toBe(403);
  });
});
