import { afterEach, describe, expect, test, vi } from 'vitest';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';
import { worldWithGroupOf } from '../test/large-group';
import { createHandlers } from '../handlers';
import { server } from '../node';
import { COMMAND_MAX_TARGETS } from '@/domain/command-params';
import { acknowledgeDelayOf, acknowledgeResultIn } from './commands';

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

/** A vehicle of the world whose device answers `code` with `result` (the demo fixes it per vehicle and code). */
async function vehicleAnswering(code: string, result: 2 | 3 | null, where: (id: string) => boolean = () => true) {
  const db = await getWorldDb();
  const vehicle = db.tables.vehicles
    .all()
    .find((v) => where(v.id) && acknowledgeResultIn(db, { vehicleId: v.id, code }) === result);
  if (!vehicle) throw new Error(`no vehicle answers ${code} with ${result}`);
  return vehicle;
}

const key = () => `key-${crypto.randomUUID()}`;

describe('GET /commands (history page)', () => {
  test('answers 403 to a driver, who has no command history', async () => {
    expect((await call('GET', '/commands', { token: await signIn('DR') })).status).toBe(403);
  });

  test('names the vehicle, the sender and the rule, with payload and expiry', async () => {
    const token = await signIn('SA');
    const rule = await call('GET', '/commands?filter[kind]=Rule&pageSize=5', { token });
    expect(rule.body.total).toBeGreaterThan(0);
    for (const c of rule.body.items) {
      expect(c.kind).toBe('Rule');
      expect(c.ruleId).toMatch(/^rule-/);
      expect(c.ruleName).toEqual(expect.any(String));
      expect(c.sentByName).toBeNull();
    }
    const device = await call('GET', '/commands?filter[kind]=Device&filter[code]=SPEED_LIMIT&pageSize=5', { token });
    const first = device.body.items[0];
    expect(first).toMatchObject({ sentByName: expect.any(String), vehicleVin: expect.stringMatching(/^MD/) });
    expect(first.payload).toEqual({ speedKmh: 65 });
    expect(Date.parse(first.expiresAt)).toBeGreaterThan(Date.parse(first.sentAt));
  });

  test('filters by status and date range, searches by VIN, sorts and pages', async () => {
    const token = await signIn('SA');
    const all = await call('GET', '/commands?pageSize=1000', { token });
    const middle = all.body.items[Math.floor(all.body.items.length / 2)];
    const to = middle.sentAt;
    const ranged = await call('GET', `/commands?filter[status]=3&to=${encodeURIComponent(to)}&pageSize=1000`, {
      token,
    });
    expect(ranged.body.total).toBeGreaterThan(0);
    for (const c of ranged.body.items) {
      expect(c.status).toBe(3);
      expect(Date.parse(c.sentAt)).toBeLessThanOrEqual(Date.parse(to));
    }
    const byVin = await call('GET', `/commands?q=${middle.vehicleVin}`, { token });
    expect(byVin.body.items.length).toBeGreaterThan(0);
    for (const c of byVin.body.items) expect(c.vehicleVin).toBe(middle.vehicleVin);
    const page2 = await call('GET', '/commands?sort=code:asc&page=2&pageSize=10', { token });
    expect(page2.body).toMatchObject({ page: 2, pageSize: 10, total: all.body.total });
    const codes = page2.body.items.map((c: { code: string }) => c.code);
    expect(codes).toEqual([...codes].sort());
  });

  test('answers 400 to a sort it cannot do', async () => {
    const res = await call('GET', '/commands?sort=payload:asc', { token: await signIn('SA') });
    expect(res.status).toBe(400);
  });

  test('answers 404 for a command outside the scope', async () => {
    const db = await getWorldDb();
    const other = db.tables.commands.all().find((c) => db.tables.vehicles.get(c.vehicleId)?.dealerId !== 'dlr-0001')!;
    const res = await call('GET', `/commands/${other.id}`, { token: await signIn('DA') });
    expect(res.status).toBe(404);
  });
});

describe('POST /commands/send', () => {
  test('answers 401 without a token and 403 without the Add bit of cmd', async () => {
    const body = { target: { vehicleId: 'veh-000001' }, code: 'LOCATE', expiresInS: 300, idempotencyKey: key() };
    expect((await call('POST', '/commands/send', { body })).status).toBe(401);
    // A service centre admin lists and exports the history but does not send from it.
    expect((await call('POST', '/commands/send', { token: await signIn('DA'), body })).status).toBe(403);
  });

  test('answers 404 for a vehicle or group outside the scope', async () => {
    const token = await signIn('OEMA');
    const db = await getWorldDb();
    const other = db.tables.vehicles.all().find((v) => v.oemId !== 'oem-01')!;
    const res = await call('POST', '/commands/send', {
      token,
      body: { target: { vehicleId: other.id }, code: 'LOCATE', expiresInS: 300, idempotencyKey: key() },
    });
    expect(res.status).toBe(404);
    const missing = await call('POST', '/commands/send', {
      token,
      body: { target: { deviceGroupId: 'grp-nope' }, code: 'LOCATE', idempotencyKey: key() },
    });
    expect(missing.status).toBe(404);
  });

  test('sends to one vehicle: pending, then acknowledged after the device delay', async () => {
    const token = await signIn('SA');
    const vehicle = await vehicleAnswering('LOCATE', 2);
    const sent = await call('POST', '/commands/send', {
      token,
      body: { target: { vehicleId: vehicle.id }, code: 'LOCATE', expiresInS: 60, idempotencyKey: key() },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.replayed).toBe(false);
    const [command] = sent.body.commands;
    expect(command).toMatchObject({ status: 1, code: 'LOCATE', vehicleId: vehicle.id, sentBy: 'usr-sa' });
    expect(Date.parse(command.expiresAt) - Date.parse(command.sentAt)).toBe(60_000);
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse(command.sentAt) + acknowledgeDelayOf(command.id));
    const after = await call('GET', `/commands/${command.id}`, { token });
    expect(after.body).toMatchObject({ status: 2, failureReason: null });
  });

  test('a command nobody acknowledges fails when it expires', async () => {
    const token = await signIn('SA');
    const vehicle = await vehicleAnswering('LOCATE', null);
    const sent = await call('POST', '/commands/send', {
      token,
      body: { target: { vehicleId: vehicle.id }, code: 'LOCATE', expiresInS: 30, idempotencyKey: key() },
    });
    const command = sent.body.commands[0];
    const sentAt = Date.parse(command.sentAt);
    vi.spyOn(Date, 'now').mockReturnValue(sentAt + 29_000);
    expect((await call('GET', `/commands/${command.id}`, { token })).body.status).toBe(1);
    vi.spyOn(Date, 'now').mockReturnValue(sentAt + 30_000);
    const expired = await call('GET', `/commands/${command.id}`, { token });
    expect(expired.body).toMatchObject({ status: 3, acknowledgedAt: null });
    expect(expired.body.failureReason).toMatch(/Expired/);
  });

  test('a re-send with the same idempotency key within the expiry is the same command', async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const body = { target: { vehicleId: 'veh-000003' }, code: 'LOCATE', expiresInS: 30, idempotencyKey: key() };
    const first = await call('POST', '/commands/send', { token, body });
    const size = db.tables.commands.size;
    const again = await call('POST', '/commands/send', { token, body });
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    expect(again.body.commands.map((c: { id: string }) => c.id)).toEqual(
      first.body.commands.map((c: { id: string }) => c.id),
    );
    expect(db.tables.commands.size).toBe(size);
    // Another command under the same key is refused; after the expiry the key sends anew.
    const other = await call('POST', '/commands/send', { token, body: { ...body, code: 'MOBILIZE' } });
    expect(other.status).toBe(409);
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse(first.body.commands[0].sentAt) + 31_000);
    const later = await call('POST', '/commands/send', { token, body });
    expect(later.status).toBe(201);
    expect(later.body.commands[0].id).not.toBe(first.body.commands[0].id);
  });

  test('checks the payload against the command parameters and creates nothing when it does not fit', async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const size = db.tables.commands.size;
    const audit = db.tables.audit.size;
    const bad = await call('POST', '/commands/send', {
      token,
      body: {
        target: { vehicleId: 'veh-000001' },
        code: 'SPEED_LIMIT',
        params: { speedKmh: 300, turbo: true },
        expiresInS: 5,
        idempotencyKey: key(),
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      'params.speedKmh': 'Top speed must be at most 120 km/h.',
      'params.turbo': 'This command takes no parameter "turbo".',
      expiresInS: 'Expiry must be a whole number of seconds from 30 to 86400.',
    });
    const missing = await call('POST', '/commands/send', {
      token,
      body: {
        target: { vehicleId: 'veh-000001' },
        code: 'DRIVE_MODE',
        params: {},
        expiresInS: 300,
        idempotencyKey: key(),
      },
    });
    expect(missing.body.fieldErrors).toEqual({ 'params.mode': 'Drive mode is required.' });
    expect(db.tables.commands.size).toBe(size);
    expect(db.tables.audit.size).toBe(audit);
    const good = await call('POST', '/commands/send', {
      token,
      body: {
        target: { vehicleId: 'veh-000001' },
        code: 'SPEED_LIMIT',
        params: { speedKmh: 60 },
        expiresInS: 300,
        idempotencyKey: key(),
      },
    });
    expect(good.status).toBe(201);
    expect(good.body.commands[0]).toMatchObject({
      deviceKind: 'MCU',
      deviceId: 'mcu-000001',
      payload: { speedKmh: 60 },
    });
  });

  test('a safety-critical command needs the vehicle registration typed', async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const vehicle = db.tables.vehicles.get('veh-000001')!;
    const body = {
      target: { vehicleId: vehicle.id },
      code: 'REMOTE_STOP',
      params: { rampDownS: 10 },
      expiresInS: 300,
      idempotencyKey: key(),
    };
    const unconfirmed = await call('POST', '/commands/send', { token, body: { ...body, confirmation: 'yes' } });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.fieldErrors.confirmation).toBe(
      `Remote stop is safety-critical: type ${vehicle.registrationNumber} to confirm.`,
    );
    const confirmed = await call('POST', '/commands/send', {
      token,
      body: { ...body, confirmation: vehicle.registrationNumber },
    });
    expect(confirmed.status).toBe(201);
  });

  test('sends to the members of a device group and lists the ones whose model lacks the command', async () => {
    const token = await signIn('SA');
    const db = await getWorldDb();
    const group = db.tables.deviceGroups.all()[0]!;
    const preview = await call('POST', '/commands/preview', { token, body: { target: { deviceGroupId: group.id } } });
    expect(preview.status).toBe(200);
    expect(preview.body.vehicleCount).toBeGreaterThan(0);
    expect(preview.body.commands.map((c: { code: string }) => c.code)).toContain('LOCATE');
    const sent = await call('POST', '/commands/send', {
      token,
      body: { target: { deviceGroupId: group.id }, code: 'LOCATE', expiresInS: 300, idempotencyKey: key() },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.commands.length + sent.body.skipped.length).toBe(preview.body.vehicleCount);
    // A group target confirms a safety-critical command with its code.
    const immobilize = await call('POST', '/commands/send', {
      token,
      body: {
        target: { deviceGroupId: group.id },
        code: 'IMMOBILIZE',
        params: { reason: 'Unpaid lease' },
        confirmation: 'immobilize',
        expiresInS: 300,
        idempotencyKey: key(),
      },
    });
    expect(immobilize.status).toBe(201);
  });

  test('sends to the vehicles of a command-history filter, and refuses an empty one', async () => {
    const token = await signIn('SA');
    const filter = { status: '3', code: 'LOCATE' };
    const history = await call('GET', '/commands?filter[status]=3&filter[code]=LOCATE&pageSize=1000', { token });
    const vehicles = new Set(history.body.items.map((c: { vehicleId: string }) => c.vehicleId));
    const preview = await call('POST', '/commands/preview', { token, body: { target: { commandFilter: filter } } });
    expect(preview.body.vehicleCount).toBe(vehicles.size);
    const sent = await call('POST', '/commands/send', {
      token,
      body: { target: { commandFilter: filter }, code: 'LOCATE', expiresInS: 300, idempotencyKey: key() },
    });
    expect(new Set(sent.body.commands.map((c: { vehicleId: string }) => c.vehicleId))).toEqual(vehicles);
    const none = await call('POST', '/commands/send', {
      token,
      body: { target: { commandFilter: { q: 'no-such-vehicle' } }, code: 'LOCATE', idempotencyKey: key() },
    });
    expect(none.status).toBe(400);
    expect(none.body.fieldErrors.target).toBe('The target holds no vehicles you can reach.');
  });

  test('refuses two targets at once', async () => {
    const res = await call('POST', '/commands/send', {
      token: await signIn('SA'),
      body: {
        target: { vehicleId: 'veh-000001', deviceGroupId: 'x' },
        code: 'LOCATE',
        expiresInS: 300,
        idempotencyKey: key(),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.target).toBeDefined();
  });
});

describe('POST /vehicles/{id}/commands', () => {
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

  test("BMS, MCU and VCU admins each send their own device kind's commands, and no other kind (decision 0085)", async () => {
    const own = [
      ['BMSA', 'BMS_RESET'],
      ['MCUA', 'MCU_RESET'],
      ['VCUA', 'VCU_RESET'],
    ] as const;
    for (const [role, code] of own) {
      const token = await signIn(role);
      const sent = await call('POST', '/vehicles/veh-000001/commands', { token, body: { code } });
      expect(sent.status, `${role} ${code}`).toBe(201);
      expect(sent.body.deviceKind).toBe(role.slice(0, 3));
      const others: string[] = own.map(([, c]) => c).filter((c) => c !== code);
      for (const other of [...others, 'LOCATE']) {
        const res = await call('POST', '/vehicles/veh-000001/commands', { token, body: { code: other } });
        expect(res.status, `${role} ${other}`).toBe(403);
      }
    }
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

describe('an offline vehicle (issue 37 item 8)', () => {
  test('never answers: its command stays Pending past any acknowledgement delay, then expires Failed', async () => {
    const db = await getWorldDb();
    const token = await signIn('SA');
    // Every offline vehicle that has LOCATE, not one picked: none of them answers, whatever a hash would say.
    const offline = db.tables.vehicles
      .all()
      .filter((v) => !v.isLive && db.tables.models.get(v.modelId)?.commands?.some((c) => c.code === 'LOCATE'))
      .slice(0, 20);
    expect(offline.length).toBe(20);
    const ids: string[] = [];
    for (const vehicle of offline) {
      const res = await call('POST', '/commands/send', {
        token,
        body: { target: { vehicleId: vehicle.id }, code: 'LOCATE', expiresInS: 60, idempotencyKey: key() },
      });
      expect(res.status).toBe(201);
      ids.push(res.body.commands[0].id);
    }
    const sentAt = Math.max(...ids.map((id) => db.tables.commands.get(id)!.sentAt));
    // Every acknowledgement delay (at most 5 s) has passed, the expiry has not: still Pending.
    vi.spyOn(Date, 'now').mockReturnValue(sentAt + 30_000);
    for (const id of ids) expect((await call('GET', `/commands/${id}`, { token })).body.status).toBe(1);
    // After the expiry: Failed, because nobody answered.
    vi.spyOn(Date, 'now').mockReturnValue(sentAt + 61_000);
    for (const id of ids) {
      const res = await call('GET', `/commands/${id}`, { token });
      expect(res.body).toMatchObject({ status: 3, acknowledgedAt: null });
      expect(res.body.failureReason).toMatch(/^Expired/);
    }
  });

  test('an online vehicle answers (accepts or rejects) once its delay has passed', async () => {
    const db = await getWorldDb();
    const token = await signIn('SA');
    const online = db.tables.vehicles
      .all()
      .filter((v) => v.isLive && db.tables.models.get(v.modelId)?.commands?.some((c) => c.code === 'LOCATE'))
      .slice(0, 20);
    expect(online.length).toBe(20);
    for (const vehicle of online) {
      const res = await call('POST', '/commands/send', {
        token,
        body: { target: { vehicleId: vehicle.id }, code: 'LOCATE', expiresInS: 60, idempotencyKey: key() },
      });
      const id = res.body.commands[0].id as string;
      vi.spyOn(Date, 'now').mockReturnValue(db.tables.commands.get(id)!.sentAt + 5_001);
      expect([2, 3]).toContain((await call('GET', `/commands/${id}`, { token })).body.status);
      vi.restoreAllMocks();
    }
  });

  test('the live request tells the simulated vehicle to stay silent', async () => {
    const sent: { commandId: string; params?: Record<string, unknown> }[] = [];
    server.use(...createHandlers(undefined, { commands: { broker: { sendCommand: (r) => sent.push(r) } } }));
    const db = await getWorldDb();
    const vehicle = db.tables.vehicles.get('veh-000001')!;
    expect(vehicle.isLive).toBe(false);
    const res = await call('POST', '/commands/send', {
      token: await signIn('SA'),
      body: { target: { vehicleId: vehicle.id }, code: 'LOCATE', expiresInS: 300, idempotencyKey: key() },
    });
    expect(sent.at(-1)).toMatchObject({ commandId: res.body.commands[0].id, params: { simulate: 'timeout' } });
  });
});

describe('sending with a broker', () => {
  test('veh-000013 (online) accepts a remote stop, after its ramp-down; veh-000001 is offline (the browser tests send there)', async () => {
    const db = await getWorldDb();
    expect(db.tables.vehicles.get('veh-000013')?.isLive).toBe(true);
    expect(acknowledgeResultIn(db, { vehicleId: 'veh-000013', code: 'REMOTE_STOP' })).toBe(2);
    expect(db.tables.vehicles.get('veh-000001')?.isLive).toBe(false);
    expect(acknowledgeResultIn(db, { vehicleId: 'veh-000001', code: 'LOCATE' })).toBeNull();
    const plain = acknowledgeDelayOf('cmd-x');
    expect(acknowledgeDelayOf('cmd-x', { code: 'REMOTE_STOP', payload: { rampDownS: 10 } })).toBe(plain + 10_000);
  });

  test('publishes the request with the payload and the answer the history later settles to', async () => {
    const sent: { commandId: string; vehicleUid: string; params?: Record<string, unknown> }[] = [];
    server.use(...createHandlers(undefined, { commands: { broker: { sendCommand: (r) => sent.push(r) } } }));
    const token = await signIn('SA');
    for (const result of [2, 3, null] as const) {
      const vehicle = await vehicleAnswering('MCU_RESET', result);
      const res = await call('POST', '/commands/send', {
        token,
        body: { target: { vehicleId: vehicle.id }, code: 'MCU_RESET', expiresInS: 300, idempotencyKey: key() },
      });
      expect(res.status).toBe(201);
      const request = sent.at(-1)!;
      expect(request).toMatchObject({ commandId: res.body.commands[0].id, vehicleUid: vehicle.id });
      expect(request.params?.simulate).toBe(result === 2 ? undefined : result === 3 ? 'fail' : 'timeout');
      // The live answer comes when the REST history settles.
      const id = res.body.commands[0].id;
      expect(request.params?.simulateDelayMs).toBe(result === null ? undefined : acknowledgeDelayOf(id));
    }
    const speed = await call('POST', '/commands/send', {
      token,
      body: {
        target: { vehicleId: 'veh-000001' },
        code: 'SPEED_LIMIT',
        params: { speedKmh: 40 },
        expiresInS: 300,
        idempotencyKey: key(),
      },
    });
    expect(speed.status).toBe(201);
    expect(sent.at(-1)!.params).toMatchObject({ speedKmh: 40 });
  });
});

describe('a send to 500 vehicles (the most one send reaches)', () => {
  test('creates 500 pending commands under one key, lists them, a repeat creates none, and acknowledgements settle each', async () => {
    const { db, token, groupId, vehicleIds } = await worldWithGroupOf(COMMAND_MAX_TARGETS, 'LOCATE');
    const preview = await call('POST', '/commands/preview', { token, body: { target: { deviceGroupId: groupId } } });
    expect(preview.body.vehicleCount).toBe(500);
    expect(preview.body.commands.find((c: { code: string }) => c.code === 'LOCATE')?.vehicleCount).toBe(500);

    const before = db.tables.commands.size;
    const auditBefore = db.tables.audit.size;
    const body = { target: { deviceGroupId: groupId }, code: 'LOCATE', expiresInS: 120, idempotencyKey: key() };
    const sent = await call('POST', '/commands/send', { token, body });
    expect(sent.status).toBe(201);
    expect(sent.body.skipped).toEqual([]);
    const commands = sent.body.commands as { id: string; vehicleId: string; status: number; sentAt: string }[];
    expect(commands).toHaveLength(500);
    expect(new Set(commands.map((c) => c.vehicleId))).toEqual(new Set(vehicleIds));
    expect(new Set(commands.map((c) => c.id)).size).toBe(500);
    expect(commands.every((c) => c.status === 1)).toBe(true);
    expect(db.tables.commands.size).toBe(before + 500);
    expect(db.tables.audit.size).toBe(auditBefore + 500);

    // One key for the whole send: a retry (a lost answer) is the same 500 commands, and creates nothing.
    const again = await call('POST', '/commands/send', { token, body });
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    expect(again.body.commands.map((c: { id: string }) => c.id).sort()).toEqual(commands.map((c) => c.id).sort());
    expect(db.tables.commands.size).toBe(before + 500);

    // The history lists them: 500 pending LOCATE commands, two pages of 250.
    const query = 'filter[code]=LOCATE&filter[status]=1&pageSize=250';
    const first = await call('GET', `/commands?${query}&page=1`, { token });
    const second = await call('GET', `/commands?${query}&page=2`, { token });
    expect(first.body.total).toBe(500);
    const listed = [...first.body.items, ...second.body.items].map((c: { id: string }) => c.id);
    expect(listed.sort()).toEqual(commands.map((c) => c.id).sort());

    // Once every acknowledgement is due (and the expiry has passed for the vehicles that never answer), each command
    // is Success or Failed as its vehicle answers, none stays Pending.
    const sentAt = Date.parse(commands[0]!.sentAt);
    vi.spyOn(Date, 'now').mockReturnValue(sentAt + 121_000);
    const settled = await call('GET', '/commands?filter[code]=LOCATE&pageSize=1000', { token });
    const byId = new Map(settled.body.items.map((c: { id: string; status: number }) => [c.id, c.status]));
    const expected = { 2: 0, 3: 0 };
    for (const c of commands) {
      const answer = acknowledgeResultIn(db, { vehicleId: c.vehicleId, code: 'LOCATE' });
      const status = answer ?? 3;
      expected[status] += 1;
      expect(byId.get(c.id)).toBe(status);
    }
    // About a third of the fleet is online and answers; every command to the rest expires.
    const online = commands.filter((c) => db.tables.vehicles.get(c.vehicleId)!.isLive).length;
    expect(online).toBeGreaterThan(100);
    expect(expected[2]).toBeGreaterThan(0.75 * online);
    expect(expected[3]).toBeGreaterThanOrEqual(500 - online);
  });

  test('one more vehicle than that is a field error on the target, and nothing is created', async () => {
    const { db, token, groupId } = await worldWithGroupOf(COMMAND_MAX_TARGETS + 1, 'LOCATE');
    const before = db.tables.commands.size;
    const res = await call('POST', '/commands/send', {
      token,
      body: { target: { deviceGroupId: groupId }, code: 'LOCATE', expiresInS: 300, idempotencyKey: key() },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.target).toBe('This target holds 501 vehicles; one send reaches at most 500.');
    expect(db.tables.commands.size).toBe(before);
  });
});
