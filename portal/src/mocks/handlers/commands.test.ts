import { afterEach, describe, expect, test, vi } from 'vitest';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';
import { createHandlers } from '../handlers';
import { server } from '../node';
import { acknowledgeDelayOf, acknowledgeResultOf } from './commands';

afterEach(() => vi.restoreAllMocks());

describe('GET /commands', () => {
  test('answers 401 without a token', async () => {
    expect((await call('GET', '/commands')).status).toBe(401);
  });

  test('lists the history newest first', async () => {
    const token = await signIn('SA');
    const res = await call('GET', '/commands?pageSize=50', { token });
    const db = await getWorldDb();
    expect(res.body.total).toBe(db.tables.commands.size);
    const times = res.body.items.map((c: { sentAt: string }) => Date.parse(c.sentAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test('filters one vehicle and a status', async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const vehicleId = db.tables.commands.all()[0]!.vehicleId;
    const res = await call('GET', `/commands?filter[vehicleId]=${vehicleId}&filter[status]=2,3`, { token });
    expect(res.body.total).toBeGreaterThan(0);
    for (const c of res.body.items) {
      expect(c.vehicleId).toBe(vehicleId);
      expect([2, 3]).toContain(c.status);
    }
  });

  test('shows a fleet only the commands of its vehicles', async () => {
    const token = await signIn('FA');
    const db = await getWorldDb();
    const mine = new Set(
      db.tables.vehicles
        .all()
        .filter((v) => v.fleetId === 'flt-0001')
        .map((v) => v.id),
    );
    const res = await call('GET', '/commands?pageSize=1000', { token });
    for (const c of res.body.items) expect(mine.has(c.vehicleId)).toBe(true);
  });
});

describe('sending a command', () => {
  test('starts pending and is acknowledged after the device delay', async () => {
    const token = await signIn('SA');
    const sent = await call('POST', '/vehicles/veh-000001/commands', { token, body: { code: 'LOCATE' } });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      status: 1,
      acknowledgedAt: null,
      code: 'LOCATE',
      deviceKind: 'EV',
      sentBy: 'usr-sa',
    });
    const before = await call('GET', `/commands/${sent.body.id}`, { token });
    expect(before.body.status).toBe(1);

    const sentAt = Date.parse(sent.body.sentAt);
    vi.spyOn(Date, 'now').mockReturnValue(sentAt + acknowledgeDelayOf(sent.body.id));
    const after = await call('GET', `/commands/${sent.body.id}`, { token });
    expect([2, 3]).toContain(after.body.status);
    expect(Date.parse(after.body.acknowledgedAt)).toBe(sentAt + acknowledgeDelayOf(sent.body.id));
  });

  test('sends a command of a fitted device model to that device', async () => {
    const token = await signIn('SA');
    const res = await call('POST', '/vehicles/veh-000001/commands', { token, body: { code: 'BMS_RESET' } });
    expect(res.body).toMatchObject({ deviceKind: 'BMS', deviceId: 'bms-000001' });
  });

  test('rejects a command the vehicle model does not have', async () => {
    const token = await signIn('SA');
    const res = await call('POST', '/vehicles/veh-000001/commands', { token, body: { code: 'SELF_DESTRUCT' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ code: 'Choose a command of this vehicle model.' });
  });

  test('answers 403 to a driver and 404 outside the scope', async () => {
    expect(
      (await call('POST', '/vehicles/veh-000002/commands', { token: await signIn('DR'), body: { code: 'LOCATE' } }))
        .status,
    ).toBe(403);
    const db = await getWorldDb();
    const other = db.tables.vehicles.all().find((v) => v.dealerId !== 'dlr-0001')!;
    const res = await call('POST', `/vehicles/${other.id}/commands`, {
      token: await signIn('DA'),
      body: { code: 'LOCATE' },
    });
    expect(res.status).toBe(404);
  });
});

describe('POST /vehicles/{id}/commands with a broker', () => {
  test('publishes the command request with the answer the history later settles to', async () => {
    const sent: { commandId: string; vehicleUid: string; params?: Record<string, unknown> }[] = [];
    server.use(...createHandlers(undefined, { commands: { broker: { sendCommand: (r) => sent.push(r) } } }));
    const token = await signIn('SA');
    const db = await getWorldDb();
    const vehicle = db.tables.vehicles.get('veh-000018')!;
    const code = db.tables.models.get(vehicle.modelId)!.commands[0]!.code;
    const res = await call('POST', '/vehicles/veh-000018/commands', { token, body: { code } });
    expect(res.status).toBe(201);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ commandId: res.body.id, vehicleUid: 'veh-000018' });
    const fails = acknowledgeResultOf(res.body.id) === 3;
    expect(sent[0]!.params?.simulate === 'fail').toBe(fails);
  });
});
