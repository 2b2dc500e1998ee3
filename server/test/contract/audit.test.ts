import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
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

test('platform staff see every entry, newest first', async () => {
  const response = await server.call({ method: 'GET', url: '/api/audit', token: await server.tokenOf('SA') });
  expectContract('get', '/audit', response);
  const page = response.json();
  expect(page.total).toBe(3);
  expect(page.items.map((e: { seq: number }) => e.seq)).toEqual([3, 2, 1]);
});

test('an OEM sees only the entries of its own staff; filters and search narrow further', async () => {
  const token = await server.tokenOf('OEMA');
  const page = (await server.call({ method: 'GET', url: '/api/audit', token })).json();
  expect(page.items.map((e: { userId: string }) => e.userId)).toEqual(['usr-oema']);
  const searched = await server.call({
    method: 'GET',
    url: '/api/audit?q=AUDITVIN000000003',
    token: await server.tokenOf('SA'),
  });
  expect(searched.json().total).toBe(1);
  const filtered = await server.call({
    method: 'GET',
    url: '/api/audit?filter[userId]=usr-sa&sort=seq:asc',
    token: await server.tokenOf('SA'),
  });
  expect(filtered.json().items.map((e: { seq: number }) => e.seq)).toEqual([1, 3]);
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
  expect(ok.json()).toEqual({ ok: true, checked: 3, total: 3, broken: null });

  await server.database.db.updateTable('audit').set({ summary: 'nothing happened' }).where('seq', '=', 2).execute();
  const tampered = (await server.call({ method: 'GET', url: '/api/audit/verify', token })).json();
  expect(tampered).toMatchObject({ ok: false, checked: 1, total: 3, broken: { seq: 2, reason: 'hash_mismatch' } });
  expect(tampered.broken.entryId).toEqual(expect.any(String));
  // Entry 2 is the OEM admin's own: the check names it to them too.
  const oemToken = await server.tokenOf('OEMA');
  const asOem = (await server.call({ method: 'GET', url: '/api/audit/verify', token: oemToken })).json();
  expect(asOem.broken.entryId).toBe(tampered.broken.entryId);
  // Entry 1 is the platform's: an OEM admin learns where the chain breaks, not which entry it is.
  await server.database.db.updateTable('audit').set({ summary: 'rewritten' }).where('seq', '=', 1).execute();
  const hidden = (await server.call({ method: 'GET', url: '/api/audit/verify', token: oemToken })).json();
  expect(hidden).toMatchObject({ ok: false, checked: 0, broken: { seq: 1, entryId: null, reason: 'hash_mismatch' } });
});
