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

const counts = async () => {
  const db = server.database.db;
  const d = await db.selectFrom('devices').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const a = await db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { devices: d.n, audit: a.n };
};

async function send(role: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.call({ method, url, token: await server.tokenOf(role), ...(payload ? { payload } : {}) });
}

async function publishedModel(kind: 'BMS' | 'MCU' | 'VCU', oemId = 'oem-01') {
  return server.database.db
    .selectFrom('models')
    .select(['id', 'oem_id'])
    .where('kind', '=', kind)
    .where('status', '=', 1)
    .where('oem_id', '=', oemId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

describe('writes', () => {
  test('create answers 201 with an unfitted BMS carrying its model spec; it is listed; one audit entry', async () => {
    const before = await counts();
    const model = await publishedModel('BMS');
    const response = await send('OEMA', 'POST', '/api/devices', {
      type: 'BMS',
      serialNumber: 'TEST-BMS-0001',
      modelId: model.id,
      firmwareVersion: '1.0.0',
    });
    expectContract('post', '/devices', response);
    expect(response.statusCode, response.body).toBe(201);
    const device = response.json() as Device;
    expect(device).toMatchObject({ type: 'BMS', oemId: 'oem-01', vehicleId: null, state: 'F', status: 1 });
    expect(device.bms).toMatchObject({ soc: 0, soh: 100, cycleCount: 0 });
    expect(await counts()).toEqual({ devices: before.devices + 1, audit: before.audit + 1 });
    const found = await list('OEMA', '?q=TEST-BMS-0001');
    expect(found.items.map((d) => d.id)).toEqual([device.id]);
  });

  test('bad input answers 400 with field errors, a taken serial 409, and neither writes anything', async () => {
    const before = await counts();
    const model = await publishedModel('BMS');
    const bad = await send('SA', 'POST', '/api/devices', {
      type: 'BMS',
      serialNumber: 'bad serial!',
      modelId: 'mdl-nope',
      firmwareVersion: '1',
      imei: '123456789012345',
    });
    expectContract('post', '/devices', bad);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['imei', 'modelId', 'serialNumber']);
    const taken = await devices().select('serial_number').where('type', '=', 'BMS').executeTakeFirstOrThrow();
    const conflict = await send('SA', 'POST', '/api/devices', {
      type: 'BMS',
      serialNumber: taken.serial_number,
      modelId: model.id,
      firmwareVersion: '1',
    });
    expectContract('post', '/devices', conflict);
    expect(conflict.statusCode).toBe(409);
    const noType = await send('SA', 'POST', '/api/devices', { type: 'EV', serialNumber: 'X1', firmwareVersion: '1' });
    expect(noType.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  test('an OEM cannot create a device of another OEM, nor a component admin one of another kind', async () => {
    const before = await counts();
    const other = await publishedModel('BMS', 'oem-02');
    const response = await send('OEMA', 'POST', '/api/devices', {
      type: 'BMS',
      serialNumber: 'TEST-BMS-OTHER',
      modelId: other.id,
      firmwareVersion: '1',
    });
    expect(response.statusCode).toBe(400);
    const mcu = await publishedModel('MCU');
    const forbidden = await send('BMSA', 'POST', '/api/devices', {
      type: 'MCU',
      serialNumber: 'TEST-MCU-BMSA',
      modelId: mcu.id,
      firmwareVersion: '1',
    });
    expectContract('post', '/devices', forbidden);
    expect(forbidden.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  test('update changes the fields asked, audits the diff, and refuses an IMEI on a BMS', async () => {
    const id = (await list('OEMA', '?filter[type]=BMS&pageSize=1')).items[0]?.id as string;
    const before = await counts();
    const response = await send('OEMA', 'PATCH', `/api/devices/${id}`, { firmwareVersion: '9.9.9' });
    expectContract('patch', '/devices/{id}', response);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, firmwareVersion: '9.9.9' });
    const entry = await server.database.db
      .selectFrom('audit')
      .selectAll()
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity: 'BMS', entity_id: id, action: 'Update' });
    const bad = await send('OEMA', 'PATCH', `/api/devices/${id}`, { imei: '123456789012345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('imei');
    expect(await counts()).toEqual({ devices: before.devices, audit: before.audit + 1 });
  });

  test("an edit or delete of a device outside the caller's scope answers 404 and changes nothing", async () => {
    const other = await devices().select('id').where('oem_id', '<>', 'oem-01').orderBy('id').executeTakeFirstOrThrow();
    const before = await counts();
    const patch = await send('OEMA', 'PATCH', `/api/devices/${other.id}`, { firmwareVersion: '0.0.1' });
    expectContract('patch', '/devices/{id}', patch);
    expect(patch.statusCode).toBe(404);
    const del = await send('OEMA', 'DELETE', `/api/devices/${other.id}`);
    expectContract('delete', '/devices/{id}', del);
    expect(del.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  test('delete removes a fitted device from its vehicle; the device then answers 404', async () => {
    const fitted = await devices()
      .select(['id', 'vehicle_id'])
      .where('type', '=', 'MCU')
      .where('vehicle_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await counts();
    const response = await send('SA', 'DELETE', `/api/devices/${fitted.id}`);
    expect(response.statusCode, response.body).toBe(204);
    const vehicle = await server.database.db
      .selectFrom('vehicles')
      .select('mcu_id')
      .where('id', '=', fitted.vehicle_id as string)
      .executeTakeFirstOrThrow();
    expect(vehicle.mcu_id).toBeNull();
    expect((await call('SA', `/api/devices/${fitted.id}`)).statusCode).toBe(404);
    expect(await counts()).toEqual({ devices: before.devices - 1, audit: before.audit + 1 });
  });
});

describe('clone, status, resync, import', () => {
  test('clone copies kind, model and spec under a new serial, unfitted; a taken serial is 409 and writes nothing', async () => {
    const source = await devices()
      .select(['id', 'serial_number', 'model_id'])
      .where('type', '=', 'BMS')
      .where('vehicle_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await counts();
    const response = await send('SA', 'POST', `/api/devices/${source.id}/clone`, { serialNumber: 'TEST-CLONE-1' });
    expectContract('post', '/devices/{id}/clone', response);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ type: 'BMS', modelId: source.model_id, vehicleId: null, state: 'F' });
    expect(await counts()).toEqual({ devices: before.devices + 1, audit: before.audit + 1 });
    const taken = await send('SA', 'POST', `/api/devices/${source.id}/clone`, { serialNumber: source.serial_number });
    expectContract('post', '/devices/{id}/clone', taken);
    expect(taken.statusCode).toBe(409);
    expect(await counts()).toEqual({ devices: before.devices + 1, audit: before.audit + 1 });
  });

  test('status sets 0 or 1 and refuses anything else; resync is audited', async () => {
    const id = (await list('OEMA', '?filter[type]=VCU&pageSize=1')).items[0]?.id as string;
    const off = await send('OEMA', 'POST', `/api/devices/${id}/status`, { status: 0 });
    expectContract('post', '/devices/{id}/status', off);
    expect(off.json()).toMatchObject({ id, status: 0 });
    const before = await counts();
    const bad = await send('OEMA', 'POST', `/api/devices/${id}/status`, { status: 2 });
    expectContract('post', '/devices/{id}/status', bad);
    expect(bad.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    const resync = await send('OEMA', 'POST', `/api/devices/${id}/resync`);
    expectContract('post', '/devices/{id}/resync', resync);
    expect(resync.statusCode).toBe(200);
    expect(await counts()).toEqual({ devices: before.devices, audit: before.audit + 1 });
  });

  test('import creates the good rows, reports the bad ones by index, and audits the batch once', async () => {
    const model = await publishedModel('MCU');
    const before = await counts();
    const response = await send('OEMA', 'POST', '/api/devices/import', {
      type: 'MCU',
      rows: [
        { serialNumber: 'TEST-IMP-1', modelId: model.id, firmwareVersion: '1.0' },
        { serialNumber: 'TEST-IMP-1', modelId: model.id, firmwareVersion: '1.0' },
        { serialNumber: 'TEST-IMP-2', modelId: 'mdl-nope', firmwareVersion: '1.0' },
        { serialNumber: 'TEST-IMP-3', modelId: model.id, firmwareVersion: '1.1' },
      ],
    });
    expectContract('post', '/devices/import', response);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as { created: Device[]; errors: { row: number; fieldErrors: object }[] };
    expect(result.created.map((d) => d.serialNumber)).toEqual(['TEST-IMP-1', 'TEST-IMP-3']);
    expect(result.errors.map((e) => e.row)).toEqual([1, 2]);
    expect(result.errors[1]?.fieldErrors).toHaveProperty('modelId');
    expect(await counts()).toEqual({ devices: before.devices + 2, audit: before.audit + 1 });
    const denied = await send('BMSA', 'POST', '/api/devices/import', { type: 'MCU', rows: [] });
    expect(denied.statusCode).toBe(403);
  });
});

describe('assign', () => {
  test('fitting a device unfits the one the vehicle carried; both sides change; unassign clears them', async () => {
    const db = server.database.db;
    const vehicle = await db
      .selectFrom('vehicles')
      .select(['id', 'vcu_id'])
      .where('oem_id', '=', 'oem-01')
      .where('vcu_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const spare = await devices()
      .select('id')
      .where('type', '=', 'VCU')
      .where('oem_id', '=', 'oem-01')
      .where('vehicle_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await counts();
    const response = await send('OEMA', 'POST', `/api/devices/${spare.id}/assign`, { vehicleId: vehicle.id });
    expectContract('post', '/devices/{id}/assign', response);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: spare.id, vehicleId: vehicle.id });
    const after = await db
      .selectFrom('vehicles')
      .select('vcu_id')
      .where('id', '=', vehicle.id)
      .executeTakeFirstOrThrow();
    expect(after.vcu_id).toBe(spare.id);
    const old = await devices()
      .select('vehicle_id')
      .where('id', '=', vehicle.vcu_id as string)
      .executeTakeFirstOrThrow();
    expect(old.vehicle_id).toBeNull();

    const off = await send('OEMA', 'POST', `/api/devices/${spare.id}/assign`, { vehicleId: null });
    expect(off.json()).toMatchObject({ id: spare.id, vehicleId: null });
    const cleared = await db
      .selectFrom('vehicles')
      .select('vcu_id')
      .where('id', '=', vehicle.id)
      .executeTakeFirstOrThrow();
    expect(cleared.vcu_id).toBeNull();
    expect(await counts()).toEqual({ devices: before.devices, audit: before.audit + 2 });
  });

  test('a vehicle outside the scope or a bad vehicleId is 400 and changes nothing', async () => {
    const other = await server.database.db
      .selectFrom('vehicles')
      .select('id')
      .where('oem_id', '<>', 'oem-01')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const id = (await list('OEMA', '?filter[type]=BMS&pageSize=1')).items[0]?.id as string;
    const before = await counts();
    for (const vehicleId of [other.id, '']) {
      const response = await send('OEMA', 'POST', `/api/devices/${id}/assign`, { vehicleId });
      expectContract('post', '/devices/{id}/assign', response);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toHaveProperty('vehicleId');
    }
    expect(await counts()).toEqual(before);
  });
});

describe('export', () => {
  test("exports one kind in the caller's scope as CSV with the kind's columns, audited", async () => {
    const before = await counts();
    const response = await call('OEMA', '/api/devices/export?filter[type]=BMS&sort=serialNumber:asc');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'serialNumber,modelId,firmwareVersion,id,type,oemId,vehicleId,status,state,isLive,lastSeenAt,createdAt,chemistry,cooling,cellCount,soc,soh,cycleCount',
    );
    expect(lines.length - 1).toBe(await count((q) => q.where('type', '=', 'BMS').where('oem_id', '=', 'oem-01')));
    expect(await counts()).toEqual({ devices: before.devices, audit: before.audit + 1 });
  });

  test('without one kind it is 400; a kind the caller may not export is 403', async () => {
    const none = await call('SA', '/api/devices/export');
    expectContract('get', '/devices/export', none);
    expect(none.statusCode).toBe(400);
    const other = await call('BMSA', '/api/devices/export?filter[type]=MCU');
    expect(other.statusCode).toBe(403);
  });
});
