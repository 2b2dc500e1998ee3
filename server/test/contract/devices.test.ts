import { can, defaultPermissionsFor } from '@/domain/permissions';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDeviceRepository } from '../../src/db/repositories/device-repository';
import { DEVICE_LIST } from '../../src/services/devices/device-list-spec';
import { parseListQuery } from '../../src/services/lib/list-query';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Device = {
  id: string;
  type: string;
  serialNumber: string;
  oemId: string;
  vehicleId: string | null;
  state: number | 'F';
  bms?: { chemistry: number };
  [key: string]: unknown;
};
type Page = { items: Device[]; total: number; page: number; pageSize: number };

async function call(role: string, url: string) {
  return server.call({ method: 'GET', url, token: await server.tokenOf(role) });
}

async function list(role: string, query = ''): Promise<Page> {
  const response = await call(role, `/api/devices${query}`);
  expectContract('get', '/devices', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

async function count(where: (q: ReturnType<typeof devices>) => ReturnType<typeof devices>): Promise<number> {
  const row = await where(devices()).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
const devices = () => server.database.db.selectFrom('devices');

describe('list', () => {
  test('a platform admin gets the first page of every device of every kind, newest first', async () => {
    const page = await list('SA');
    expect(page).toMatchObject({ total: await count((q) => q), page: 1, pageSize: 25 });
    expect(page.total).toBeGreaterThan(100);
    expect(page.items).toHaveLength(25);
    const created = page.items.map((d) => Date.parse(d.createdAt as string));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  test('filter, sort and page apply in SQL: BMS of one chemistry by serial number, page 2', async () => {
    const query = '?filter[type]=BMS&filter[chemistry]=1&sort=serialNumber:asc&pageSize=5';
    const first = await list('SA', query);
    const second = await list('SA', `${query}&page=2`);
    expect(first.total).toBe(
      await count((q) => q.where('type', '=', 'BMS').where(sql<boolean>`(bms ->> 'chemistry')::int = 1`)),
    );
    expect(first.total).toBeGreaterThan(5);
    const all = [...first.items, ...second.items];
    expect(all.every((d) => d.type === 'BMS' && d.bms?.chemistry === 1)).toBe(true);
    const serials = all.map((d) => d.serialNumber);
    expect(serials).toEqual([...serials].sort());
    expect(new Set(all.map((d) => d.id)).size).toBe(all.length);
  });

  test('assigned, state SNA and search by serial number', async () => {
    const unfitted = await list('SA', '?filter[assigned]=false&pageSize=1000');
    expect(unfitted.total).toBe(await count((q) => q.where('vehicle_id', 'is', null)));
    expect(unfitted.items.every((d) => d.vehicleId === null)).toBe(true);
    const sna = await list('SA', '?filter[state]=F&pageSize=1000');
    expect(sna.total).toBe(await count((q) => q.where('state', 'is', null)));
    expect(sna.items.every((d) => d.state === 'F')).toBe(true);
    const target = (await list('SA', '?pageSize=1')).items[0] as Device;
    const found = await list('SA', `?q=${target.serialNumber.toLowerCase()}`);
    expect(found.items.map((d) => d.id)).toContain(target.id);
  });

  test("an OEM admin sees its OEM's devices, fitted or not", async () => {
    const oem = await list('OEMA', '?pageSize=1000');
    expect(oem.total).toBe(await count((q) => q.where('oem_id', '=', 'oem-01')));
    expect(oem.items.every((d) => d.oemId === 'oem-01')).toBe(true);
    expect(oem.items.some((d) => d.vehicleId === null)).toBe(true);
  });

  test("a vehicle-scoped caller's scope is the devices fitted to its vehicles (repository, as no such default role lists devices)", async () => {
    expect(can(defaultPermissionsFor('DA'), 'BMS.l')).toBe(false);
    const me = (await call('DA', '/api/auth/me')).json();
    const store = createDeviceRepository(server.database.db);
    const query = parseListQuery({ pageSize: 1000 }, DEVICE_LIST);
    const scoped = await store.list({ vehicles: { field: 'dealerId', value: me.user.dealerId } }, query);
    const fitted = await count((q) =>
      q.where('vehicle_id', 'in', (eb) =>
        eb.selectFrom('vehicles').select('id').where('dealer_id', '=', me.user.dealerId),
      ),
    );
    expect(fitted).toBeGreaterThan(0);
    expect(scoped.total).toBe(fitted);
    const nobody = await store.list({ vehicles: { field: 'dealerId', value: null } }, query);
    expect(nobody.total).toBe(0);
  });

  test('a filter cannot widen the scope', async () => {
    expect((await list('OEMA', '?filter[oemId]=oem-02')).total).toBe(0);
  });

  test('a component admin sees only the kinds it may list; asking for another kind is 403', async () => {
    expect(can(defaultPermissionsFor('BMSA'), 'BMS.l')).toBe(true);
    expect(can(defaultPermissionsFor('BMSA'), 'MCU.l')).toBe(false);
    expect(can(defaultPermissionsFor('BMSA'), 'cm')).toBe(true);
    const page = await list('BMSA', '?pageSize=1000');
    expect(page.items.every((d) => d.type === 'BMS' || d.type === 'LOGGER')).toBe(true);
    expect(page.total).toBe(await count((q) => q.where('type', 'in', ['BMS', 'LOGGER'])));
    const response = await call('BMSA', '/api/devices?filter[type]=BMS,MCU');
    expectContract('get', '/devices', response);
    expect(response.statusCode).toBe(403);
  });

  test('an unknown sort or filter value is 400 invalid_query', async () => {
    for (const query of ['?sort=vin:asc', '?filter[type]=EV', '?filter[state]=9', '?filter[assigned]=maybe']) {
      const response = await call('SA', `/api/devices${query}`);
      expectContract('get', '/devices', response);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('invalid_query');
    }
  });
});

describe('get', () => {
  test('by id, in scope', async () => {
    const id = (await list('OEMA', '?pageSize=1')).items[0]?.id;
    const response = await call('OEMA', `/api/devices/${id}`);
    expectContract('get', '/devices/{id}', response);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, oemId: 'oem-01' });
  });

  test("an id outside the caller's scope answers 404, as an unknown id does", async () => {
    const other = await devices().select('id').where('oem_id', '<>', 'oem-01').orderBy('id').executeTakeFirstOrThrow();
    const outside = await call('OEMA', `/api/devices/${other.id}`);
    expectContract('get', '/devices/{id}', outside);
    expect(outside.statusCode).toBe(404);
    const unknown = await call('OEMA', '/api/devices/bms-nope');
    expect(unknown.json()).toEqual(outside.json());
  });

  test('a device of a kind the caller may not list answers 403', async () => {
    const mcu = await devices().select('id').where('type', '=', 'MCU').orderBy('id').executeTakeFirstOrThrow();
    const response = await call('BMSA', `/api/devices/${mcu.id}`);
    expectContract('get', '/devices/{id}', response);
    expect(response.statusCode).toBe(403);
  });
});
