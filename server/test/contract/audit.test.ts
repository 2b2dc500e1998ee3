import { afterAll, beforeAll, expect, test } from 'vitest';
import { createWorld, DEFAULT_SEED } from '../../src/db/seed-source';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';
import { TEST_VEHICLES } from '../test-world';

let server: TestServer;
/** The seeded database before any write: its audit page, its chain check and how many entries it holds. */
let fresh: { page: LightPage; verify: Record<string, unknown>; seeded: number };
type LightPage = { total: number; items: { seq: number; hash: string; changes: unknown[]; role: string }[] };
beforeAll(async () => {
  server = await createTestServer();
  const sa = await server.tokenOf('SA');
  const page = (await server.call({ method: 'GET', url: '/api/audit?pageSize=100', token: sa })).json() as LightPage;
  const verify = await server.call({ method: 'GET', url: '/api/audit/verify', token: sa });
  expectContract('get', '/audit/verify', verify);
  fresh = { page, verify: verify.json(), seeded: page.total };
  // A few writes by platform and OEM staff, so the chain has entries of both.
  for (const [role, vin] of [
    ['SA', 'AUDITVIN000000001'],
    ['OEMA', 'AUDITVIN000000002'],
    ['SA', 'AUDITVIN000000003'],
  ] as const) {
    const response = await server.call({
      method: 'POST',
      url: '/api/vehicles',
      token: await server.tokenOf(role),
      payload: { vin, registrationNumber: `KA01AU${vin.slice(-4)}`, modelId: 'mdl-ev-001', connectivity: 'GSM' },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(() => server?.close());

test('the seeded database holds the demo world’s audit history, and its chain verifies', () => {
  const world = createWorld({ seed: DEFAULT_SEED, size: TEST_VEHICLES }).generate.audit();
  expect(fresh.seeded).toBeGreaterThan(20);
  expect(fresh.seeded).toBe(world.length);
  expect(fresh.verify).toEqual({ ok: true, checked: fresh.seeded, total: fresh.seeded, broken: null });
  // The very entries of the world (newest first), with their diffs.
  const newest = [...world].sort((a, b) => b.seq - a.seq).slice(0, fresh.page.items.length);
  expect(fresh.page.items.map((e) => e.hash)).toEqual(newest.map((e) => e.hash));
  expect(fresh.page.items.every((e) => e.changes.length > 0)).toBe(true);
  expect(new Set(fresh.page.items.map((e) => e.role))).toEqual(new Set(['SA', 'OEMA']));
});

test('platform staff see every entry, newest first', async () => {
  const response = await server.call({ method: 'GET', url: '/api/audit', token: await server.tokenOf('SA') });
  expectContract('get', '/audit', response);
  const page = response.json();
  const n = fresh.seeded;
  expect(page.total).toBe(n + 3);
  expect(page.items.slice(0, 4).map((e: { seq: number }) => e.seq)).toEqual([n + 3, n + 2, n + 1, n]);
});

test('an OEM sees only the entries of its own staff; filters and search narrow further', async () => {
  const token = await server.tokenOf('OEMA');
  const page = (await server.call({ method: 'GET', url: '/api/audit', token })).json();
  expect(page.total).toBeGreaterThan(1);
  expect(new Set(page.items.map((e: { userId: string }) => e.userId))).toEqual(new Set(['usr-oema']));
  const searched = await server.call({
    method: 'GET',
    url: '/api/audit?q=AUDITVIN000000003',
    token: await server.tokenOf('SA'),
  });
  expect(searched.json().total).toBe(1);
  const filtered = await server.call({
    method: 'GET',
    url: '/api/audit?filter[userId]=usr-sa&sort=seq:desc&pageSize=2',
    token: await server.tokenOf('SA'),
  });
  expect(filtered.json().items.map((e: { seq: number }) => e.seq)).toEqual([fresh.seeded + 3, fresh.seeded + 1]);
});

test('actors are the people behind the visible entries, by name', async () => {
  const response = await server.call({ method: 'GET', url: '/api/audit/actors', token: await server.tokenOf('SA') });
  expectContract('get', '/audit/actors', response);
  expect(
    response
      .json()
      .map((a: { userId: string }) => a.userId)
      .sort(),
  ).toEqual(['usr-oema', 'usr-sa']);
});

test('the audit needs its permission', async () => {
  const response = await server.call({ method: 'GET', url: '/api/audit', token: await server.tokenOf('FA') });
  expectContract('get', '/audit', response);
  expect(response.statusCode).toBe(403);
});

test('the chain check holds, and finds an entry changed behind the server’s back', async () => {
  const token = await server.tokenOf('SA');
  const ok = await server.call({ method: 'GET', url: '/api/audit/verify', token });
  expectContract('get', '/audit/verify', ok);
  const n = fresh.seeded;
  expect(ok.json()).toEqual({ ok: true, checked: n + 3, total: n + 3, broken: null });

  await server.database.db
    .updateTable('audit')
    .set({ summary: 'nothing happened' })
    .where('seq', '=', n + 2)
    .execute();
  const tampered = (await server.call({ method: 'GET', url: '/api/audit/verify', token })).json();
  expect(tampered).toMatchObject({
    ok: false,
    checked: n + 1,
    total: n + 3,
    broken: { seq: n + 2, reason: 'hash_mismatch' },
  });
  expect(tampered.broken.entryId).toEqual(expect.any(String));
  // That entry is the OEM admin's own write: the check names it to them too.
  const oemToken = await server.tokenOf('OEMA');
  const asOem = (await server.call({ method: 'GET', url: '/api/audit/verify', token: oemToken })).json();
  expect(asOem.broken.entryId).toBe(tampered.broken.entryId);
  // The entry before it is the platform's: an OEM admin learns where the chain breaks, not which entry it is.
  await server.database.db
    .updateTable('audit')
    .set({ summary: 'rewritten' })
    .where('seq', '=', n + 1)
    .execute();
  const hidden = (await server.call({ method: 'GET', url: '/api/audit/verify', token: oemToken })).json();
  expect(hidden).toMatchObject({
    ok: false,
    checked: n,
    broken: { seq: n + 1, entryId: null, reason: 'hash_mismatch' },
  });
});
