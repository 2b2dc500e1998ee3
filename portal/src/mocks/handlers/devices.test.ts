import { describe, expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';
import { forgetWorldDb, getWorldDb } from '../world/world-instance';

const NEW_BMS = { type: 'BMS', serialNumber: 'BMS-NEW-0001', modelId: 'mdl-bms-001', firmwareVersion: '1.0.0' };

describe('GET /devices', () => {
  test('answers 401 without a token', async () => {
    expect((await call('GET', '/devices?filter[type]=BMS')).status).toBe(401);
  });

  test('lists one type with paging and the total of fitted and spare devices', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/devices?filter[type]=BMS&pageSize=20', { token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(306);
    expect(res.body.items).toHaveLength(20);
    for (const d of res.body.items) expect(d.type).toBe('BMS');
  });

  test('answers BMS chemistry and cooling, and filters by them', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/devices?filter[type]=BMS&filter[chemistry]=1&pageSize=1000', { token });
    expect(res.body.total).toBeGreaterThan(0);
    for (const d of res.body.items)
      expect(d.bms).toMatchObject({ chemistry: 1, cooling: expect.any(Number), cellCount: expect.any(Number) });
  });

  test('answers the MCU motor type', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/devices?filter[type]=MCU&pageSize=5', { token });
    for (const d of res.body.items) expect(d.mcu.motorType).toEqual(expect.any(Number));
  });

  test('filters unassigned (spare) devices', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/devices?filter[type]=VCU&filter[assigned]=false&pageSize=100', { token });
    expect(res.body.total).toBe(6);
    for (const d of res.body.items) expect(d.vehicleId).toBeNull();
  });

  test('sorts by last seen, newest first', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/devices?filter[type]=MCU&sort=lastSeenAt:desc&pageSize=50', { token });
    const times = res.body.items.map((d: { lastSeenAt: string }) => Date.parse(d.lastSeenAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test('searches the serial number', async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const target = db.tables.mcuDevices.all()[10]!;
    const res = await call('GET', `/devices?filter[type]=MCU&q=${target.serialNumber}`, { token });
    expect(res.body.items.map((d: { id: string }) => d.id)).toEqual([target.id]);
  });

  test('gives a BMS admin only the types they may list when no type is asked', async () => {
    const token = await signIn('BMSA');
    const res = await call('GET', '/devices?pageSize=1000', { token });
    expect(res.status).toBe(200);
    const types = new Set(res.body.items.map((d: { type: string }) => d.type));
    // BMS through BMS.l, loggers through component management (cm); never MCU or VCU.
    expect([...types].sort()).toEqual(['BMS', 'LOGGER']);
    expect(res.body.total).toBe(612);
  });

  test('answers 403 to a BMS admin asking for MCUs', async () => {
    const token = await signIn('BMSA');
    expect((await call('GET', '/devices?filter[type]=MCU', { token })).status).toBe(403);
  });

  test('answers 403 to a fleet admin, who has no device lists', async () => {
    const token = await signIn('FA');
    const res = await call('GET', '/devices?filter[type]=BMS&pageSize=1000', { token });
    expect(res.status).toBe(403);
  });

  test('scopes an OEM to its own devices', async () => {
    const token = await signIn('OEMA');
    const res = await call('GET', '/devices?filter[type]=BMS&pageSize=1000', { token });
    expect(res.body.total).toBeGreaterThan(0);
    for (const d of res.body.items) expect(d.oemId).toBe('oem-01');
  });
});

describe('device writes', () => {
  test('creates a BMS with the battery data of its model', async () => {
    const token = await signIn('SA');
    const res = await call('POST', '/devices', { token, body: NEW_BMS });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'BMS', vehicleId: null, oemId: 'oem-01', bms: { soh: 100, cycleCount: 0 } });
    forgetWorldDb();
    expect((await call('GET', `/devices/${res.body.id}`, { token })).status).toBe(200);
  });

  test('answers field errors for a device without model or serial', async () => {
    const token = await signIn('SA');
    const res = await call('POST', '/devices', {
      token,
      body: { type: 'MCU', serialNumber: '', modelId: 'mdl-bms-001', firmwareVersion: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      serialNumber: 'Enter the serial number.',
      firmwareVersion: 'Enter the firmware version.',
      modelId: 'Choose a MCU model.',
    });
  });

  test('answers a field error for an unknown type', async () => {
    const token = await signIn('SA');
    const res = await call('POST', '/devices', { token, body: { type: 'GPS' } });
    expect(res.body.fieldErrors.type).toBe('Choose BMS, MCU, VCU or LOGGER.');
  });

  test('answers 409 for a serial number in use', async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const existing = db.tables.bmsDevices.all()[0]!;
    const res = await call('POST', '/devices', { token, body: { ...NEW_BMS, serialNumber: existing.serialNumber } });
    expect(res.status).toBe(409);
  });

  test('creates a logger with a valid IMEI only', async () => {
    const token = await signIn('SA');
    const bad = await call('POST', '/devices', {
      token,
      body: { type: 'LOGGER', serialNumber: 'LG-1', firmwareVersion: '1.0', oemId: 'oem-01', imei: '12' },
    });
    expect(bad.body.fieldErrors.imei).toBe('The IMEI has 15 digits.');
    const good = await call('POST', '/devices', {
      token,
      body: { type: 'LOGGER', serialNumber: 'LG-1', firmwareVersion: '1.0', oemId: 'oem-01', imei: '356938035643809' },
    });
    expect(good.status).toBe(201);
  });

  test('updates the firmware version', async () => {
    const token = await signIn('SA');
    const res = await call('PATCH', '/devices/mcu-000002', { token, body: { firmwareVersion: '9.9.9' } });
    expect(res.body.firmwareVersion).toBe('9.9.9');
  });

  test('deletes a device and empties its slot on the vehicle', async () => {
    const token = await signIn('SA');
    expect((await call('DELETE', '/devices/vcu-000002', { token })).status).toBe(204);
    expect((await call('GET', '/devices/vcu-000002', { token })).status).toBe(404);
    expect((await call('GET', '/vehicles/veh-000002', { token })).body.vcuId).toBeNull();
  });

  test('clones a device as a spare', async () => {
    const token = await signIn('SA');
    const res = await call('POST', '/devices/bms-000001/clone', { token, body: { serialNumber: 'CLONE-1' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ serialNumber: 'CLONE-1', vehicleId: null, modelId: expect.any(String) });
  });

  test('fitting a spare to a vehicle replaces the device in that slot', async () => {
    const token = await signIn('SA');
    const spare = await call('GET', '/devices?filter[type]=BMS&filter[assigned]=false&pageSize=1', { token });
    const spareId = spare.body.items[0].id as string;
    const res = await call('POST', `/devices/${spareId}/assign`, { token, body: { vehicleId: 'veh-000010' } });
    expect(res.body.vehicleId).toBe('veh-000010');
    expect((await call('GET', '/vehicles/veh-000010', { token })).body.bmsId).toBe(spareId);
    expect((await call('GET', '/devices/bms-000010', { token })).body.vehicleId).toBeNull();
  });

  test('unfitting a device empties the vehicle slot', async () => {
    const token = await signIn('SA');
    await call('POST', '/devices/mcu-000011/assign', { token, body: { vehicleId: null } });
    expect((await call('GET', '/vehicles/veh-000011', { token })).body.mcuId).toBeNull();
  });

  test('change status and resync are audited', async () => {
    const token = await signIn('SA');
    await call('POST', '/devices/bms-000003/status', { token, body: { status: 0 } });
    await call('POST', '/devices/bms-000003/resync', { token });
    const audit = await call('GET', '/audit?filter[entityId]=bms-000003&sort=occurredAt:asc', { token });
    expect(audit.body.items.map((a: { entity: string; action: string }) => [a.entity, a.action])).toEqual([
      ['BMS', 'Change Status'],
      ['BMS', 'Resync'],
    ]);
  });

  test('a BMS employee may not delete', async () => {
    const token = await signIn('BMSE');
    expect((await call('DELETE', '/devices/bms-000001', { token })).status).toBe(403);
  });

  test('answers 404 for an unknown device', async () => {
    const token = await signIn('SA');
    expect((await call('GET', '/devices/bms-999999', { token })).status).toBe(404);
  });
});

describe('device histories', () => {
  test('battery cycles page newest first with their status', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/devices/bms-000001/cycles?pageSize=10', { token });
    expect(res.status).toBe(200);
    const indexes = res.body.items.map((c: { index: number }) => c.index);
    expect(indexes).toEqual([...indexes].sort((a, b) => b - a));
    for (const c of res.body.items) expect([1, 2, 3, 4]).toContain(c.status);
  });

  test('battery cycles filter by status', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/devices/bms-000001/cycles?filter[status]=3,4&pageSize=1000', { token });
    for (const c of res.body.items) expect([3, 4]).toContain(c.status);
  });

  test('an MCU has no battery cycles', async () => {
    const token = await signIn('SA');
    expect((await call('GET', '/devices/mcu-000001/cycles', { token })).status).toBe(404);
  });

  test('device telemetry uses the model template', async () => {
    const token = await signIn('SA');
    const res = await call(
      'GET',
      '/devices/bms-000001/telemetry?from=2025-12-31T00:00:00Z&to=2026-01-01T00:00:00Z&points=10',
      {
        token,
      },
    );
    expect(res.body.items.map((s: { key: string }) => s.key)).toContain('packVoltage');
  });
});

describe('battery pack history', () => {
  test('answers per-cell voltages and temperatures over a cycle', async () => {
    const token = await signIn('SA');
    const cycles = await call('GET', '/devices/bms-000001/cycles?pageSize=1', { token });
    const cycle = cycles.body.items[0];
    const res = await call('GET', `/devices/bms-000001/cycles/${cycle.id}/cells?points=30`, { token });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(30);
    const device = await call('GET', '/devices/bms-000001', { token });
    for (const sample of res.body.items) {
      expect(sample.voltages).toHaveLength(device.body.bms.cellCount);
      expect(sample.temperatures).toHaveLength(device.body.bms.cellCount);
    }
  });

  test('answers 404 for an unknown cycle', async () => {
    const token = await signIn('SA');
    expect((await call('GET', '/devices/bms-000001/cycles/nope/cells', { token })).status).toBe(404);
  });
});

describe('GET /vehicles for the fit-to-vehicle picker', () => {
  test('lets a BMS admin, who may fit devices, search vehicles by VIN', async () => {
    const token = await signIn('BMSA');
    const db = await getWorldDb();
    const vin = db.tables.vehicles.all()[0]?.vin ?? '';
    const res = await call('GET', `/vehicles?q=${vin}&pageSize=20`, { token });
    expect(res.status).toBe(200);
    expect(res.body.items.map((v: { vin: string }) => v.vin)).toContain(vin);
  });

  test('still refuses a role that may neither see vehicles nor fit devices', async () => {
    const token = await signIn('BMSE');
    expect((await call('GET', '/vehicles?pageSize=5', { token })).status).toBe(403);
  });
});
