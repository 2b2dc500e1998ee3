import { ACTION, can, defaultPermissionsFor } from '@/domain/permissions';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AuditEntry, entryHash, GENESIS_HASH } from '../../src/services/audit/audit-chain';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';
import { TEST_VEHICLES } from '../test-world';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Vehicle = { id: string; vin: string; oemId: string; dealerId: string | null; soc: number; [key: string]: unknown };
type Page = { items: Vehicle[]; total: number; page: number; pageSize: number };

async function list(role: string, query = ''): Promise<Page> {
  const response = await server.call({
    method: 'GET',
    url: `/api/vehicles${query}`,
    token: await server.tokenOf(role),
  });
  expectContract('get', '/vehicles', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

async function countWhere(column: 'oem_id' | 'dealer_id', value: string): Promise<number> {
  const row = await server.database.db
    .selectFrom('vehicles')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(column, '=', value)
    .executeTakeFirstOrThrow();
  return row.n;
}

const counts = async () => {
  const db = server.database.db;
  const v = await db.selectFrom('vehicles').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const a = await db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { vehicles: v.n, audit: a.n };
};

async function otherOemVehicle(): Promise<string> {
  const row = await server.database.db
    .selectFrom('vehicles')
    .select('id')
    .where('oem_id', '<>', 'oem-01')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const NEW_VEHICLE = {
  vin: 'TESTVIN0000000001',
  registrationNumber: 'KA01TE0001',
  modelId: 'mdl-ev-001',
  connectivity: '4G',
};

describe('list', () => {
  test('a platform admin gets the first page of every vehicle, newest first', async () => {
    const page = await list('SA');
    expect(page).toMatchObject({ total: TEST_VEHICLES, page: 1, pageSize: 25 });
    expect(page.items).toHaveLength(25);
    const created = page.items.map((v) => Date.parse(v.createdAt as string));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  test('filter, sort and page apply in SQL: one OEM, by SoC descending, page 2', async () => {
    const page = await list('SA', '?filter[oemId]=oem-02&sort=soc:desc,vin:asc&pageSize=10&page=2');
    expect(page.total).toBe(await countWhere('oem_id', 'oem-02'));
    expect(page.page).toBe(2);
    expect(page.items.every((v) => v.oemId === 'oem-02')).toBe(true);
    const socs = page.items.map((v) => v.soc);
    expect(socs).toEqual([...socs].sort((a, b) => b - a));
    const first = await list('SA', '?filter[oemId]=oem-02&sort=soc:desc,vin:asc&pageSize=10&page=1');
    expect(first.items.at(-1)?.soc).toBeGreaterThanOrEqual(page.items[0]?.soc ?? 0);
    expect(first.items.map((v) => v.id)).not.toContain(page.items[0]?.id);
  });

  test('several filter values match any; the SNA state filters as F', async () => {
    const page = await list('SA', '?filter[connectivity]=4G,5G&pageSize=1000');
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((v) => v.connectivity === '4G' || v.connectivity === '5G')).toBe(true);
    const sna = await list('SA', '?filter[stateCode]=F&pageSize=1000');
    expect(sna.items.every((v) => v.stateCode === 'F')).toBe(true);
  });

  test('search matches the VIN or registration case-insensitively', async () => {
    const target = (await list('SA', '?pageSize=1')).items[0] as Vehicle;
    const page = await list('SA', `?q=${target.vin.slice(-8).toLowerCase()}`);
    expect(page.items.map((v) => v.id)).toContain(target.id);
  });

  test('names of the model and organisations come with each row', async () => {
    const page = await list('SA', '?pageSize=5');
    for (const vehicle of page.items) expect((vehicle.names as { oem: string | null }).oem).toEqual(expect.any(String));
  });

  test('an unknown sort or filter field, or a page size over 1000, answers 400 invalid_query', async () => {
    const token = await server.tokenOf('SA');
    for (const query of ['?sort=password:asc', '?filter[secret]=1', '?pageSize=5000', '?sort=vin:sideways']) {
      const response = await server.call({ method: 'GET', url: `/api/vehicles${query}`, token });
      expectContract('get', '/vehicles', response);
      expect(response.statusCode, query).toBe(400);
    }
  });

  test('an OEM admin sees only its OEM; a service-centre admin only its dealer', async () => {
    const oem = await list('OEMA', '?pageSize=1000');
    expect(oem.total).toBe(await countWhere('oem_id', 'oem-01'));
    expect(oem.items.every((v) => v.oemId === 'oem-01')).toBe(true);
    const me = (await server.call({ method: 'GET', url: '/api/auth/me', token: await server.tokenOf('DA') })).json();
    const dealer = await list('DA', '?pageSize=1000');
    expect(dealer.total).toBe(await countWhere('dealer_id', me.user.dealerId));
    expect(dealer.items.every((v) => v.dealerId === me.user.dealerId)).toBe(true);
  });

  test('a filter cannot widen the scope', async () => {
    const page = await list('OEMA', '?filter[oemId]=oem-02');
    expect(page.total).toBe(0);
  });

  test('a role without the vehicle permissions gets 403', async () => {
    expect(can(defaultPermissionsFor('GPSA'), { anyOf: ['vh.l', 'vh.l.d'] })).toBe(false);
    const response = await server.call({ method: 'GET', url: '/api/vehicles', token: await server.tokenOf('GPSA') });
    expectContract('get', '/vehicles', response);
    expect(response.statusCode).toBe(403);
  });
});

describe('get', () => {
  test('by id, in scope', async () => {
    const id = (await list('OEMA', '?pageSize=1')).items[0]?.id;
    const response = await server.call({
      method: 'GET',
      url: `/api/vehicles/${id}`,
      token: await server.tokenOf('OEMA'),
    });
    expectContract('get', '/vehicles/{id}', response);
    expect(response.json()).toMatchObject({ id, oemId: 'oem-01' });
  });

  test("an id outside the caller's scope answers 404, as an unknown id does", async () => {
    const token = await server.tokenOf('OEMA');
    const outside = await server.call({ method: 'GET', url: `/api/vehicles/${await otherOemVehicle()}`, token });
    expectContract('get', '/vehicles/{id}', outside);
    expect(outside.statusCode).toBe(404);
    const unknown = await server.call({ method: 'GET', url: '/api/vehicles/veh-nope', token });
    expect(unknown.json()).toEqual(outside.json());
  });
});

describe('writes', () => {
  test('create answers 201 with the vehicle; it is listed; an audit entry is appended', async () => {
    const before = await counts();
    const token = await server.tokenOf('SA');
    const response = await server.call({ method: 'POST', url: '/api/vehicles', token, payload: NEW_VEHICLE });
    expectContract('post', '/vehicles', response);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as Vehicle;
    expect(created).toMatchObject({ vin: NEW_VEHICLE.vin, oemId: 'oem-01', stateCode: 'F', isLive: false, status: 1 });
    expect((await list('SA', `?q=${NEW_VEHICLE.vin}`)).items.map((v) => v.id)).toEqual([created.id]);
    expect(await counts()).toEqual({ vehicles: before.vehicles + 1, audit: before.audit + 1 });
    const entry = await server.database.db
      .selectFrom('audit')
      .selectAll()
      .where('entity_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity: 'Vehicle', action: 'Add', user_id: 'usr-sa' });
  });

  test('bad input answers 400 with each field, and nothing is written', async () => {
    const before = await counts();
    const response = await server.call({
      method: 'POST',
      url: '/api/vehicles',
      token: await server.tokenOf('SA'),
      payload: { vin: 5, registrationNumber: 'X', modelId: 'mdl-ev-001', connectivity: 'Carrier pigeon' },
    });
    expectContract('post', '/vehicles', response);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      fieldErrors: { vin: expect.any(String), connectivity: expect.any(String) },
    });
    expect(await counts()).toEqual(before);
  });

  test('rules the schema cannot say answer 400 from the service: a short VIN, a model of another kind', async () => {
    const before = await counts();
    const response = await server.call({
      method: 'POST',
      url: '/api/vehicles',
      token: await server.tokenOf('SA'),
      payload: { ...NEW_VEHICLE, vin: 'SHORT', modelId: 'mdl-bms-001' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors).sort()).toEqual(['modelId', 'vin']);
    expect(await counts()).toEqual(before);
  });

  test('a VIN already taken answers 409', async () => {
    const taken = (await list('SA', '?pageSize=1')).items[0]?.vin;
    const response = await server.call({
      method: 'POST',
      url: '/api/vehicles',
      token: await server.tokenOf('SA'),
      payload: { ...NEW_VEHICLE, vin: taken },
    });
    expectContract('post', '/vehicles', response);
    expect(response.statusCode).toBe(409);
  });

  test('create without the Add permission answers 403 and writes nothing', async () => {
    expect(can(defaultPermissionsFor('DR'), 'vh.l', ACTION.ADD)).toBe(false);
    const before = await counts();
    const response = await server.call({
      method: 'POST',
      url: '/api/vehicles',
      token: await server.tokenOf('DR'),
      payload: { ...NEW_VEHICLE, vin: 'TESTVIN0000000002' },
    });
    expectContract('post', '/vehicles', response);
    expect(response.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  test('an edit answers 200 and its audit entry holds the change before and after', async () => {
    const target = (await list('OEMA', '?pageSize=1')).items[0] as Vehicle;
    const response = await server.call({
      method: 'PATCH',
      url: `/api/vehicles/${target.id}`,
      token: await server.tokenOf('OEMA'),
      payload: { registrationNumber: 'KA99ZZ9999' },
    });
    expectContract('patch', '/vehicles/{id}', response);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: target.id, registrationNumber: 'KA99ZZ9999' });
    const entry = await server.database.db
      .selectFrom('audit')
      .selectAll()
      .where('entity_id', '=', target.id)
      .where('action', '=', 'Update')
      .executeTakeFirstOrThrow();
    expect(entry.changes).toEqual([
      { field: 'registrationNumber', before: target.registrationNumber, after: 'KA99ZZ9999' },
    ]);
  });

  test('an edit of a vehicle outside the scope answers 404 and changes nothing', async () => {
    const id = await otherOemVehicle();
    const before = await server.database.db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirst();
    const response = await server.call({
      method: 'PATCH',
      url: `/api/vehicles/${id}`,
      token: await server.tokenOf('OEMA'),
      payload: { registrationNumber: 'HIJACKED' },
    });
    expect(response.statusCode).toBe(404);
    const after = await server.database.db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirst();
    expect(after).toEqual(before);
  });

  test('status change and delete; a deleted vehicle answers 404', async () => {
    const token = await server.tokenOf('SA');
    const created = (
      await server.call({
        method: 'POST',
        url: '/api/vehicles',
        token,
        payload: { ...NEW_VEHICLE, vin: 'TESTVIN0000000003' },
      })
    ).json() as Vehicle;
    const status = await server.call({
      method: 'POST',
      url: `/api/vehicles/${created.id}/status`,
      token,
      payload: { status: 0 },
    });
    expectContract('post', '/vehicles/{id}/status', status);
    expect(status.json().status).toBe(0);
    const removed = await server.call({ method: 'DELETE', url: `/api/vehicles/${created.id}`, token });
    expectContract('delete', '/vehicles/{id}', removed);
    expect(removed.statusCode).toBe(204);
    expect((await server.call({ method: 'GET', url: `/api/vehicles/${created.id}`, token })).statusCode).toBe(404);
  });

  test('the audit chain holds: every entry links to the one before and its hash is of its own content', async () => {
    const rows = await server.database.db.selectFrom('audit').selectAll().orderBy('seq').execute();
    expect(rows.length).toBeGreaterThan(3);
    let prev = GENESIS_HASH;
    for (const [index, row] of rows.entries()) {
      const entry: Omit<AuditEntry, 'hash'> = {
        id: row.id,
        seq: row.seq,
        occurredAt: new Date(row.occurred_at).toISOString(),
        userId: row.user_id,
        userName: row.user_name,
        role: row.role,
        ip: row.ip,
        userAgent: row.user_agent,
        entity: row.entity,
        entityId: row.entity_id,
        action: row.action as AuditEntry['action'],
        summary: row.summary,
        changes: row.changes as AuditEntry['changes'],
        prevHash: row.prev_hash,
      };
      expect(row.seq).toBe(index + 1);
      expect(row.prev_hash).toBe(prev);
      expect(await entryHash(entry)).toBe(row.hash);
      prev = row.hash;
    }
  });
});

describe('actions', () => {
  const firstOf = async (table: 'dealers' | 'fleets', oemId: string) =>
    (
      await server.database.db
        .selectFrom(table)
        .select('id')
        .where('oem_id', '=', oemId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;

  test('clone answers 201: same model and owners, the new VIN, no devices', async () => {
    const source = (await list('SA', '?filter[oemId]=oem-01&pageSize=1')).items[0] as Vehicle;
    const response = await server.call({
      method: 'POST',
      url: `/api/vehicles/${source.id}/clone`,
      token: await server.tokenOf('SA'),
      payload: { vin: 'CLONEVIN000000001', registrationNumber: 'KA01CL0001' },
    });
    expectContract('post', '/vehicles/{id}/clone', response);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      vin: 'CLONEVIN000000001',
      modelId: source.modelId,
      dealerId: source.dealerId,
      bmsId: null,
      odometerKm: 0,
    });
    expect(response.json().id).not.toBe(source.id);
  });

  test('assign to a service centre of the caller’s OEM answers 200; one of another OEM 400 and nothing changes', async () => {
    const token = await server.tokenOf('OEMA');
    const vehicle = (await list('OEMA', '?pageSize=1&sort=vin:asc')).items[0] as Vehicle;
    const mine = await firstOf('dealers', 'oem-01');
    const theirs = await firstOf('dealers', 'oem-02');
    const refused = await server.call({
      method: 'POST',
      url: `/api/vehicles/${vehicle.id}/assign`,
      token,
      payload: { target: 'dealer', targetId: theirs },
    });
    expectContract('post', '/vehicles/{id}/assign', refused);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toHaveProperty('targetId');
    const unchanged = await server.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}`, token });
    expect(unchanged.json().dealerId).toBe(vehicle.dealerId);

    const assigned = await server.call({
      method: 'POST',
      url: `/api/vehicles/${vehicle.id}/assign`,
      token,
      payload: { target: 'dealer', targetId: mine },
    });
    expectContract('post', '/vehicles/{id}/assign', assigned);
    expect(assigned.json().dealerId).toBe(mine);
    const unassigned = await server.call({
      method: 'POST',
      url: `/api/vehicles/${vehicle.id}/assign`,
      token,
      payload: { target: 'dealer', targetId: null },
    });
    expect(unassigned.json().dealerId).toBeNull();
  });

  test('two assigns of one vehicle at once run one after the other: the second one’s audit starts where the first ended', async () => {
    const token = await server.tokenOf('OEMA');
    const vehicle = (await list('OEMA', '?pageSize=1&sort=vin:desc')).items[0] as Vehicle;
    const fleets = (
      await server.database.db
        .selectFrom('fleets')
        .select('id')
        .where('oem_id', '=', 'oem-01')
        .where('id', '<>', String(vehicle.fleetId))
        .orderBy('id')
        .limit(2)
        .execute()
    ).map((d) => d.id);
    expect(fleets).toHaveLength(2);
    const assign = (targetId: string) =>
      server.call({
        method: 'POST',
        url: `/api/vehicles/${vehicle.id}/assign`,
        token,
        payload: { target: 'fleet', targetId },
      });
    const answers = await Promise.all(fleets.map(assign));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const entries = await server.database.db
      .selectFrom('audit')
      .select(['changes'])
      .where('entity', '=', 'Vehicle')
      .where('entity_id', '=', vehicle.id)
      .where('action', '=', 'Assign')
      .orderBy('seq', 'desc')
      .limit(2)
      .execute();
    const [second, first] = entries.map((e) =>
      (e.changes as { field: string; before: unknown; after: unknown }[]).find((c) => c.field === 'fleetId'),
    );
    expect(first?.before).toBe(vehicle.fleetId);
    // The second read the vehicle as the first left it, not as both found it before either wrote.
    expect(second?.before).toBe(first?.after);
    const now = await server.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}`, token });
    expect(now.json().fleetId).toBe(second?.after);
  });

  test('assign with an unknown target kind answers 400 from the contract', async () => {
    const vehicle = (await list('SA', '?pageSize=1')).items[0] as Vehicle;
    const response = await server.call({
      method: 'POST',
      url: `/api/vehicles/${vehicle.id}/assign`,
      token: await server.tokenOf('SA'),
      payload: { target: 'moon', targetId: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty('target');
  });

  test('resync answers the vehicle and is audited', async () => {
    const vehicle = (await list('SA', '?pageSize=1')).items[0] as Vehicle;
    const response = await server.call({
      method: 'POST',
      url: `/api/vehicles/${vehicle.id}/resync`,
      token: await server.tokenOf('SA'),
    });
    expectContract('post', '/vehicles/{id}/resync', response);
    expect(response.statusCode).toBe(200);
    const entry = await server.database.db
      .selectFrom('audit')
      .select('action')
      .where('entity_id', '=', vehicle.id)
      .where('action', '=', 'Resync')
      .executeTakeFirst();
    expect(entry).toBeDefined();
  });
});

describe('export', () => {
  test('CSV of every vehicle in scope matching the filters, header first; audited', async () => {
    const response = await server.call({
      method: 'GET',
      url: '/api/vehicles/export?filter[status]=1&sort=vin:asc',
      token: await server.tokenOf('OEMA'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,vin,registrationNumber,/);
    const expected = await server.database.db
      .selectFrom('vehicles')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('oem_id', '=', 'oem-01')
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    expect(lines).toHaveLength(expected.n + 1);
    const oemColumn = lines[0]?.split(',').indexOf('oemId') ?? -1;
    expect(lines.slice(1).every((line) => line.split(',')[oemColumn] === 'oem-01')).toBe(true);
    const entry = await server.database.db
      .selectFrom('audit')
      .select('summary')
      .where('action', '=', 'Export')
      .executeTakeFirstOrThrow();
    expect(entry.summary).toBe(`Exported ${expected.n} vehicles`);
  });
});

describe('import', () => {
  test('valid rows are created, invalid ones reported by index; a VIN twice in one chunk is refused the second time', async () => {
    const before = await counts();
    const row = (n: number, extra: object = {}) => ({
      vin: `IMPORTVIN0000000${n}`,
      registrationNumber: `KA01IM000${n}`,
      modelId: 'mdl-ev-001',
      connectivity: '4G',
      ...extra,
    });
    const response = await server.call({
      method: 'POST',
      url: '/api/vehicles/import',
      token: await server.tokenOf('SA'),
      payload: { rows: [row(1), row(2, { modelId: 'mdl-nope' }), row(3), row(1)] },
    });
    expectContract('post', '/vehicles/import', response);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as { created: Vehicle[]; errors: { row: number; fieldErrors: object }[] };
    expect(result.created.map((v) => v.vin)).toEqual(['IMPORTVIN00000001', 'IMPORTVIN00000003']);
    expect(result.errors.map((e) => e.row)).toEqual([1, 3]);
    expect(result.errors[0]?.fieldErrors).toHaveProperty('modelId');
    expect(result.errors[1]?.fieldErrors).toHaveProperty('vin');
    expect(await counts()).toEqual({ vehicles: before.vehicles + 2, audit: before.audit + 1 });
  });

  test('a row of the wrong type fails the whole request with 400 before anything is written', async () => {
    const before = await counts();
    const response = await server.call({
      method: 'POST',
      url: '/api/vehicles/import',
      token: await server.tokenOf('SA'),
      payload: {
        rows: [{ vin: 'IMPORTVIN00000009', registrationNumber: 7, modelId: 'mdl-ev-001', connectivity: '4G' }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty(['rows.0.registrationNumber']);
    expect(await counts()).toEqual(before);
  });
});
