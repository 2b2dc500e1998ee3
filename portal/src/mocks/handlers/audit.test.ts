import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';
import { openWorldDb } from '../world/db';
import { getWorldDb } from '../world/world-instance';
import { type AuditEntry, canonicalJson, entryHash, GENESIS_HASH } from '@services/audit/audit-chain';
import { toApi } from './lib/serialize';
import { sha256Hex } from './lib/sha256';

test('answers 401 without a token', async () => {
  expect((await call('GET', '/audit')).status).toBe(401);
});

/** How many entries `path` answers for `token` (the fresh world already holds its seeded history). */
async function totalOf(path: string, token: string): Promise<number> {
  return (await call('GET', path, { token })).body.total;
}

test('a fresh world holds the history of its own changes, with diffs, and the chain verifies', async () => {
  const token = await signIn('SA');
  const res = await call('GET', '/audit?pageSize=100', { token });
  expect(res.status).toBe(200);
  expect(res.body.total).toBeGreaterThan(20);
  for (const entity of ['User', 'Rule', 'Settings']) {
    expect((await call('GET', `/audit?filter[entity]=${entity}`, { token })).body.total, entity).toBeGreaterThan(0);
  }
  expect(res.body.items.every((a: { changes: unknown[] }) => a.changes.length > 0)).toBe(true);
  const verify = await call('GET', '/audit/verify', { token });
  expect(verify.body).toEqual({ ok: true, checked: res.body.total, total: res.body.total, broken: null });
  // An OEM's admin sees the seeded entries of its own staff, not the platform's.
  const oem = await signIn('OEMA');
  const own = (await call('GET', '/audit?pageSize=100', { token: oem })).body;
  expect(own.total).toBeGreaterThan(0);
  expect(own.total).toBeLessThan(res.body.total);
  expect(new Set(own.items.map((a: { role: string }) => a.role))).toEqual(new Set(['OEMA']));
});

test('lists writes newest first, after the seeded history', async () => {
  const token = await signIn('SA');
  const seeded = await totalOf('/audit', token);
  await call('POST', '/vehicles/veh-000001/resync', { token });
  await call('POST', '/vehicles/veh-000002/status', { token, body: { status: 0 } });
  const res = await call('GET', '/audit', { token });
  expect(res.body.total).toBe(seeded + 2);
  expect(res.body.items.slice(0, 2).map((a: { action: string }) => a.action)).toEqual(['Change Status', 'Resync']);
  expect(res.body.items[0]).toMatchObject({
    entity: 'Vehicle',
    role: 'SA',
    userName: expect.stringContaining('(SA)'),
    seq: seeded + 2,
  });
});

test('filters by action and searches the summary', async () => {
  const token = await signIn('SA');
  const deactivated = await totalOf('/audit?q=deactivated', token);
  await call('POST', '/vehicles/veh-000001/resync', { token });
  await call('POST', '/vehicles/veh-000002/status', { token, body: { status: 0 } });
  expect(await totalOf('/audit?filter[action]=Resync', token)).toBe(1);
  expect(await totalOf('/audit?q=deactivated', token)).toBe(deactivated + 1);
  const found = (await call('GET', '/audit?q=deactivated', { token })).body.items;
  expect(found.every((a: { summary: string }) => /deactivated/i.test(a.summary))).toBe(true);
});

test('filters by entity and actor and pages the rest', async () => {
  const token = await signIn('SA');
  const me = (await call('GET', '/auth/me', { token })).body;
  const mine = `/audit?filter[userId]=${me.user?.id ?? me.id}`;
  const [vehicles, own, all] = [
    await totalOf('/audit?filter[entity]=Vehicle', token),
    await totalOf(mine, token),
    await totalOf('/audit', token),
  ];
  for (const id of ['veh-000001', 'veh-000002', 'veh-000003']) await call('POST', `/vehicles/${id}/resync`, { token });
  await call('POST', '/sims', {
    token,
    body: { iccid: '8991000000000000001', msisdn: '+10000000001', operator: 'Demo' },
  });
  expect(await totalOf('/audit?filter[entity]=Vehicle', token)).toBe(vehicles + 3);
  expect(await totalOf(mine, token)).toBe(own + 4);
  const last = Math.ceil((all + 4) / 3);
  const page = await call('GET', `/audit?pageSize=3&page=${last}&sort=seq:asc`, { token });
  expect(page.body).toMatchObject({ total: all + 4, page: last, pageSize: 3 });
  expect(page.body.items.at(-1).seq).toBe(all + 4);
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
  const [entry, previous] = (await call('GET', '/audit?sort=seq:desc', { token })).body.items;
  expect(entry).toMatchObject({ entity: 'Vehicle', entityId: 'veh-000001', action: 'Update', prevHash: previous.hash });
  expect(entry.seq).toBe(previous.seq + 1);
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
  const [newest, before] = (await call('GET', '/audit?sort=seq:desc', { token })).body.items;
  expect(newest.entityId).toBe('veh-000002');
  expect(newest.prevHash).toBe(before.hash);
});

test('the chain verifies after writes', async () => {
  const token = await signIn('SA');
  const seeded = await totalOf('/audit', token);
  await call('POST', '/vehicles/veh-000001/resync', { token });
  await call('PATCH', '/vehicles/veh-000001', { token, body: { registrationNumber: 'AUDIT-2' } });
  const res = await call('GET', '/audit/verify', { token });
  expect(res.body).toEqual({ ok: true, checked: seeded + 2, total: seeded + 2, broken: null });
});

test('a chain extended in the demo still holds when the world is reopened an hour later (it follows the clock)', async () => {
  const token = await signIn('SA');
  await call('POST', '/vehicles/veh-000001/resync', { token });
  const db = await getWorldDb();
  const { seed, size, referenceTime } = db.world;
  // The saved world, seeded an hour later: its seeded past moves with the clock, the saved chain must not.
  const later = await openWorldDb({ seed, size, referenceTime: referenceTime + 3_600_000 });
  const chain = later.tables.audit.all().sort((a, b) => a.seq - b.seq);
  expect(chain.length).toBe(db.tables.audit.size);
  let prev = GENESIS_HASH;
  for (const [i, stored] of chain.entries()) {
    const { hash, ...rest } = toApi<AuditEntry>(stored);
    expect(rest.seq).toBe(i + 1);
    expect(rest.prevHash).toBe(prev);
    expect(await entryHash(rest)).toBe(hash);
    prev = hash;
  }
  expect(chain.at(-1)?.action).toBe('Resync');
});

test('verifying finds a tampered entry and says where the chain breaks', async () => {
  const token = await signIn('SA');
  const seeded = await totalOf('/audit', token);
  for (const id of ['veh-000001', 'veh-000002', 'veh-000003']) await call('POST', `/vehicles/${id}/resync`, { token });
  const db = await getWorldDb();
  const tampered = db.tables.audit.all().find((e) => e.seq === seeded + 2);
  if (!tampered) throw new Error('no second written entry');
  db.tables.audit.update(tampered.id, { summary: 'Nothing happened here' });
  const res = await call('GET', '/audit/verify', { token });
  expect(res.body).toEqual({
    ok: false,
    checked: seeded + 1,
    total: seeded + 3,
    broken: { seq: seeded + 2, entryId: tampered.id, reason: 'hash_mismatch' },
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
  const oem = await signIn('OEMA');
  const seeded = await totalOf('/audit', oem);
  await call('POST', '/vehicles/veh-000001/resync', { token: sa });
  const own = (await call('GET', '/vehicles?pageSize=1', { token: oem })).body.items[0].id;
  await call('POST', `/vehicles/${own}/resync`, { token: oem });
  const res = await call('GET', '/audit', { token: oem });
  expect(res.body.total).toBe(seeded + 1);
  expect(res.body.items[0]).toMatchObject({ entityId: own, role: 'OEMA' });
  expect(res.body.items.every((a: { role: string }) => a.role === 'OEMA')).toBe(true);
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
