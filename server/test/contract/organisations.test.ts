import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Org = { id: string; name: string; status: number; [field: string]: unknown };
type Page = { items: Org[]; total: number; page: number; pageSize: number };
type Details = {
  kind: string;
  vehicles: { items: { id: string }[]; total: number };
  fleets?: { total: number };
  drivers?: { total: number };
  openTickets?: unknown;
};

const FLEET = { name: 'Metro Cabs', city: 'Pune', email: 'ops@metrocabs.example', phone: '+91 98450 12345' };

async function get(role: string, path: string) {
  const response = await server.call({ method: 'GET', url: `/api${path}`, token: await server.tokenOf(role) });
  expectContract('get', path.split('?')[0]?.replace(/\/(dlr|flt|evo|drv)-[^/]+/, '/{id}') as string, response);
  return response;
}

async function send(role: string, method: 'POST' | 'PATCH', path: string, payload: object) {
  const response = await server.call({ method, url: `/api${path}`, token: await server.tokenOf(role), payload });
  expectContract(method.toLowerCase(), path.replace(/\/(dlr|flt|evo|drv)-[^/]+/, '/{id}'), response);
  return response;
}

async function list(role: string, path: string): Promise<Page> {
  const response = await get(role, path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

const db = () => server.database.db;
const total = async (table: 'oems' | 'dealers' | 'fleets' | 'ev_owners' | 'drivers' | 'audit') =>
  (await db().selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
/** What a refused write must leave alone: the organisations, the vehicles' owners and the audit chain. */
const snapshot = async () => ({
  fleets: await total('fleets'),
  drivers: await total('drivers'),
  dealers: await total('dealers'),
  audit: await total('audit'),
  owners: await db()
    .selectFrom('vehicles')
    .select(
      sql<string>`string_agg(concat_ws(':', id, dealer_id, fleet_id, ev_owner_id, driver_id), ',' ORDER BY id)`.as('o'),
    )
    .executeTakeFirstOrThrow(),
});
const lastAudit = () => db().selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();

describe('lists', () => {
  test('platform staff see every organisation of each kind; search, filter, sort and page apply in SQL', async () => {
    for (const [path, table] of [
      ['/oems', 'oems'],
      ['/dealers', 'dealers'],
      ['/fleets', 'fleets'],
      ['/ev-owners', 'ev_owners'],
      ['/drivers', 'drivers'],
    ] as const) {
      expect((await list('SA', `${path}?pageSize=5`)).total).toBe(await total(table));
    }
    const names = (await list('SA', '/dealers?sort=name:desc&pageSize=1000')).items.map((d) => d.name);
    expect(names).toEqual([...names].sort().reverse());
    const inactive = await list('SA', '/fleets?filter[status]=0&pageSize=1000');
    expect(inactive.items.every((f) => f.status === 0)).toBe(true);
    const driver = (await list('SA', '/drivers?pageSize=1')).items[0] as Org;
    expect((await list('SA', `/drivers?q=${driver.licenseNumber}`)).items.map((d) => d.id)).toEqual([driver.id]);
    expect(driver.licenseExpiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await get('SA', '/fleets?filter[status]=2')).statusCode).toBe(400);
    expect((await get('SA', '/drivers?sort=phone:asc')).statusCode).toBe(400);
  });

  test('each list is the caller’s scope: an OEM its own, a service centre its own, a fleet its drivers', async () => {
    const oem = await list('OEMA', '/dealers?pageSize=1000');
    expect(oem.total).toBeGreaterThan(0);
    expect(new Set(oem.items.map((d) => d.oemId))).toEqual(new Set(['oem-01']));
    expect((await list('OEMA', '/oems')).items.map((o) => o.id)).toEqual(['oem-01']);
    const fleets = await list('DA', '/fleets?pageSize=1000');
    expect(fleets.total).toBe(
      (await db().selectFrom('fleets').select('id').where('dealer_id', '=', 'dlr-0001').execute()).length,
    );
    const drivers = await list('FA', '/drivers?pageSize=1000');
    expect(drivers.total).toBeGreaterThan(0);
    expect(new Set(drivers.items.map((d) => d.fleetId))).toEqual(new Set(['flt-0001']));
    const theirs = await list('DE', '/ev-owners?pageSize=1000');
    expect(theirs.total).toBe(
      (await db().selectFrom('ev_owners').select('id').where('dealer_id', '=', 'dlr-0001').execute()).length,
    );
    expect(theirs.total).toBeGreaterThan(0);
    // An OEM sees the owners its service centres look after and those of its vehicles.
    const owners = await list('OEMA', '/ev-owners?pageSize=1000');
    const expected = await db()
      .selectFrom('ev_owners')
      .select('ev_owners.id')
      .where((eb) =>
        eb.or([
          eb('ev_owners.dealer_id', 'in', eb.selectFrom('dealers').select('id').where('oem_id', '=', 'oem-01')),
          eb('ev_owners.id', 'in', eb.selectFrom('vehicles').select('ev_owner_id').where('oem_id', '=', 'oem-01')),
        ]),
      )
      .execute();
    expect(owners.total).toBe(expected.length);
    expect((await get('GPSE', '/drivers')).statusCode).toBe(403);
  });
});

describe('create, edit, status', () => {
  test('a service centre adds a fleet: its own, listed and audited; bad input 400 and a taken e-mail 409 write nothing', async () => {
    const created = await send('DA', 'POST', '/fleets', { ...FLEET, address: '12, MG Road, Pune' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Metro Cabs', dealerId: 'dlr-0001', oemId: 'oem-01', status: 1 });
    expect(await lastAudit()).toMatchObject({ entity: 'Fleet', entity_id: created.json().id, action: 'Add' });
    expect((await list('DA', '/fleets?q=Metro%20Cabs')).items.map((f) => f.id)).toEqual([created.json().id]);

    const before = await snapshot();
    const bad = await send('SA', 'POST', '/ev-owners', {
      name: '',
      email: 'not-an-email',
      phone: '12ab',
      city: 'Pune',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      name: 'Enter a name.',
      email: 'Enter a valid e-mail address.',
      phone: 'Enter a phone number of 8 to 15 digits, optionally starting with +.',
    });
    const taken = await send('SA', 'POST', '/dealers', {
      name: 'X',
      code: 'sc0001',
      city: 'Pune',
      email: 'SERVICE2@dealers.voltline.demo',
      phone: '+91 98450 12345',
      oemId: 'oem-01',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({
      email: 'This e-mail address is already in use.',
      code: 'Another service centre has this code.',
    });
    expect((await send('DR', 'POST', '/fleets', FLEET)).statusCode).toBe(403);
    expect((await send('DA', 'POST', '/dealers', { ...FLEET, code: 'X1' })).statusCode).toBe(403);
    const noFleet = await send('SA', 'POST', '/drivers', {
      name: 'A',
      phone: '+91 98450 00000',
      licenseNumber: 'KA0120240001',
      licenseExpiresOn: '2030-01-01',
    });
    expect(noFleet.json().fieldErrors).toEqual({ fleetId: 'Choose the fleet of the driver.' });
    expect(await snapshot()).toEqual(before);
  });

  test('edits stay in scope (another’s record is 404), keep the record’s own e-mail, and are audited', async () => {
    const foreign = await db()
      .selectFrom('fleets')
      .select('id')
      .where('dealer_id', '<>', 'dlr-0001')
      .executeTakeFirstOrThrow();
    const before = await snapshot();
    expect((await send('DA', 'PATCH', `/fleets/${foreign.id}`, { city: 'X' })).statusCode).toBe(404);
    expect((await get('DA', `/fleets/${foreign.id}/details`)).statusCode).toBe(404);
    const otherDriver = await db()
      .selectFrom('drivers')
      .select('id')
      .where('fleet_id', '<>', 'flt-0001')
      .executeTakeFirstOrThrow();
    expect((await get('FA', `/drivers/${otherDriver.id}/details`)).statusCode).toBe(404);
    expect((await send('FA', 'POST', `/drivers/${otherDriver.id}/status`, { status: 0 })).statusCode).toBe(404);
    expect(
      (await send('OEMA', 'PATCH', '/dealers/dlr-0001', { email: 'service2@dealers.voltline.demo' })).statusCode,
    ).toBe(409);
    expect(await snapshot()).toEqual(before);

    const res = await send('OEMA', 'PATCH', '/dealers/dlr-0001', {
      email: 'Service1@dealers.voltline.demo',
      phone: '+91 80 4000 1234',
      address: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'service1@dealers.voltline.demo',
      phone: '+91 80 4000 1234',
      address: null,
    });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity: 'Dealer', entity_id: 'dlr-0001', action: 'Update' });
    expect(entry.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'phone', after: '+91 80 4000 1234' })]),
    );
  });

  test('status: 0 and 1 are audited as Change Status; anything else is 400; an employee may not (403)', async () => {
    const driver = (await list('FA', '/drivers?pageSize=1')).items[0] as Org;
    const off = await send('FA', 'POST', `/drivers/${driver.id}/status`, { status: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().status).toBe(0);
    expect(await lastAudit()).toMatchObject({ entity: 'Driver', entity_id: driver.id, action: 'Change Status' });
    const before = await snapshot();
    expect((await send('FA', 'POST', `/drivers/${driver.id}/status`, { status: 3 })).statusCode).toBe(400);
    expect((await send('DE', 'POST', '/fleets/flt-0001/status', { status: 0 })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect((await send('FA', 'POST', `/drivers/${driver.id}/status`, { status: 1 })).json().status).toBe(1);
  });
});

describe('details and vehicles', () => {
  test('a new fleet gets a free vehicle, shows it in its details, and gives it back; refusals write nothing', async () => {
    const fleet = (
      await send('SA', 'POST', '/fleets', { ...FLEET, email: 'assign@fleet.example', oemId: 'oem-02' })
    ).json();
    const candidates = await get('SA', `/fleets/${fleet.id}/assignable-vehicles`);
    expect(candidates.statusCode, candidates.body).toBe(200);
    expect(candidates.json().total).toBe(
      (
        await db()
          .selectFrom('vehicles')
          .select('id')
          .where('oem_id', '=', 'oem-02')
          .where('fleet_id', 'is', null)
          .where('ev_owner_id', 'is', null)
          .execute()
      ).length,
    );
    const vehicle = candidates.json().items[0] as { id: string };
    const assigned = await send('SA', 'POST', `/fleets/${fleet.id}/assign-vehicles`, { vehicleIds: [vehicle.id] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((assigned.json() as Details).vehicles.items.map((v) => v.id)).toEqual([vehicle.id]);
    const row = await db()
      .selectFrom('vehicles')
      .select('fleet_id')
      .where('id', '=', vehicle.id)
      .executeTakeFirstOrThrow();
    expect(row.fleet_id).toBe(fleet.id);
    expect(await lastAudit()).toMatchObject({ entity: 'Fleet', entity_id: fleet.id, action: 'Assign' });
    const details = (await get('SA', `/fleets/${fleet.id}/details`)).json() as Details;
    expect(details).toMatchObject({ kind: 'fleet', vehicles: { total: 1 }, drivers: { total: 0 } });

    const before = await snapshot();
    const again = await send('SA', 'POST', `/fleets/${fleet.id}/assign-vehicles`, { vehicleIds: [vehicle.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors.vehicleIds).toContain('belongs to the fleet Metro Cabs');
    const owned = await db()
      .selectFrom('vehicles')
      .select('id')
      .where('ev_owner_id', 'is not', null)
      .where('oem_id', '=', 'oem-02')
      .executeTakeFirstOrThrow();
    const refused = await send('SA', 'POST', `/fleets/${fleet.id}/assign-vehicles`, { vehicleIds: [owned.id] });
    expect(refused.json().fieldErrors.vehicleIds).toMatch(/belongs to the EV owner/);
    const stranger = await send('SA', 'POST', `/fleets/${fleet.id}/unassign-vehicles`, { vehicleIds: [owned.id] });
    expect(stranger.statusCode).toBe(400);
    expect((await send('SA', 'POST', `/fleets/${fleet.id}/assign-vehicles`, { vehicleIds: [] })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);

    const back = await send('SA', 'POST', `/fleets/${fleet.id}/unassign-vehicles`, { vehicleIds: [vehicle.id] });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as Details).vehicles.total).toBe(0);
    expect(await lastAudit()).toMatchObject({ entity: 'Fleet', entity_id: fleet.id, action: 'Unassign' });
  });

  test('a service centre assigns only vehicles in its scope (404); an inactive organisation gets none (409)', async () => {
    const foreign = await db()
      .selectFrom('vehicles')
      .select('id')
      .where('oem_id', '=', 'oem-01')
      .where('dealer_id', '<>', 'dlr-0001')
      .where('fleet_id', 'is', null)
      .where('ev_owner_id', 'is', null)
      .executeTakeFirstOrThrow();
    const own = (await list('DA', '/fleets')).items.find((f) => f.status === 1) as Org;
    const inactive = (await send('DA', 'POST', '/fleets', { ...FLEET, email: 'closed@fleet.example' })).json() as Org;
    expect((await send('DA', 'POST', `/fleets/${inactive.id}/status`, { status: 0 })).statusCode).toBe(200);
    const before = await snapshot();
    const res = await send('DA', 'POST', `/fleets/${own.id}/assign-vehicles`, { vehicleIds: [foreign.id] });
    expect(res.statusCode).toBe(404);
    const closed = await send('SA', 'POST', `/fleets/${inactive.id}/assign-vehicles`, { vehicleIds: [foreign.id] });
    expect(closed.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  test('a driver gets a vehicle of its fleet nobody drives; one another driver drives is refused', async () => {
    const free = await db()
      .selectFrom('vehicles')
      .select('id')
      .where('fleet_id', '=', 'flt-0001')
      .where('driver_id', 'is', null)
      .executeTakeFirstOrThrow();
    const driver = await db()
      .selectFrom('drivers')
      .select('id')
      .where('fleet_id', '=', 'flt-0001')
      .where('id', '<>', 'drv-00001')
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const res = await send('FA', 'POST', `/drivers/${driver.id}/assign-vehicles`, { vehicleIds: [free.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'driver', fleetName: expect.any(String) });
    const row = await db()
      .selectFrom('vehicles')
      .select(['driver_id', 'fleet_id'])
      .where('id', '=', free.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ driver_id: driver.id, fleet_id: 'flt-0001' });
    const taken = await db()
      .selectFrom('vehicles')
      .select('id')
      .where('driver_id', '=', 'drv-00001')
      .executeTakeFirstOrThrow();
    const refused = await send('FA', 'POST', `/drivers/${driver.id}/assign-vehicles`, { vehicleIds: [taken.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fieldErrors.vehicleIds).toMatch(/unassign it there first/);
  });

  test('a service centre’s details hold its fleets; the server keeps no tickets yet, so no open tickets', async () => {
    const res = await get('OEMA', '/dealers/dlr-0001/details');
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json() as Details;
    expect(details.fleets?.total).toBe((await list('DA', '/fleets?pageSize=1000')).total);
    expect(details.openTickets).toBeUndefined();
    expect(details.vehicles.total).toBe(
      (await db().selectFrom('vehicles').select('id').where('dealer_id', '=', 'dlr-0001').execute()).length,
    );
  });
});
