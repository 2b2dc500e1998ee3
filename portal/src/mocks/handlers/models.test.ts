import { describe, expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';

const NEW_MODEL = { kind: 'EV', name: 'Comet', code: 'EV-COMET', oemId: 'oem-02', vehicleType: '2 Wheeler' };

describe('GET /models', () => {
  test('answers 401 without a token', async () => {
    expect((await call('GET', '/models')).status).toBe(401);
  });

  test('filters by kind and holds master data, commands, faults and a telemetry template', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/models?filter[kind]=BMS&pageSize=100', { token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(6);
    for (const m of res.body.items) {
      expect(m.kind).toBe('BMS');
      expect(m.masterData.states.map((s: { label: string }) => s.label)).toContain('LimpHome');
      expect(m.commands.length).toBeGreaterThan(0);
      expect(m.faults.every((f: { deviceKind: string }) => f.deviceKind === 'BMS')).toBe(true);
      expect(m.telemetryTemplate.map((k: { key: string }) => k.key)).toContain('soc');
      expect(m.bms).toMatchObject({ chemistry: expect.any(Number), cooling: expect.any(Number) });
    }
  });

  test('sorts by name', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/models?sort=name:desc&pageSize=100', { token });
    const names = res.body.items.map((m: { name: string }) => m.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => b.localeCompare(a, 'en', { numeric: true })));
  });

  test('sorts by the time of the last change, newest first', async () => {
    const token = await signIn('SA');
    const created = await call('POST', '/models', { token, body: NEW_MODEL });
    const res = await call('GET', '/models?sort=updatedAt:desc&pageSize=3', { token });
    expect(res.body.items[0].id).toBe(created.body.id);
  });

  test('searches the name and code', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/models?q=draft', { token });
    expect(res.body.items).toEqual([expect.objectContaining({ status: 0, configurationStep: 3 })]);
  });

  test('shows an OEM only its own models', async () => {
    const token = await signIn('OEMA');
    const res = await call('GET', '/models?pageSize=100', { token });
    for (const m of res.body.items) expect(m.oemId).toBe('oem-01');
  });

  test('answers 403 to a driver', async () => {
    const token = await signIn('DR');
    expect((await call('GET', '/models', { token })).status).toBe(403);
  });
});

describe('model writes', () => {
  test('creates a draft at step 1 of the configuration flow', async () => {
    const token = await signIn('SA');
    const res = await call('POST', '/models', { token, body: NEW_MODEL });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 0, configurationStep: 1, commands: [], vehicleType: '2 Wheeler' });
  });

  test('answers field errors for a model without kind, name or vehicle type', async () => {
    const token = await signIn('SA');
    const res = await call('POST', '/models', { token, body: { kind: 'TRAIN', name: '', code: 'X', oemId: 'oem-99' } });
    expect(res.body.fieldErrors).toEqual({
      kind: 'Choose EV, BMS, MCU or VCU.',
      name: 'Enter a name.',
      oemId: 'Choose the OEM.',
    });
  });

  test('answers 409 for a code in use', async () => {
    const token = await signIn('SA');
    const res = await call('POST', '/models', { token, body: { ...NEW_MODEL, code: 'EV-01-1' } });
    expect(res.status).toBe(409);
  });

  test('saves a configuration step and where to resume', async () => {
    const token = await signIn('SA');
    const created = await call('POST', '/models', { token, body: NEW_MODEL });
    const commands = [{ code: 'LOCK', name: 'Lock', description: 'Lock the vehicle.' }];
    const res = await call('PATCH', `/models/${created.body.id}`, { token, body: { commands, configurationStep: 4 } });
    expect(res.body).toMatchObject({ commands, configurationStep: 4, status: 0 });
  });

  test('names the row and field of an invalid telemetry key', async () => {
    const token = await signIn('SA');
    const res = await call('PATCH', '/models/mdl-ev-001', {
      token,
      body: {
        telemetryTemplate: [
          { key: 'speed', label: 'Speed', unit: 'km/h', source: 1, min: 0, max: 90 },
          { key: 'speed', label: '', unit: 'km/h', source: 9, min: 10, max: 5 },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      'telemetryTemplate.1.label': 'Enter a label.',
      'telemetryTemplate.1.source': 'Choose Telemetry, Shadow, System or AI.',
      'telemetryTemplate.1.max': 'The maximum must be above the minimum.',
      'telemetryTemplate.1.key': 'This is already in the list.',
    });
  });

  test('checks the battery data of a BMS model', async () => {
    const token = await signIn('SA');
    const res = await call('PATCH', '/models/mdl-bms-001', {
      token,
      body: { bms: { chemistry: 9, cooling: 3, cellCount: 0, nominalVoltage: 48, capacityAh: 30 } },
    });
    expect(res.body.fieldErrors).toEqual({
      'bms.chemistry': 'Choose the chemistry.',
      'bms.cellCount': 'Enter the number of cells.',
    });
  });

  test('saves the configuration of step 5', async () => {
    const token = await signIn('SA');
    const configuration = { tripMode: 1, intervalMode: 3, telemetryIntervalSec: 60, components: 3 };
    const res = await call('PATCH', '/models/mdl-ev-001', { token, body: { configuration, configurationStep: 6 } });
    expect(res.status).toBe(200);
    expect((await call('GET', '/models/mdl-ev-001', { token })).body.configuration).toEqual(configuration);
  });

  test('names the fields of an invalid configuration', async () => {
    const token = await signIn('SA');
    const res = await call('PATCH', '/models/mdl-ev-001', {
      token,
      body: { configuration: { tripMode: 7, intervalMode: 0, telemetryIntervalSec: 0, components: 8 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      'configuration.tripMode': 'Choose the trip mode.',
      'configuration.telemetryIntervalSec': 'Enter 1 to 3600 seconds.',
      'configuration.components': 'Choose the components (VCU 1, BMS 2, MCU 4).',
    });
  });

  test('lists the drafts of a kind for resuming', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/models?filter[status]=0&filter[kind]=EV', { token });
    expect(res.body.items).toEqual([expect.objectContaining({ code: 'EV-DRAFT-1', configurationStep: 3, status: 0 })]);
    expect(res.body.items[0].configuration).toBeUndefined();
  });

  test('records each write in the audit log', async () => {
    const token = await signIn('SA');
    const created = await call('POST', '/models', { token, body: NEW_MODEL });
    await call('POST', `/models/${created.body.id}/clone`, { token, body: { name: 'Comet 2', code: 'EV-COMET-2' } });
    const audit = await call('GET', '/audit?filter[entity]=Vehicle Model&pageSize=100', { token });
    const actions = audit.body.items
      .filter((e: { entityId: string; summary: string }) => e.entityId === created.body.id || /Comet/.test(e.summary))
      .map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['Add', 'Clone']));
  });

  test('refuses to delete a model in use', async () => {
    const token = await signIn('SA');
    const res = await call('DELETE', '/models/mdl-ev-001', { token });
    expect(res.status).toBe(409);
  });

  test('deletes an unused model', async () => {
    const token = await signIn('SA');
    const created = await call('POST', '/models', { token, body: NEW_MODEL });
    expect((await call('DELETE', `/models/${created.body.id}`, { token })).status).toBe(204);
    expect((await call('GET', `/models/${created.body.id}`, { token })).status).toBe(404);
  });

  test('clones a model as a draft with its lists', async () => {
    const token = await signIn('SA');
    const res = await call('POST', '/models/mdl-mcu-001/clone', { token, body: { name: 'Copy', code: 'MCU-COPY' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Copy', kind: 'MCU', status: 0, mcu: expect.any(Object) });
    expect(res.body.faults.length).toBeGreaterThan(0);
  });

  test('a BMS employee may read but not edit models', async () => {
    const token = await signIn('BMSE');
    expect((await call('GET', '/models/mdl-bms-001', { token })).status).toBe(200);
    expect((await call('PATCH', '/models/mdl-bms-001', { token, body: { name: 'X' } })).status).toBe(403);
  });
});
