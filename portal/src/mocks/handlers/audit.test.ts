import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';
import { canonicalJson, GENESIS_HASH } from '@services/audit/audit-chain';
import { sha256Hex } from './lib/sha256';

test('answers 401 without a token', async () => {
  expect((await call('GET', '/audit')).status).toBe(401);
});

test('starts empty and lists writes newest first', async () => {
  const token = await signIn('SA');
  expect((await call('GET', '/audit', { token })).body.total).toBe(0);
  await call('POST', '/vehicles/veh-000001/resync', { token });
  await call('POST', '/vehicles/veh-000002/status', { token, body: { status: 0 } });
  const res = await call('GET', '/audit', { token });
  expect(res.body.items.map((a: { action: string }) => a.action)).toEqual(['Change Status', 'Resync']);
  expect(res.body.items[0]).toMatchObject({ entity: 'Vehicle', role: 'SA', userName: expect.stringContaining('(SA)') });
});

test('filters by action and searches the summary', async () => {
  const token = await signIn('SA');
  await call('POST', '/vehicles/veh-000001/resync', { token });
  await call('POST', '/vehicles/veh-000002/status', { token, body: { status: 0 } });
  expect((await call('GET', '/audit?filter[action]=Resync', { token })).body.total).toBe(1);
  expect((await call('GET', '/audit?q=deactivated', { token })).body.total).toBe(1);
});

test('filters by entity and actor and pages the rest', async () => {
  const token = await signIn('SA');
  for (const id of ['veh-000001', 'veh-000002', 'veh-000003']) await call('POST', `/vehicles/${id}/resync`, { token });
  await call('POST', '/sims', {
    token,
    body: { iccid: '8991000000000000001', msisdn: '+10000000001', operator: 'Demo' },
  });
  expect((await call('GET', '/audit?filter[entity]=Vehicle', { token })).body.total).toBe(3);
  const me = (await call('GET', '/auth/me', { token })).body;
  expect((await call('GET', `/audit?filter[userId]=${me.user?.id ?? me.id}`, { token })).body.total).toBe(4);
  const page2 = await call('GET', '/audit?pageSize=3&page=2&sort=seq:asc', { token });
  expect(page2.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
  expect(page2.body.items.map((a: { seq: number }) => a.seq)).toEqual([4]);
});

test('lists the actors of the entries for the actor filter', async () => {
  const sa = await signIn('SA');
  const oem = await signIn('OEMA');
  await call('POST', '/vehicles/veh-000001/resync', { token: sa });
  await call('POST', '/vehicles/veh-000002/resync', { token: sa });
  const own = (await call('GET', '/vehicles?pageSize=1', { token: oem })).body.items[0].id;
  await call('POST', `/vehicles/${own}/resync`, { token: oem });
  const actors = (await call('GET', '/audit/actors', { token: sa })).body;
  expect(actors.map((a: { role: string }) => a.role).sort()).toEqual(['OEMA', 'SA']);
  expect((await call('GET', '/audit/actors', { token: oem })).body.map((a: { role: string }) => a.role)).toEqual([
    'OEMA',
  ]);
});

test('a write appends an entry with the before and after of the fields it changed', async () => {
  const token = await signIn('SA');
  const before = (await call('GET', '/vehicles/veh-000001', { token })).body;
  const res = await call('PATCH', '/vehicles/veh-000001', { token, body: { registrationNumber: 'AUDIT-1' } });
  expect(res.status).toBe(200);
  const [entry] = (await call('GET', '/audit?filter[entityId]=veh-000001', { token })).body.items;
  expect(entry).toMatchObject({ entity: 'Vehicle', action: 'Update', seq: 1, prevHash: GENESIS_HASH });
  expect(entry.changes).toEqual([{ field: 'registrationNumber', before: before.registrationNumber, after: 'AUDIT-1' }]);
});

test('a delete records every field of the row as it was', async () => {
  const token = await signIn('SA');
  await call('DELETE', '/vehicles/veh-000003', { token });
  const [entry] = (await call('GET', '/audit?filter[action]=Delete', { token })).body.items;
  expect(entry.entity).toBe('Vehicle');
  expect(entry.changes).toContainEqual({ field: 'vin', before: expect.any(String), after: null });
});

test('each entry holds the hash of the one before it', async () => {
  const token = await signIn('SA');
  await call('POST', '/vehicles/veh-000001/resync', { token });
  await call('POST', '/vehicles/veh-000002/resync', { token });
  const items = (await call('GET', '/audit?sort=seq:asc', { token })).body.items;
  expect(items[0].prevHash).toBe(GENESIS_HASH);
  expect(items[1].prevHash).toBe(items[0].hash);
  expect(items[0].hash).toMatch(/^[0-9a-f]{64}$/);
});

test('the chain verifies after writes', async () => {
  const token = await signIn('SA');
  await call('POST', '/vehicles/veh-000001/resync', { token });
  await call('PATCH', '/vehicles/veh-000001', { token, body: { registrationNumber: 'AUDIT-2' } });
  const res = await call('GET', '/audit/verify', { token });
  expect(res.body).toEqual({ ok: true, checked: 2, total: 2, broken: null });
});

test('verifying finds a tampered entry and says where the chain breaks', async () => {
  const token = await signIn('SA');
  for (const id of ['veh-000001', 'veh-000002', 'veh-000003']) await call('POST', `/vehicles/${id}/resync`, { token });
  const db = await getWorldDb();
  const second = db.tables.audit.all().find((e) => e.seq === 2);
  if (!second) throw new Error('no second entry');
  db.tables.audit.update(second.id, { summary: 'Nothing happened here' });
  const res = await call('GET', '/audit/verify', { token });
  expect(res.body).toEqual({
    ok: false,
    checked: 1,
    total: 3,
    broken: { seq: 2, entryId: second.id, reason: 'hash_mismatch' },
  });
});

test('verifying finds an entry removed from the middle of the chain', async () => {
  const token = await signIn('SA');
  for (const id of ['veh-000001', 'veh-000002', 'veh-000003']) await call('POST', `/vehicles/${id}/resync`, { token });
  const db = await getWorldDb();
  const second = db.tables.audit.all().find((e) => e.seq === 2);
  db.tables.audit.remove(second?.id ?? '');
  const res = await call('GET', '/audit/verify', { token });
  expect(res.body).toMatchObject({ ok: false, checked: 1, broken: { seq: 2, reason: 'sequence_gap' } });
});

test('an OEM sees the entries of its own staff only', async () => {
  const sa = await signIn('SA');
  await call('POST', '/vehicles/veh-000001/resync', { token: sa });
  const oem = await signIn('OEMA');
  const own = (await call('GET', '/vehicles?pageSize=1', { token: oem })).body.items[0].id;
  await call('POST', `/vehicles/${own}/resync`, { token: oem });
  const res = await call('GET', '/audit', { token: oem });
  expect(res.body.total).toBe(1);
  expect(res.body.items[0]).toMatchObject({ entityId: own, role: 'OEMA' });
});

test('answers 403 without the audit permission', async () => {
  const token = await signIn('DA');
  expect((await call('GET', '/audit', { token })).status).toBe(403);
  expect((await call('GET', '/audit/verify', { token })).status).toBe(403);
});

test('hashes with SHA-256 (API key secrets, synchronously) and the chain takes the canonical JSON', () => {
  for (const text of ['', 'abc', 'x'.repeat(1000), 'Zürich ✓']) {
    expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  }
  expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }] })).toBe('{"a":[{"c":"x","d":null}],"b":1}');
});
