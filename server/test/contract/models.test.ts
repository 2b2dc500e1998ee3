import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Model = {
  id: string;
  kind: string;
  name: string;
  code: string;
  oemId: string;
  status: number;
  configurationStep: number;
  vehicleType?: string;
  commands: unknown[];
  faults: unknown[];
  telemetryTemplate: unknown[];
  bms?: object;
  mcu?: object;
  configuration?: object;
  [key: string]: unknown;
};
type Page = { items: Model[]; total: number; page: number; pageSize: number };

const NEW_MODEL = { kind: 'EV', name: 'Comet', code: 'EV-COMET', oemId: 'oem-01', vehicleType: '2 Wheeler' };

async function call(role: string, url: string) {
  return server.call({ method: 'GET', url, token: await server.tokenOf(role) });
}

async function send(role: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.call({ method, url, token: await server.tokenOf(role), ...(payload ? { payload } : {}) });
}

async function list(role: string, query = ''): Promise<Page> {
  const response = await call(role, `/api/models${query}`);
  expectContract('get', '/models', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

const models = () => server.database.db.selectFrom('models');

async function count(where: (q: ReturnType<typeof models>) => ReturnType<typeof models>): Promise<number> {
  const row = await where(models()).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

const counts = async () => {
  const db = server.database.db;
  const m = await db.selectFrom('models').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const a = await db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { models: m.n, audit: a.n };
};

const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();

describe('list', () => {
  test('a platform admin gets every model, by name; filter, search and page apply in SQL', async () => {
    const page = await list('SA', '?pageSize=1000');
    expect(page).toMatchObject({ total: await count((q) => q), page: 1, pageSize: 1000 });
    expect(page.total).toBeGreaterThan(10);
    const bms = await list('SA', '?filter[kind]=BMS&sort=code:desc&pageSize=3');
    expect(bms.total).toBe(await count((q) => q.where('kind', '=', 'BMS')));
    expect(bms.items).toHaveLength(3);
    for (const m of bms.items) {
      expect(m.kind).toBe('BMS');
      expect(m.bms).toMatchObject({ chemistry: expect.any(Number), cooling: expect.any(Number) });
      expect(m.commands.length).toBeGreaterThan(0);
    }
    const codes = bms.items.map((m) => m.code);
    expect(codes).toEqual([...codes].sort().reverse());
    const second = await list('SA', '?filter[kind]=BMS&sort=code:desc&pageSize=3&page=2');
    expect(second.items.map((m) => m.id)).not.toContain(bms.items[0]?.id);
    const drafts = await list('SA', '?q=draft');
    expect(drafts.items).toEqual([expect.objectContaining({ code: 'EV-DRAFT-1', status: 0, configurationStep: 3 })]);
    expect(drafts.items[0]?.configuration).toBeUndefined();
    const threeWheelers = await list('SA', '?filter[vehicleType]=3%20Wheeler&pageSize=1000');
    expect(threeWheelers.total).toBe(await count((q) => q.where('vehicle_type', '=', '3 Wheeler')));
  });

  test("an OEM sees only its OEM's models, and a filter cannot widen that", async () => {
    const page = await list('OEMA', '?pageSize=1000');
    expect(page.total).toBe(await count((q) => q.where('oem_id', '=', 'oem-01')));
    expect(page.items.every((m) => m.oemId === 'oem-01')).toBe(true);
    expect((await list('OEMA', '?filter[oemId]=oem-02')).total).toBe(0);
  });

  test('an unknown sort or filter value is 400 invalid_query; a driver is 403', async () => {
    for (const query of ['?sort=vin', '?filter[kind]=TRAIN', '?filter[status]=2', '?filter[colour]=red']) {
      const response = await call('SA', `/api/models${query}`);
      expectContract('get', '/models', response);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_query' });
    }
    const response = await call('DR', '/api/models');
    expectContract('get', '/models', response);
    expect(response.statusCode).toBe(403);
  });
});

describe('get', () => {
  test("by id in scope; another OEM's model answers 404 as an unknown id does", async () => {
    const own = await call('OEMA', '/api/models/mdl-ev-001');
    expectContract('get', '/models/{id}', own);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: 'mdl-ev-001', oemId: 'oem-01', kind: 'EV' });
    const other = await models().select('id').where('oem_id', '<>', 'oem-01').orderBy('id').executeTakeFirstOrThrow();
    const outside = await call('OEMA', `/api/models/${other.id}`);
    expectContract('get', '/models/{id}', outside);
    expect(outside.statusCode).toBe(404);
    expect((await call('OEMA', '/api/models/mdl-nope')).json()).toEqual(outside.json());
  });
});

describe('writes', () => {
  test('create starts a draft at step 1 with empty lists, audited; it is listed', async () => {
    const before = await counts();
    const response = await send('SA', 'POST', '/api/models', NEW_MODEL);
    expectContract('post', '/models', response);
    expect(response.statusCode, response.body).toBe(201);
    const model = response.json() as Model;
    expect(model).toMatchObject({
      ...NEW_MODEL,
      status: 0,
      configurationStep: 1,
      commands: [],
      faults: [],
      telemetryTemplate: [],
      masterData: { states: [] },
    });
    expect(await counts()).toEqual({ models: before.models + 1, audit: before.audit + 1 });
    expect(await lastAudit()).toMatchObject({ entity: 'Vehicle Model', entity_id: model.id, action: 'Add' });
    expect((await list('SA', '?q=EV-COMET')).items.map((m) => m.id)).toEqual([model.id]);
  });

  test('bad input is 400 with field errors, a code in use (any case) 409, and neither writes anything', async () => {
    const before = await counts();
    const bad = await send('SA', 'POST', '/api/models', { kind: 'EV', name: ' ', code: 'X', oemId: 'oem-99' });
    expectContract('post', '/models', bad);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      name: 'Enter a name.',
      oemId: 'Choose the OEM.',
      vehicleType: 'Choose 2 Wheeler or 3 Wheeler.',
    });
    const kind = await send('SA', 'POST', '/api/models', { ...NEW_MODEL, kind: 'TRAIN' });
    expect(kind.statusCode).toBe(400);
    const typed = await send('SA', 'POST', '/api/models', { ...NEW_MODEL, kind: 'BMS', code: 'BMS-TYPED' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().fieldErrors).toEqual({ vehicleType: 'Only EV models have a vehicle type.' });
    const taken = await send('SA', 'POST', '/api/models', { ...NEW_MODEL, code: 'ev-01-1' });
    expectContract('post', '/models', taken);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'conflict', fieldErrors: { code: 'Already in use.' } });
    expect(await counts()).toEqual(before);
  });

  test('an OEM creates models of its own OEM only; a BMS employee may read but not create', async () => {
    const before = await counts();
    const other = await send('OEMA', 'POST', '/api/models', { ...NEW_MODEL, code: 'EV-OTHER', oemId: 'oem-02' });
    expect(other.statusCode).toBe(400);
    expect(other.json().fieldErrors).toEqual({ oemId: 'Choose your OEM.' });
    expect((await call('BMSE', '/api/models/mdl-bms-001')).statusCode).toBe(200);
    const refused = await send('BMSE', 'POST', '/api/models', { ...NEW_MODEL, code: 'EV-BMSE' });
    expectContract('post', '/models', refused);
    expect(refused.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  test('update saves a configuration step and where to resume, audits the diff', async () => {
    const created = (await send('SA', 'POST', '/api/models', { ...NEW_MODEL, code: 'EV-STEP' })).json() as Model;
    const before = await counts();
    const commands = [{ code: 'LOCK', name: 'Lock', description: 'Lock the vehicle.' }];
    const configuration = { tripMode: 1, intervalMode: 3, telemetryIntervalSec: 60, components: 3 };
    const response = await send('SA', 'PATCH', `/api/models/${created.id}`, {
      commands,
      configuration,
      configurationStep: 6,
      status: 1,
    });
    expectContract('patch', '/models/{id}', response);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ commands, configuration, configurationStep: 6, status: 1 });
    expect((await call('SA', `/api/models/${created.id}`)).json()).toMatchObject({ commands, configuration });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity: 'Vehicle Model', entity_id: created.id, action: 'Update' });
    expect((entry.changes as { field: string }[]).map((c) => c.field).sort()).toEqual([
      'commands',
      'configuration',
      'configurationStep',
      'status',
    ]);
    expect(await counts()).toEqual({ models: before.models, audit: before.audit + 1 });
  });

  test('an invalid step names each row and field and writes nothing; a code in use is 409', async () => {
    const before = await counts();
    const bad = await send('SA', 'PATCH', '/api/models/mdl-ev-001', {
      telemetryTemplate: [
        { key: 'speed', label: 'Speed', unit: 'km/h', source: 1, min: 0, max: 90 },
        { key: 'speed', label: '', unit: 'km/h', source: 1, min: 10, max: 5 },
      ],
    });
    expectContract('patch', '/models/{id}', bad);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      'telemetryTemplate.1.label': 'Enter a label.',
      'telemetryTemplate.1.max': 'The maximum must be above the minimum.',
      'telemetryTemplate.1.key': 'This is already in the list.',
    });
    const battery = await send('SA', 'PATCH', '/api/models/mdl-ev-001', {
      bms: { chemistry: 1, cooling: 1, cellCount: 16, nominalVoltage: 48, capacityAh: 30 },
    });
    expect(battery.statusCode).toBe(400);
    expect(battery.json().fieldErrors).toEqual({ bms: 'Only BMS models have battery data.' });
    const code = await send('SA', 'PATCH', '/api/models/mdl-ev-001', { code: 'BMS-01-1' });
    expectContract('patch', '/models/{id}', code);
    expect(code.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  test("an edit or delete of another OEM's model answers 404 and changes nothing", async () => {
    const other = await models().select('id').where('oem_id', '<>', 'oem-01').orderBy('id').executeTakeFirstOrThrow();
    const before = await counts();
    const edit = await send('OEMA', 'PATCH', `/api/models/${other.id}`, { name: 'Mine now' });
    expectContract('patch', '/models/{id}', edit);
    expect(edit.statusCode).toBe(404);
    const gone = await send('OEMA', 'DELETE', `/api/models/${other.id}`);
    expectContract('delete', '/models/{id}', gone);
    expect(gone.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  test('a model a vehicle or device is of cannot be deleted (409); an unused one goes, audited', async () => {
    const used = await server.database.db.selectFrom('vehicles').select('model_id').executeTakeFirstOrThrow();
    const device = await server.database.db
      .selectFrom('devices')
      .select('model_id')
      .where('model_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const before = await counts();
    for (const id of [used.model_id, device.model_id as string]) {
      const refused = await send('SA', 'DELETE', `/api/models/${id}`);
      expectContract('delete', '/models/{id}', refused);
      expect(refused.statusCode).toBe(409);
    }
    expect(await counts()).toEqual(before);
    const created = (await send('SA', 'POST', '/api/models', { ...NEW_MODEL, code: 'EV-GONE' })).json() as Model;
    const deleted = await send('SA', 'DELETE', `/api/models/${created.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call('SA', `/api/models/${created.id}`)).statusCode).toBe(404);
    expect(await lastAudit()).toMatchObject({ entity_id: created.id, action: 'Delete' });
    expect(await counts()).toEqual({ models: before.models, audit: before.audit + 2 });
  });

  test('clone copies kind, lists and spec as a draft under a new name and code; a code in use is 409', async () => {
    const before = await counts();
    const response = await send('SA', 'POST', '/api/models/mdl-mcu-001/clone', { name: 'Copy', code: 'MCU-COPY' });
    expectContract('post', '/models/{id}/clone', response);
    expect(response.statusCode, response.body).toBe(201);
    const source = (await call('SA', '/api/models/mdl-mcu-001')).json() as Model;
    const clone = response.json() as Model;
    expect(clone).toMatchObject({ name: 'Copy', code: 'MCU-COPY', kind: 'MCU', status: 0, mcu: source.mcu });
    expect(clone.faults).toEqual(source.faults);
    expect(clone.id).not.toBe(source.id);
    expect(await lastAudit()).toMatchObject({ entity_id: clone.id, action: 'Clone' });
    const taken = await send('SA', 'POST', '/api/models/mdl-mcu-001/clone', { name: 'Again', code: 'mcu-copy' });
    expect(taken.statusCode).toBe(409);
    const blank = await send('SA', 'POST', '/api/models/mdl-mcu-001/clone', { name: '', code: 'MCU-BLANK' });
    expect(blank.statusCode).toBe(400);
    expect(await counts()).toEqual({ models: before.models + 1, audit: before.audit + 1 });
  });
});

describe('vehicles and devices read the models table', () => {
  test('a model published through the API is one a vehicle can take; a draft is refused', async () => {
    const vehicle = { vin: 'TESTVINMODEL00001', registrationNumber: 'KA01MD0001', connectivity: '4G' };
    const draft = (await send('SA', 'POST', '/api/models', { ...NEW_MODEL, code: 'EV-FOR-VEHICLE' })).json() as Model;
    const refused = await send('SA', 'POST', '/api/vehicles', { ...vehicle, modelId: draft.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toHaveProperty('modelId');
    expect((await send('SA', 'PATCH', `/api/models/${draft.id}`, { status: 1 })).statusCode).toBe(200);
    const created = await send('SA', 'POST', '/api/vehicles', { ...vehicle, modelId: draft.id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ modelId: draft.id, oemId: 'oem-01' });
  });

  test('a BMS copies the battery data a model step saved; a draft BMS model is refused', async () => {
    const model = (
      await send('SA', 'POST', '/api/models', { kind: 'BMS', name: 'Pack', code: 'BMS-PACK', oemId: 'oem-01' })
    ).json() as Model;
    const body = { type: 'BMS', serialNumber: 'TEST-MODEL-BMS-1', modelId: model.id, firmwareVersion: '1.0.0' };
    expect((await send('SA', 'POST', '/api/devices', body)).statusCode).toBe(400);
    const bms = { chemistry: 1, cooling: 2, cellCount: 16, nominalVoltage: 51.2, capacityAh: 40 };
    expect((await send('SA', 'PATCH', `/api/models/${model.id}`, { bms, status: 1 })).statusCode).toBe(200);
    const device = await send('SA', 'POST', '/api/devices', body);
    expect(device.statusCode, device.body).toBe(201);
    expect(device.json().bms).toEqual({ ...bms, soc: 0, soh: 100, cycleCount: 0 });
  });
});
