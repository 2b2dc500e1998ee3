import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Command = {
  id: string;
  vehicleId: string;
  deviceId: string | null;
  deviceKind: string;
  code: string;
  status: number;
  sentAt: string;
  expiresAt: string;
  sentBy: string | null;
  sentByName: string | null;
  vehicleVin: string;
  failureReason: string | null;
  payload: Record<string, unknown> | null;
};
type Page = { items: Command[]; total: number };

const key = () => `key-${crypto.randomUUID()}`;

async function get(role: string, url: string) {
  return server.call({ method: 'GET', url: `/api${url}`, token: await server.tokenOf(role) });
}

async function post(role: string, url: string, payload: object) {
  return server.call({ method: 'POST', url: `/api${url}`, token: await server.tokenOf(role), payload });
}

const counts = async () => {
  const db = server.database.db;
  const c = await db.selectFrom('commands').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const a = await db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { commands: c.n, audit: a.n };
};

const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();

async function vehicleOf(where: { fleet?: string; notOem?: string; oem?: string }) {
  let q = server.database.db.selectFrom('vehicles').select(['id', 'vin', 'registration_number', 'oem_id', 'fleet_id']);
  if (where.fleet) q = q.where('fleet_id', '=', where.fleet);
  if (where.oem) q = q.where('oem_id', '=', where.oem);
  if (where.notOem) q = q.where('oem_id', '<>', where.notOem);
  return q.orderBy('id').executeTakeFirstOrThrow();
}

const oemOf = async (role: string) =>
  (
    await server.database.db
      .selectFrom('users')
      .select('oem_id')
      .where('email', '=', `${role.toLowerCase()}@voltline.demo`)
      .executeTakeFirstOrThrow()
  ).oem_id as string;

describe('the history', () => {
  test('lists the seeded history newest first, filters, searches and pages; a fleet sees its vehicles only', async () => {
    const all = await get('SA', '/commands?pageSize=1000');
    expectContract('get', '/commands', all);
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json() as Page;
    expect(page.total).toBe((await counts()).commands);
    expect(page.total).toBeGreaterThan(0);
    const times = page.items.map((c) => Date.parse(c.sentAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const rule = (await get('SA', '/commands?filter[kind]=Rule&pageSize=5')).json() as Page;
    for (const c of rule.items) expect(c).toMatchObject({ kind: 'Rule', sentBy: null, ruleName: expect.any(String) });
    const first = page.items[0] as Command;
    const byVin = (await get('SA', `/commands?q=${first.vehicleVin}&pageSize=1000`)).json() as Page;
    expect(byVin.items.map((c) => c.id)).toContain(first.id);
    for (const c of byVin.items) expect(c.vehicleVin).toContain(first.vehicleVin);

    const fleet = new Set(
      (await server.database.db.selectFrom('vehicles').select('id').where('fleet_id', '=', 'flt-0001').execute()).map(
        (v) => v.id,
      ),
    );
    const fa = (await get('FA', '/commands?pageSize=1000')).json() as Page;
    for (const c of fa.items) expect(fleet.has(c.vehicleId)).toBe(true);
    const outside = page.items.find((c) => !fleet.has(c.vehicleId)) as Command;
    const hidden = await get('FA', `/commands/${outside.id}`);
    expectContract('get', '/commands/{id}', hidden);
    expect(hidden.statusCode).toBe(404);
    const one = await get('SA', `/commands/${outside.id}`);
    expectContract('get', '/commands/{id}', one);
    expect(one.json()).toEqual(page.items.find((c) => c.id === outside.id));
  });

  test('a driver has no history (403); an unknown filter value or sort is 400', async () => {
    const refused = await get('DR', '/commands');
    expectContract('get', '/commands', refused);
    expect(refused.statusCode).toBe(403);
    const bad = await get('SA', '/commands?filter[status]=9');
    expectContract('get', '/commands', bad);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_query');
    expect((await get('SA', '/commands?sort=payload:asc')).statusCode).toBe(400);
  });
});

describe('sending', () => {
  test('to one vehicle: 201 Pending, audited as Command / Add, published to its command topic', async () => {
    const vehicle = await vehicleOf({});
    const before = await counts();
    const published = server.published.length;
    const sent = await post('SA', '/commands/send', {
      target: { vehicleId: vehicle.id },
      code: 'SPEED_LIMIT',
      params: { speedKmh: 60 },
      expiresInS: 60,
      idempotencyKey: key(),
    });
    expectContract('post', '/commands/send', sent);
    expect(sent.statusCode, sent.body).toBe(201);
    const body = sent.json() as { commands: Command[]; skipped: unknown[]; replayed: boolean };
    expect(body.replayed).toBe(false);
    const [command] = body.commands as [Command];
    expect(command).toMatchObject({
      status: 1,
      code: 'SPEED_LIMIT',
      deviceKind: 'MCU',
      vehicleId: vehicle.id,
      vehicleVin: vehicle.vin,
      sentBy: 'usr-sa',
      payload: { speedKmh: 60 },
    });
    expect(Date.parse(command.expiresAt) - Date.parse(command.sentAt)).toBe(60_000);
    expect(await counts()).toEqual({ commands: before.commands + 1, audit: before.audit + 1 });
    expect(await lastAudit()).toMatchObject({ entity: 'Command', entity_id: command.id, action: 'Add' });
    expect(server.published.slice(published)).toEqual([
      {
        topic: `voltline/v1/vehicles/${vehicle.id}/commands`,
        message: expect.objectContaining({
          v: 1,
          commandId: command.id,
          vehicleUid: vehicle.id,
          deviceUid: command.deviceId,
          kind: 'Device',
          name: 'SPEED_LIMIT',
          params: { speedKmh: 60 },
        }),
      },
    ]);
    // Nobody acknowledges it on the server: Pending until its deadline, then Failed (expired).
    expect((await get('SA', `/commands/${command.id}`)).json()).toMatchObject({ status: 1 });
    await server.database.db
      .updateTable('commands')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', command.id)
      .execute();
    const pending = (await get('SA', `/commands?filter[status]=1&filter[vehicleId]=${vehicle.id}`)).json() as Page;
    expect(pending.items.map((c) => c.id)).not.toContain(command.id);
    const expired = await get('SA', `/commands/${command.id}`);
    expect(expired.json()).toMatchObject({
      status: 3,
      acknowledgedAt: null,
      failureReason: expect.stringMatching(/^Expired/),
    });
    expect((await get('SA', '/audit/verify')).json()).toMatchObject({ ok: true });
  });

  test('an idempotency key replays the first answer; another request under it is 409; nothing is written', async () => {
    const vehicle = await vehicleOf({});
    const body = { target: { vehicleId: vehicle.id }, code: 'LOCATE', expiresInS: 30, idempotencyKey: key() };
    const first = await post('SA', '/commands/send', body);
    expect(first.statusCode).toBe(201);
    const before = await counts();
    const published = server.published.length;
    const again = await post('SA', '/commands/send', body);
    expectContract('post', '/commands/send', again);
    expect(again.statusCode).toBe(200);
    expect(again.json().replayed).toBe(true);
    expect(again.json().commands.map((c: Command) => c.id)).toEqual(first.json().commands.map((c: Command) => c.id));
    for (const other of [
      { code: 'MOBILIZE' },
      { expiresInS: 45 },
      { target: { vehicleId: (await vehicleOf({ fleet: 'flt-0001' })).id } },
    ]) {
      const refused = await post('SA', '/commands/send', { ...body, ...other });
      expectContract('post', '/commands/send', refused);
      expect(refused.statusCode, JSON.stringify(other)).toBe(409);
      expect(refused.json().fieldErrors).toHaveProperty('idempotencyKey');
    }
    // The key is the sender's: another user's same key is a new send.
    expect(await counts()).toEqual(before);
    expect(server.published.length).toBe(published);
    const theirs = await post('OEMA', '/commands/send', {
      ...body,
      target: { vehicleId: (await vehicleOf({ oem: await oemOf('OEMA') })).id },
    });
    expect(theirs.statusCode).toBe(201);
  });

  test('refusals: 401, 403 without cmd Add, 404 outside the scope, 400 for what does not fit; nothing written', async () => {
    const mine = await vehicleOf({ oem: await oemOf('OEMA') });
    const other = await vehicleOf({ notOem: await oemOf('OEMA') });
    const before = await counts();
    const published = server.published.length;
    const body = { target: { vehicleId: mine.id }, code: 'LOCATE', expiresInS: 60, idempotencyKey: key() };
    expect((await server.call({ method: 'POST', url: '/api/commands/send', payload: body })).statusCode).toBe(401);
    const forbidden = await post('DA', '/commands/send', body);
    expectContract('post', '/commands/send', forbidden);
    expect(forbidden.statusCode).toBe(403);
    const hidden = await post('OEMA', '/commands/send', { ...body, target: { vehicleId: other.id } });
    expectContract('post', '/commands/send', hidden);
    expect(hidden.statusCode).toBe(404);
    expect((await post('OEMA', '/commands/send', { ...body, target: { deviceGroupId: 'dgr-nope' } })).statusCode).toBe(
      404,
    );
    const cases: [object, string][] = [
      [{ code: 'NOPE' }, 'code'],
      [{ code: 'SPEED_LIMIT', params: { speedKmh: 500 } }, 'params.speedKmh'],
      [{ code: 'SPEED_LIMIT', params: { speedKmh: 60, extra: 1 } }, 'params.extra'],
      [{ code: 'REMOTE_STOP', params: { rampDownS: 10 }, confirmation: 'nope' }, 'confirmation'],
      [{ target: { vehicleId: mine.id, deviceGroupId: 'dgr-0002' } }, 'target'],
      [{ idempotencyKey: undefined }, 'idempotencyKey'],
      [{ expiresInS: 10 }, 'expiresInS'],
    ];
    for (const [change, field] of cases) {
      const bad = await post('OEMA', '/commands/send', { ...body, idempotencyKey: key(), ...change });
      expectContract('post', '/commands/send', bad);
      expect(bad.statusCode, JSON.stringify(change)).toBe(400);
      expect(bad.json().fieldErrors, JSON.stringify(change)).toHaveProperty([field]);
    }
    expect(await counts()).toEqual(before);
    expect(server.published.length).toBe(published);
    // Typed right (case aside), the safety-critical command goes.
    const confirmed = await post('OEMA', '/commands/send', {
      ...body,
      idempotencyKey: key(),
      code: 'REMOTE_STOP',
      params: { rampDownS: 10 },
      confirmation: (mine.registration_number || mine.vin).toLowerCase(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
  });

  test("a device group's members in scope, skipping those whose models lack the command; the preview", async () => {
    const members = (await get('SA', '/device-groups/dgr-0002')).json().vehicleIds as string[];
    expect(members.length).toBeGreaterThan(1);
    const preview = await post('OEMA', '/commands/preview', { target: { deviceGroupId: 'dgr-0002' } });
    expectContract('post', '/commands/preview', preview);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ vehicleCount: members.length, truncated: false });
    expect(preview.json().vehicles.map((v: { id: string }) => v.id)).toEqual(members.slice(0, 5));
    const locate = preview.json().commands.find((c: { code: string }) => c.code === 'LOCATE');
    expect(locate).toMatchObject({ deviceKind: 'EV', vehicleCount: members.length });
    const before = await counts();
    const sent = await post('OEMA', '/commands/send', {
      target: { deviceGroupId: 'dgr-0002' },
      code: 'LOCATE',
      expiresInS: 300,
      idempotencyKey: key(),
    });
    expectContract('post', '/commands/send', sent);
    expect(sent.statusCode).toBe(201);
    const body = sent.json() as { commands: Command[]; skipped: { vehicleId: string }[] };
    expect([...body.commands.map((c) => c.vehicleId), ...body.skipped.map((s) => s.vehicleId)].sort()).toEqual(
      [...members].sort(),
    );
    expect(await counts()).toEqual({
      commands: before.commands + body.commands.length,
      audit: before.audit + body.commands.length,
    });
    // A repeat answers the first answer: the same commands in the same order, the same vehicles skipped.
    const group = {
      target: { deviceGroupId: 'dgr-0002' },
      code: 'SPEED_LIMIT',
      params: { speedKmh: 40 },
      expiresInS: 300,
    };
    const firstSend = await post('OEMA', '/commands/send', { ...group, idempotencyKey: 'group-key-1' });
    expect(firstSend.statusCode).toBe(201);
    const replay = await post('OEMA', '/commands/send', { ...group, idempotencyKey: 'group-key-1' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ ...firstSend.json(), replayed: true });
    // The preview needs cmd with Add too.
    const dealerGroup = await post('FA', '/commands/preview', { target: { deviceGroupId: 'dgr-0001' } });
    expect(dealerGroup.statusCode).toBe(403);
  });
});

describe('POST /vehicles/{id}/commands', () => {
  test("a fleet admin sends to its vehicle (201), not to another fleet's (404); a driver 403", async () => {
    const mine = await vehicleOf({ fleet: 'flt-0001' });
    const sent = await post('FA', `/vehicles/${mine.id}/commands`, { code: 'LOCATE' });
    expectContract('post', '/vehicles/{id}/commands', sent);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ status: 1, code: 'LOCATE', vehicleId: mine.id, sentBy: expect.any(String) });
    const other = await server.database.db
      .selectFrom('vehicles')
      .select('id')
      .where((eb) => eb.or([eb('fleet_id', '<>', 'flt-0001'), eb('fleet_id', 'is', null)]))
      .executeTakeFirstOrThrow();
    const before = await counts();
    const hidden = await post('FA', `/vehicles/${other.id}/commands`, { code: 'LOCATE' });
    expectContract('post', '/vehicles/{id}/commands', hidden);
    expect(hidden.statusCode).toBe(404);
    const refused = await post('DR', `/vehicles/${mine.id}/commands`, { code: 'LOCATE' });
    expectContract('post', '/vehicles/{id}/commands', refused);
    expect(refused.statusCode).toBe(403);
    const unconfirmed = await post('FA', `/vehicles/${mine.id}/commands`, {
      code: 'IMMOBILIZE',
      params: { reason: 'Theft' },
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().fieldErrors).toHaveProperty('confirmation');
    const unknown = await post('FA', `/vehicles/${mine.id}/commands`, { code: 'NOPE' });
    expectContract('post', '/vehicles/{id}/commands', unknown);
    expect(unknown.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    const confirmed = await post('FA', `/vehicles/${mine.id}/commands`, {
      code: 'IMMOBILIZE',
      params: { reason: 'Theft' },
      confirmation: mine.registration_number || mine.vin,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toMatchObject({ code: 'IMMOBILIZE', payload: { reason: 'Theft' } });
  });

  test("a BMS admin sends its device kind's commands, not the vehicle's (403; decision 0085)", async () => {
    const vehicle = await server.database.db
      .selectFrom('vehicles')
      .select('id')
      .where('bms_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await counts();
    const ev = await post('BMSA', `/vehicles/${vehicle.id}/commands`, { code: 'LOCATE' });
    expectContract('post', '/vehicles/{id}/commands', ev);
    expect(ev.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    const bms = await post('BMSA', `/vehicles/${vehicle.id}/commands`, { code: 'BMS_RESET' });
    expect(bms.statusCode, bms.body).toBe(201);
    expect(bms.json()).toMatchObject({ deviceKind: 'BMS', code: 'BMS_RESET' });
  });
});
