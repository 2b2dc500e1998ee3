import { describe, expect, test } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';

// Issue 18, item 6: the demo server answers a component role only within its component kind, as its screens do.
const KINDS = ['BMS', 'MCU', 'VCU'] as const;
type Kind = (typeof KINDS)[number];

async function faultOfKind(kind: Kind | 'EV'): Promise<string> {
  const db = await getWorldDb();
  const fault = [...db.tables.faults.values()].find((f) => f.deviceKind === kind);
  if (!fault) throw new Error(`the demo world has no ${kind} fault`);
  return fault.id;
}

for (const kind of KINDS) {
  for (const role of [`${kind}A`, `${kind}E`] as RoleCode[]) {
    describe(`${role}`, () => {
      test('is refused the other kinds’ device lists, and the vehicle list unless it fits devices', async () => {
        const token = await signIn(role);
        // An admin fits its kind's devices to vehicles, so it may search them (the fit dialog does); staff may not.
        expect((await call('GET', '/vehicles', { token })).status).toBe(role.endsWith('A') ? 200 : 403);
        for (const other of KINDS) {
          const res = await call('GET', `/devices?filter[type]=${other}`, { token });
          expect(res.status, `${role} GET /devices?type=${other}`).toBe(other === kind ? 200 : 403);
        }
      });

      test(`lists and opens ${kind} faults only`, async () => {
        const token = await signIn(role);
        const all = await call('GET', '/faults?pageSize=1000', { token });
        expect(all.status).toBe(200);
        expect(all.body.total).toBeGreaterThan(0);
        expect(new Set(all.body.items.map((f: { deviceKind: string }) => f.deviceKind))).toEqual(new Set([kind]));
        expect((await call('GET', `/faults/${await faultOfKind(kind)}`, { token })).status).toBe(200);
        for (const other of [...KINDS.filter((k) => k !== kind), 'EV'] as const) {
          const res = await call('GET', `/faults/${await faultOfKind(other)}`, { token });
          expect(res.status, `${role} opens a ${other} fault`).toBe(404);
        }
      });

      test('counts only its kind’s faults on the dashboard', async () => {
        const token = await signIn(role);
        const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
        const to = new Date(Date.now() + 86_400_000).toISOString();
        const range = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
        const summary = await call('GET', `/dashboard-data/fault-summary?${range}`, { token });
        expect(summary.status).toBe(200);
        const db = await getWorldDb();
        const expected = [...db.tables.faults.values()].filter(
          (f) => f.deviceKind === kind && f.occurredAt >= Date.parse(from) && f.occurredAt <= Date.parse(to),
        ).length;
        expect(summary.body.total).toBe(expected);
        const recent = await call('GET', `/dashboard-data/recent-faults?${range}`, { token });
        expect(recent.status).toBe(200);
        const ids = recent.body.items.map((f: { id: string }) => f.id);
        for (const id of ids) expect(db.tables.faults.get(id)?.deviceKind).toBe(kind);
      });
    });
  }
}

test('a platform user still sees every kind of fault', async () => {
  const token = await signIn('SA');
  const all = await call('GET', '/faults?pageSize=1000', { token });
  expect(new Set(all.body.items.map((f: { deviceKind: string }) => f.deviceKind))).toEqual(
    new Set(['EV', 'BMS', 'MCU', 'VCU']),
  );
});

test('a fleet sees every kind of fault of its own vehicles', async () => {
  const token = await signIn('FA');
  const all = await call('GET', '/faults?pageSize=1000', { token });
  expect(all.body.total).toBeGreaterThan(0);
  expect(new Set(all.body.items.map((f: { deviceKind: string }) => f.deviceKind)).size).toBeGreaterThan(1);
});

test('an MCU device-kind grant lets a BMS admin see MCU faults while it lasts', async () => {
  const sa = await signIn('SA');
  const token = await signIn('BMSA');
  expect((await call('GET', `/faults/${await faultOfKind('MCU')}`, { token })).status).toBe(404);
  const grant = await call('POST', '/access-grants', {
    token: sa,
    body: { kind: 'mcu', target: 'deviceKind', roleCode: 'BMSA', granteeId: 'usr-bmsa' },
  });
  expect(grant.status).toBe(201);
  expect((await call('GET', `/faults/${await faultOfKind('MCU')}`, { token })).status).toBe(200);
  expect((await call('GET', `/faults/${await faultOfKind('VCU')}`, { token })).status).toBe(404);
});
