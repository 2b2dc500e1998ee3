import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Group = {
  id: string;
  name: string;
  ownerKind: string;
  ownerId: string;
  ownerName: string;
  mode: string;
  filter: { modelId: string | null; status: number | null; q: string | null } | null;
  vehicleIds: string[];
};
type Page = { items: Group[]; total: number; page: number; pageSize: number };

async function call(role: string, url: string) {
  return server.call({ method: 'GET', url, token: await server.tokenOf(role) });
}

async function send(role: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.call({ method, url, token: await server.tokenOf(role), ...(payload ? { payload } : {}) });
}

async function list(role: string, query = ''): Promise<Page> {
  const response = await call(role, `/api/device-groups${query}`);
  expectContract('get', '/device-groups', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

const counts = async () => {
  const db = server.database.db;
  const g = await db.selectFrom('device_groups').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const a = await db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { groups: g.n, audit: a.n };
};

const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();

/** The ids of a fleet's vehicles, from the table (optionally only active ones). */
async function fleetVehicles(fleetId: string, status?: number): Promise<string[]> {
  let query = server.database.db.selectFrom('vehicles').select('id').where('fleet_id', '=', fleetId);
  if (status !== undefined) query = query.where('status', '=', status);
  return (await query.orderBy('id').execute()).map((r) => r.id);
}

describe('list and get', () => {
  test('the groups of owners in scope, with their members now; the platform sees every group', async () => {
    const fa = await list('FA');
    expect(fa.items.map((g) => g.name)).toEqual(['Pilot vehicles', 'Whole fleet']);
    const [pilot, whole] = fa.items;
    expect(pilot).toMatchObject({ ownerKind: 'fleet', ownerId: 'flt-0001', mode: 'pick', vehicleIds: ['veh-000002'] });
    expect(whole?.vehicleIds).toEqual(await fleetVehicles('flt-0001'));
    const fleet = await server.database.db
      .selectFrom('fleets')
      .select('name')
      .where('id', '=', 'flt-0001')
      .executeTakeFirstOrThrow();
    expect(whole?.ownerName).toBe(fleet.name);
    const dealer = await list('DA');
    expect(dealer.items.map((g) => g.name)).toContain('Active service vehicles');
    const sa = await list('SA', '?sort=updatedAt:desc');
    expect(sa.total).toBe(3);
    expect((await list('SA', '?filter[ownerKind]=dealer')).items.map((g) => g.id)).toEqual(['dgr-0001']);
    expect((await list('SA', '?q=pilot')).items.map((g) => g.id)).toEqual(['dgr-0003']);
    const one = await call('FA', '/api/device-groups/dgr-0002');
    expectContract('get', '/device-groups/{id}', one);
    expect(one.json()).toEqual(whole);
  });

  test('a group whose owner is outside the scope is 404; without su.DG 403; an unknown filter value 400', async () => {
    const dealerOf = await server.database.db
      .selectFrom('users')
      .select('dealer_id')
      .where('email', '=', 'da@voltline.demo')
      .executeTakeFirstOrThrow();
    const fleet = await server.database.db
      .selectFrom('fleets')
      .select('dealer_id')
      .where('id', '=', 'flt-0001')
      .executeTakeFirstOrThrow();
    // The demo's service centre does not look after fleet flt-0001: its groups are not theirs to see.
    expect(fleet.dealer_id).not.toBe(dealerOf.dealer_id);
    const hidden = await call('DA', '/api/device-groups/dgr-0003');
    expectContract('get', '/device-groups/{id}', hidden);
    expect(hidden.statusCode).toBe(404);
    expect((await call('DA', '/api/device-groups/dgr-nope')).statusCode).toBe(404);
    const refused = await call('FE', '/api/device-groups');
    expectContract('get', '/device-groups', refused);
    expect(refused.statusCode).toBe(403);
    const bad = await call('SA', '/api/device-groups?filter[ownerKind]=oem');
    expectContract('get', '/device-groups', bad);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_query');
  });
});

describe('writes', () => {
  test('create by filter, edit to picked, delete: each audited as Access, members read from the vehicles', async () => {
    const before = await counts();
    const created = await send('FA', 'POST', '/api/device-groups', {
      name: 'Active fleet',
      ownerKind: 'fleet',
      ownerId: 'flt-0001',
      mode: 'filter',
      filter: { status: 1 },
    });
    expectContract('post', '/device-groups', created);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      description: '',
      filter: { modelId: null, status: 1, q: null },
      vehicleIds: await fleetVehicles('flt-0001', 1),
    });
    const id = created.json().id as string;
    expect(await lastAudit()).toMatchObject({ entity: 'Access', entity_id: id, action: 'Add' });

    const edited = await send('FA', 'PATCH', `/api/device-groups/${id}`, {
      name: 'Pilot 2',
      ownerKind: 'fleet',
      ownerId: 'flt-0001',
      mode: 'pick',
      vehicleIds: ['veh-000002'],
    });
    expectContract('patch', '/device-groups/{id}', edited);
    expect(edited.json()).toMatchObject({ name: 'Pilot 2', mode: 'pick', filter: null, vehicleIds: ['veh-000002'] });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity_id: id, action: 'Update' });
    expect((entry.changes as { field: string }[]).map((c) => c.field)).toEqual(
      expect.arrayContaining(['filter', 'mode', 'name', 'vehicleIds']),
    );

    const deleted = await send('FA', 'DELETE', `/api/device-groups/${id}`);
    expectContract('delete', '/device-groups/{id}', deleted);
    expect(deleted.statusCode).toBe(204);
    expect((await call('FA', `/api/device-groups/${id}`)).statusCode).toBe(404);
    expect(await lastAudit()).toMatchObject({ entity_id: id, action: 'Delete' });
    expect(await counts()).toEqual({ groups: before.groups, audit: before.audit + 3 });
    expect((await call('SA', '/api/audit/verify')).json()).toMatchObject({ ok: true });
  });

  test('no owner, an owner outside the scope or vehicles the owner does not have: 400, nothing written', async () => {
    const before = await counts();
    const noOwner = await send('SA', 'POST', '/api/device-groups', {
      name: 'Orphans',
      ownerKind: 'fleet',
      ownerId: '',
      mode: 'filter',
    });
    expectContract('post', '/device-groups', noOwner);
    expect(noOwner.statusCode).toBe(400);
    expect(noOwner.json().fieldErrors).toEqual({ ownerId: 'Choose the owner of the group.' });
    const foreign = await send('SA', 'POST', '/api/device-groups', {
      name: 'Mixed',
      ownerKind: 'fleet',
      ownerId: 'flt-0001',
      mode: 'pick',
      vehicleIds: ['veh-000001'],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors.vehicleIds).toMatch(/Not vehicles of this owner: veh-000001/);
    const other = await send('FA', 'POST', '/api/device-groups', {
      name: 'Theirs',
      ownerKind: 'fleet',
      ownerId: 'flt-0002',
      mode: 'filter',
    });
    expect(other.json().fieldErrors).toEqual({ ownerId: 'Choose the owner of the group.' });
    const model = await send('SA', 'POST', '/api/device-groups', {
      name: 'By model',
      ownerKind: 'fleet',
      ownerId: 'flt-0001',
      mode: 'filter',
      filter: { modelId: 'mdl-nope' },
    });
    expect(model.json().fieldErrors).toEqual({ 'filter.modelId': 'Choose a known model.' });
    // The contract's own checks: a mode it does not list is 400 in its error shape.
    const mode = await send('SA', 'POST', '/api/device-groups', {
      name: 'Odd',
      ownerKind: 'fleet',
      ownerId: 'flt-0001',
      mode: 'all',
    });
    expectContract('post', '/device-groups', mode);
    expect(mode.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  test('a caller changes no group of an owner outside their scope (404), and a read-only role none (403)', async () => {
    const before = await counts();
    const body = { name: 'Taken over', ownerKind: 'fleet', ownerId: 'flt-0001', mode: 'filter' };
    const edit = await send('DA', 'PATCH', '/api/device-groups/dgr-0003', body);
    expectContract('patch', '/device-groups/{id}', edit);
    expect(edit.statusCode).toBe(404);
    const remove = await send('DA', 'DELETE', '/api/device-groups/dgr-0003');
    expectContract('delete', '/device-groups/{id}', remove);
    expect(remove.statusCode).toBe(404);
    const readOnly = await send('SE', 'DELETE', '/api/device-groups/dgr-0003');
    expectContract('delete', '/device-groups/{id}', readOnly);
    expect(readOnly.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await call('SA', '/api/device-groups/dgr-0003')).json().name).toBe('Pilot vehicles');
  });
});
