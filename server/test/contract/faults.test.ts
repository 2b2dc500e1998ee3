import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Fault = {
  id: string;
  vehicleId: string;
  deviceKind: string;
  kind: string;
  severity: number;
  code: string;
  name: string;
  occurredAt: string;
  clearedAt: string | null;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
};
type Page = { items: Fault[]; total: number; page: number; pageSize: number };

async function call(role: string, url: string) {
  return server.call({ method: 'GET', url, token: await server.tokenOf(role) });
}

async function acknowledge(role: string, id: string) {
  return server.call({ method: 'POST', url: `/api/faults/${id}/acknowledge`, token: await server.tokenOf(role) });
}

async function list(role: string, query = ''): Promise<Page> {
  const response = await call(role, `/api/faults${query}`);
  expectContract('get', '/faults', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

const faults = () => server.database.db.selectFrom('faults');

async function count(where: (q: ReturnType<typeof faults>) => ReturnType<typeof faults>): Promise<number> {
  const row = await where(faults()).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

const auditCount = async () =>
  (await server.database.db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;

const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();

/** A fault nobody acknowledged yet on a vehicle of this dealer (or, with `not`, of none of its vehicles). */
async function openFaultOfDealer(dealerId: string, not = false) {
  return server.database.db
    .selectFrom('faults')
    .innerJoin('vehicles', 'vehicles.id', 'faults.vehicle_id')
    .select(['faults.id', 'faults.code', 'faults.vehicle_id'])
    .where('faults.acknowledged_at', 'is', null)
    .where((eb) =>
      not
        ? eb.or([eb('vehicles.dealer_id', '<>', dealerId), eb('vehicles.dealer_id', 'is', null)])
        : eb('vehicles.dealer_id', '=', dealerId),
    )
    .orderBy('faults.id')
    .executeTakeFirstOrThrow();
}

describe('list and get', () => {
  test('every fault, newest first; filters, search, range and paging apply in SQL', async () => {
    const all = await list('SA', '?pageSize=1000');
    expect(all.total).toBe(await count((q) => q));
    expect(all.total).toBeGreaterThan(25);
    const times = all.items.map((f) => Date.parse(f.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const severe = await list('SA', '?filter[severity]=4,5&filter[kind]=Fault&filter[deviceKind]=BMS&pageSize=1000');
    expect(severe.total).toBe(
      await count((q) =>
        q.where('severity', 'in', [4, 5]).where('kind', '=', 'Fault').where('device_kind', '=', 'BMS'),
      ),
    );
    for (const f of severe.items) expect(f).toMatchObject({ kind: 'Fault', deviceKind: 'BMS' });

    const active = await list('SA', '?filter[active]=true&filter[acknowledged]=false&pageSize=1000');
    expect(active.total).toBe(
      await count((q) => q.where('cleared_at', 'is', null).where('acknowledged_at', 'is', null)),
    );
    expect(active.total).toBeGreaterThan(0);
    for (const f of active.items) expect(f).toMatchObject({ clearedAt: null, acknowledgedAt: null });

    const first = all.items[0] as Fault;
    const ofVehicle = await list('SA', `?filter[vehicleId]=${first.vehicleId}`);
    expect(ofVehicle.items.map((f) => f.vehicleId)).toContain(first.vehicleId);
    expect(new Set(ofVehicle.items.map((f) => f.vehicleId))).toEqual(new Set([first.vehicleId]));
    expect((await list('SA', `?q=${encodeURIComponent(first.name.toUpperCase())}`)).items.map((f) => f.id)).toContain(
      first.id,
    );
    const ranged = await list('SA', `?from=${first.occurredAt}&pageSize=1000`);
    expect(ranged.total).toBe(await count((q) => q.where('occurred_at', '>=', new Date(first.occurredAt))));

    const codes = (await list('SA', '?sort=code:asc,occurredAt:desc&pageSize=50&page=2')).items.map((f) => f.code);
    expect(codes).toEqual([...codes].sort());

    const one = await call('SA', `/api/faults/${first.id}`);
    expectContract('get', '/faults/{id}', one);
    expect(one.json()).toEqual(first);
  });

  test("a service centre sees only its vehicles' faults; component staff only their kind's; others' are 404", async () => {
    const dealer = await list('DA', '?pageSize=1000');
    const own = await server.database.db
      .selectFrom('faults')
      .innerJoin('vehicles', 'vehicles.id', 'faults.vehicle_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('vehicles.dealer_id', '=', 'dlr-0001')
      .executeTakeFirstOrThrow();
    expect(dealer.total).toBe(own.n);
    expect(dealer.total).toBeGreaterThan(0);
    expect(dealer.total).toBeLessThan(await count((q) => q));

    const bms = await list('BMSA', '?pageSize=1000');
    expect(bms.total).toBe(await count((q) => q.where('device_kind', '=', 'BMS')));
    expect(new Set(bms.items.map((f) => f.deviceKind))).toEqual(new Set(['BMS']));
    // A GPS admin holds no list of a kind faults are raised on.
    expect((await list('GPSA')).total).toBe(0);

    const elsewhere = await openFaultOfDealer('dlr-0001', true);
    const hidden = await call('DA', `/api/faults/${elsewhere.id}`);
    expectContract('get', '/faults/{id}', hidden);
    expect(hidden.statusCode).toBe(404);
    const unknown = await call('SA', '/api/faults/flt-nope');
    expectContract('get', '/faults/{id}', unknown);
    expect(unknown.statusCode).toBe(404);
  });

  test('unknown filter values, sorts and dates are 400 invalid_query', async () => {
    for (const query of [
      '?filter[severity]=9',
      '?filter[kind]=Warning',
      '?filter[active]=maybe',
      '?filter[colour]=red',
      '?sort=name:asc',
      '?from=yesterday',
    ]) {
      const response = await call('SA', `/api/faults${query}`);
      expectContract('get', '/faults', response);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code, query).toBe('invalid_query');
    }
  });
});

describe('acknowledge', () => {
  test('the first acknowledgement is kept and audited once; a second answers it and writes nothing', async () => {
    const open = await openFaultOfDealer('dlr-0001');
    const before = await auditCount();
    const first = await acknowledge('DA', open.id);
    expectContract('post', '/faults/{id}/acknowledge', first);
    expect(first.statusCode, first.body).toBe(200);
    const user = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'da@voltline.demo')
      .executeTakeFirstOrThrow();
    expect(first.json()).toMatchObject({ id: open.id, acknowledgedBy: user.id, acknowledgedAt: expect.any(String) });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity: 'Fault', entity_id: open.id, action: 'Update', user_id: user.id });
    expect(entry.summary).toBe(`Acknowledged ${open.code}`);
    expect((entry.changes as { field: string }[]).map((c) => c.field)).toEqual(['acknowledgedAt', 'acknowledgedBy']);

    const second = await acknowledge('SA', open.id);
    expectContract('post', '/faults/{id}/acknowledge', second);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await auditCount()).toBe(before + 1);
    expect((await call('SA', `/api/faults/${open.id}`)).json()).toEqual(first.json());
  });

  test('a driver may not (403); a fault outside the scope is 404; neither writes', async () => {
    const open = await openFaultOfDealer('dlr-0001');
    const elsewhere = await openFaultOfDealer('dlr-0001', true);
    const before = await auditCount();
    const refused = await acknowledge('DR', open.id);
    expectContract('post', '/faults/{id}/acknowledge', refused);
    expect(refused.statusCode).toBe(403);
    const hidden = await acknowledge('DA', elsewhere.id);
    expectContract('post', '/faults/{id}/acknowledge', hidden);
    expect(hidden.statusCode).toBe(404);
    const unknown = await acknowledge('SA', 'flt-nope');
    expect(unknown.statusCode).toBe(404);
    expect(await auditCount()).toBe(before);
    expect(
      await count((q) => q.where('id', 'in', [open.id, elsewhere.id]).where('acknowledged_at', 'is not', null)),
    ).toBe(0);
  });

  test("a vehicle's faults go with it", async () => {
    const { vehicle_id: vehicleId } = await faults()
      .select('vehicle_id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const deleted = await server.call({
      method: 'DELETE',
      url: `/api/vehicles/${vehicleId}`,
      token: await server.tokenOf('SA'),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await list('SA', `?filter[vehicleId]=${vehicleId}`)).total).toBe(0);
  });
});
