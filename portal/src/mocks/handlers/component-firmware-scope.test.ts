import { expect, test } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';

// Decision 0098: component admins see the firmware releases and rollouts of their own device kind, of every OEM (as
// their faults, decision 0097), on the firmware page and on their dashboard's "Firmware rollouts in progress" panel.
const KINDS = ['BMS', 'MCU', 'VCU'] as const;
type Kind = (typeof KINDS)[number];

async function rolloutOfKind(kind: Kind): Promise<string> {
  const db = await getWorldDb();
  const rollout = db.tables.firmwareRollouts.all().find((r) => r.deviceType === kind);
  if (!rollout) throw new Error(`the demo world has no ${kind} rollout`);
  return rollout.id;
}

const kindsOf = (items: { deviceType: string }[]) => new Set(items.map((r) => r.deviceType));

for (const kind of KINDS) {
  const role = `${kind}A` as RoleCode;

  test(`${role} lists the ${kind} releases and rollouts of every OEM, and no others`, async () => {
    const token = await signIn(role);
    const db = await getWorldDb();
    const releases = await call('GET', '/firmware-releases?pageSize=1000', { token });
    expect(releases.status).toBe(200);
    expect(releases.body.total).toBe(db.tables.firmwareReleases.all().filter((r) => r.deviceType === kind).length);
    expect(kindsOf(releases.body.items)).toEqual(new Set([kind]));
    const rollouts = await call('GET', '/firmware-rollouts?pageSize=1000', { token });
    expect(rollouts.status).toBe(200);
    expect(rollouts.body.total).toBeGreaterThan(0);
    expect(kindsOf(rollouts.body.items)).toEqual(new Set([kind]));
  });

  test(`${role} opens its kind's rollout and its devices; another kind's is a 404`, async () => {
    const token = await signIn(role);
    const own = await rolloutOfKind(kind);
    expect((await call('GET', `/firmware-rollouts/${own}`, { token })).status).toBe(200);
    expect((await call('GET', `/firmware-rollouts/${own}/devices`, { token })).status).toBe(200);
    for (const other of KINDS.filter((k) => k !== kind)) {
      const res = await call('GET', `/firmware-rollouts/${await rolloutOfKind(other)}`, { token });
      expect(res.status, `${role} opens a ${other} rollout`).toBe(404);
      const pause = await call('POST', `/firmware-rollouts/${await rolloutOfKind(other)}/resume`, { token });
      expect(pause.status, `${role} resumes a ${other} rollout`).toBe(404);
    }
  });

  test(`${role}'s firmware rollouts panel shows the ${kind} rollouts in progress`, async () => {
    const token = await signIn(role);
    const panel = await call('GET', '/dashboard-data/firmware-rollouts', { token });
    expect(panel.status).toBe(200);
    expect(panel.body.items.length).toBeGreaterThan(0);
    expect(kindsOf(panel.body.items)).toEqual(new Set([kind]));
    expect(panel.body.items.map((r: { id: string }) => r.id)).toContain(await rolloutOfKind(kind));
  });
}

test('a BMS admin may upload a BMS release but not an MCU one', async () => {
  const token = await signIn('BMSA');
  const db = await getWorldDb();
  const model = (k: Kind) => {
    const m = db.tables.models.all().find((x) => x.kind === k);
    if (!m) throw new Error(`no ${k} model`);
    return m.id;
  };
  const body = (deviceType: Kind) => ({
    deviceType,
    modelId: model(deviceType),
    version: '9.0.0',
    fileName: 'image.bin',
    fileSize: 1024,
    sha256: 'a'.repeat(64),
    notes: 'Fixes',
  });
  expect((await call('POST', '/firmware-releases', { token, body: body('BMS') })).status).toBe(201);
  const refused = await call('POST', '/firmware-releases', { token, body: body('MCU') });
  expect(refused.status).toBe(400);
  expect(refused.body.fieldErrors).toMatchObject({ modelId: 'Choose a MCU model.' });
});

test('an OEM sees only its own rollouts; the platform every kind', async () => {
  const db = await getWorldDb();
  const oem = await signIn('OEMA');
  const own = await call('GET', '/firmware-rollouts?pageSize=1000', { token: oem });
  expect(own.status).toBe(200);
  const oemId = db.tables.users.all().find((u) => u.role === 'OEMA')?.oemId;
  const expected = db.tables.firmwareRollouts
    .all()
    .filter((r) => r.oemId === oemId)
    .map((r) => r.id);
  expect(expected.length).toBeGreaterThan(0);
  expect(own.body.items.map((r: { id: string }) => r.id).sort()).toEqual(expected.sort());
  const sa = await call('GET', '/firmware-rollouts?pageSize=1000', { token: await signIn('SA') });
  expect(kindsOf(sa.body.items)).toEqual(new Set(KINDS));
});

test('component staff without FOTA (BMSE) and a fleet are refused the rollouts and the panel', async () => {
  for (const role of ['BMSE', 'FA'] as RoleCode[]) {
    const token = await signIn(role);
    expect((await call('GET', '/firmware-rollouts', { token })).status, role).toBe(403);
    expect((await call('GET', '/dashboard-data/firmware-rollouts', { token })).status, role).toBe(403);
  }
});

test('an MCU device-kind grant lets a BMS admin see MCU rollouts while it lasts', async () => {
  const sa = await signIn('SA');
  const token = await signIn('BMSA');
  const mcu = await rolloutOfKind('MCU');
  expect((await call('GET', `/firmware-rollouts/${mcu}`, { token })).status).toBe(404);
  const grant = await call('POST', '/access-grants', {
    token: sa,
    body: { kind: 'mcu', target: 'deviceKind', roleCode: 'BMSA', granteeId: 'usr-bmsa' },
  });
  expect(grant.status).toBe(201);
  expect((await call('GET', `/firmware-rollouts/${mcu}`, { token })).status).toBe(200);
});
