import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Geofence = {
  id: string;
  name: string;
  rule: string;
  dwellMinutes: number | null;
  deliveryMethods: number;
  geometry: { type: 'Polygon'; coordinates: number[][][] };
  vehicleIds: string[];
};
type Page = { items: Geofence[]; total: number; page: number; pageSize: number };

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [73.8, 18.5],
      [73.81, 18.5],
      [73.81, 18.51],
      [73.8, 18.51],
      [73.8, 18.5],
    ],
  ],
};
const bowTie = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ],
  ],
};
const NEW_FENCE = {
  name: 'Baner depot',
  rule: 'enter',
  deliveryMethods: 16,
  geometry: square,
  vehicleIds: ['veh-000003'],
};

async function call(role: string, url: string) {
  return server.call({ method: 'GET', url, token: await server.tokenOf(role) });
}

async function send(role: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.call({ method, url, token: await server.tokenOf(role), ...(payload ? { payload } : {}) });
}

async function list(role: string, query = ''): Promise<Page> {
  const response = await call(role, `/api/geofences${query}`);
  expectContract('get', '/geofences', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

const counts = async () => {
  const db = server.database.db;
  const g = await db.selectFrom('geofences').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const a = await db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { geofences: g.n, audit: a.n };
};

const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();

/** The fleet of the demo fleet admin and the vehicles of GF-STATION in and out of it. */
async function fleetSplit(ids: string[]) {
  const db = server.database.db;
  const fa = await db
    .selectFrom('users')
    .select('fleet_id')
    .where('email', '=', 'fa@voltline.demo')
    .executeTakeFirstOrThrow();
  const rows = await db.selectFrom('vehicles').select(['id', 'fleet_id']).where('id', 'in', ids).execute();
  const mine = rows.filter((r) => r.fleet_id === fa.fleet_id).map((r) => r.id);
  const theirs = rows.filter((r) => r.fleet_id !== fa.fleet_id).map((r) => r.id);
  return { fleetId: fa.fleet_id as string, mine, theirs };
}

describe('list and get', () => {
  test('the seeded geofences; sort, filter and search apply in SQL; get answers the listed one', async () => {
    const page = await list('SA', '?sort=name:asc');
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(page.items.map((g) => g.name)).toEqual([
      'Hinjewadi IT Park',
      'Katraj Service Centre',
      'Magarpatta Charging Hub',
      'Pune Station Depot',
    ]);
    expect((await list('SA', '?q=station')).items.map((g) => g.id)).toEqual(['GF-STATION']);
    expect((await list('SA', '?filter[rule]=dwell')).items.map((g) => g.id)).toEqual(['GF-MAGARPATTA']);
    const one = await call('SA', '/api/geofences/GF-STATION');
    expectContract('get', '/geofences/{id}', one);
    expect(one.json()).toEqual(page.items.find((g) => g.id === 'GF-STATION'));
    expect(one.json().vehicleIds).toHaveLength(12);
  });

  test('a fleet admin sees every geofence but only the assigned vehicles of their fleet', async () => {
    const all = (await call('SA', '/api/geofences/GF-STATION')).json().vehicleIds as string[];
    const { mine, theirs } = await fleetSplit(all);
    expect(theirs.length).toBeGreaterThan(0);
    const scoped = await call('FA', '/api/geofences/GF-STATION');
    expectContract('get', '/geofences/{id}', scoped);
    expect(scoped.json().vehicleIds).toEqual(all.filter((id) => mine.includes(id)));
    const listed = (await list('FA')).items.find((g) => g.id === 'GF-STATION');
    expect(listed?.vehicleIds).toEqual(scoped.json().vehicleIds);
  });

  test('an unknown filter value or sort is 400; without geofencing 403; an unknown id 404', async () => {
    const bad = await call('SA', '/api/geofences?filter[rule]=hover');
    expectContract('get', '/geofences', bad);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_query');
    expect((await call('SA', '/api/geofences?sort=vehicleIds:asc')).statusCode).toBe(400);
    const refused = await call('DE', '/api/geofences');
    expectContract('get', '/geofences', refused);
    expect(refused.statusCode).toBe(403);
    const unknown = await call('SA', '/api/geofences/GF-NOPE');
    expectContract('get', '/geofences/{id}', unknown);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('writes', () => {
  test('create: 201 with the polygon as sent, audited in the same chain; bad input 400 writes nothing', async () => {
    const before = await counts();
    const created = await send('SA', 'POST', '/api/geofences', NEW_FENCE);
    expectContract('post', '/geofences', created);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...NEW_FENCE, dwellMinutes: null });
    expect((await call('SA', `/api/geofences/${created.json().id}`)).json().geometry).toEqual(square);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity: 'Geofence', entity_id: created.json().id, action: 'Add' });
    expect((entry.changes as { field: string }[]).map((c) => c.field)).toContain('geometry');

    const bad = await send('SA', 'POST', '/api/geofences', {
      ...NEW_FENCE,
      name: ' ',
      geometry: bowTie,
      vehicleIds: ['veh-999999'],
    });
    expectContract('post', '/geofences', bad);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      name: 'Enter a name.',
      geometry: 'The polygon crosses itself.',
      vehicleIds: 'Unknown vehicles: veh-999999.',
    });
    const dwell = await send('SA', 'POST', '/api/geofences', { ...NEW_FENCE, rule: 'dwell' });
    expect(dwell.statusCode).toBe(400);
    expect(dwell.json().fieldErrors).toEqual({ dwellMinutes: 'Enter whole minutes between 1 and 1440.' });
    // The contract's own checks (a missing field, a mask out of range) are 400 in its error shape too.
    const missing = await send('SA', 'POST', '/api/geofences', { name: 'No shape', rule: 'enter', deliveryMethods: 1 });
    expectContract('post', '/geofences', missing);
    expect(missing.statusCode).toBe(400);
    const mask = await send('SA', 'POST', '/api/geofences', { ...NEW_FENCE, deliveryMethods: 64 });
    expectContract('post', '/geofences', mask);
    expect(mask.statusCode).toBe(400);
    expect(await counts()).toEqual({ geofences: before.geofences + 1, audit: before.audit + 1 });
  });

  test("a fleet admin cannot assign another fleet's vehicle, and an edit keeps the ones they do not see", async () => {
    const all = (await call('SA', '/api/geofences/GF-STATION')).json().vehicleIds as string[];
    const { mine, theirs } = await fleetSplit(all);
    const before = await counts();
    const foreign = await send('FA', 'POST', '/api/geofences', { ...NEW_FENCE, vehicleIds: [theirs[0]] });
    expectContract('post', '/geofences', foreign);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors).toEqual({ vehicleIds: `Unknown vehicles: ${theirs[0]}.` });
    expect(await counts()).toEqual(before);

    const edited = await send('FA', 'PATCH', '/api/geofences/GF-STATION', { vehicleIds: mine.slice(0, 1) });
    expectContract('patch', '/geofences/{id}', edited);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().vehicleIds).toEqual(mine.slice(0, 1));
    const stored = (await call('SA', '/api/geofences/GF-STATION')).json().vehicleIds as string[];
    expect([...stored].sort()).toEqual([...theirs, ...mine.slice(0, 1)].sort());
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity: 'Geofence', entity_id: 'GF-STATION', action: 'Update' });
    // The entry holds the change as the fleet admin sees it: none of the other fleets' vehicles.
    expect(JSON.stringify(entry.changes)).not.toContain(theirs[0]);
  });

  test('update and delete: audited; read-only 403 and bad input 400 write nothing; then 404', async () => {
    const before = await counts();
    const updated = await send('SA', 'PATCH', '/api/geofences/GF-KATRAJ', { rule: 'dwell', dwellMinutes: 15 });
    expectContract('patch', '/geofences/{id}', updated);
    expect(updated.json()).toMatchObject({ rule: 'dwell', dwellMinutes: 15, name: 'Katraj Service Centre' });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity_id: 'GF-KATRAJ', action: 'Update' });
    expect((entry.changes as { field: string }[]).map((c) => c.field)).toEqual(['dwellMinutes', 'rule']);
    const blank = await send('SA', 'PATCH', '/api/geofences/GF-KATRAJ', { name: '' });
    expectContract('patch', '/geofences/{id}', blank);
    expect(blank.statusCode).toBe(400);
    const refused = await send('DA', 'DELETE', '/api/geofences/GF-KATRAJ');
    expectContract('delete', '/geofences/{id}', refused);
    expect(refused.statusCode).toBe(403);
    expect((await send('DA', 'PATCH', '/api/geofences/GF-KATRAJ', { name: 'Mine' })).statusCode).toBe(403);
    const unknown = await send('SA', 'PATCH', '/api/geofences/GF-NOPE', { name: 'Nowhere' });
    expectContract('patch', '/geofences/{id}', unknown);
    expect(unknown.statusCode).toBe(404);
    expect(await counts()).toEqual({ geofences: before.geofences, audit: before.audit + 1 });

    const deleted = await send('SA', 'DELETE', '/api/geofences/GF-KATRAJ');
    expectContract('delete', '/geofences/{id}', deleted);
    expect(deleted.statusCode).toBe(204);
    expect(await lastAudit()).toMatchObject({ entity_id: 'GF-KATRAJ', action: 'Delete' });
    expect((await call('SA', '/api/geofences/GF-KATRAJ')).statusCode).toBe(404);
    expect((await send('SA', 'DELETE', '/api/geofences/GF-KATRAJ')).statusCode).toBe(404);
    expect(await counts()).toEqual({ geofences: before.geofences - 1, audit: before.audit + 2 });
    const verify = await call('SA', '/api/audit/verify');
    expect(verify.json()).toMatchObject({ ok: true });
  });
});
