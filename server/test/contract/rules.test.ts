import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createNotificationRepository } from '../../src/db/repositories/notification-repository';
import { ruleNotification } from '../../src/services/rules/rule-notification';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Rule = { id: string; name: string; oemId: string; enabled: boolean; createdBy: string; scope: number };
type Page = { items: Rule[]; total: number; page: number; pageSize: number };

async function call(role: string, url: string) {
  return server.call({ method: 'GET', url, token: await server.tokenOf(role) });
}

async function send(role: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.call({ method, url, token: await server.tokenOf(role), ...(payload ? { payload } : {}) });
}

async function list(role: string, query = ''): Promise<Page> {
  const response = await call(role, `/api/rules${query}`);
  expectContract('get', '/rules', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

const counts = async () => {
  const db = server.database.db;
  const r = await db.selectFrom('rules').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const a = await db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { rules: r.n, audit: a.n };
};

const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();

/** The fleet admin's fleet, one vehicle of it and one of another fleet (same OEM as theirs where possible). */
async function fleetVehicles() {
  const db = server.database.db;
  const fa = await db
    .selectFrom('users')
    .select('fleet_id')
    .where('email', '=', 'fa@voltline.demo')
    .executeTakeFirstOrThrow();
  const mine = await db
    .selectFrom('vehicles')
    .select(['id', 'oem_id'])
    .where('fleet_id', '=', fa.fleet_id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const theirs = await db
    .selectFrom('vehicles')
    .select(['id', 'oem_id'])
    .where((eb) => eb.or([eb('fleet_id', '!=', fa.fleet_id as string), eb('fleet_id', 'is', null)]))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { mine, theirs };
}

/** A rule on one vehicle whose condition is a telemetry key of the EV template. */
const onVehicle = (vehicleId: string) => ({
  name: 'Low charge',
  deviceKind: 'EV',
  scope: 3,
  vehicleId,
  conditionOperator: 1,
  conditions: [{ kind: 'telemetry', key: 'soc', comparator: '<', value: 15 }],
  pendingSeconds: 60,
  cooldownSeconds: 600,
  repeatSeconds: 0,
  severity: 3,
  deliveryMethods: 16,
  openTicket: false,
});

describe('list and get', () => {
  test('platform staff see every seeded rule, an OEM its own; filters and search apply; get answers the listed one', async () => {
    const all = await list('SA', '?pageSize=100&sort=name:asc');
    expect(all.total).toBeGreaterThan(3);
    expect(new Set(all.items.map((r) => r.oemId)).size).toBeGreaterThan(1);
    const own = await list('OEMA', '?pageSize=100');
    expect(own.total).toBeGreaterThan(0);
    expect(own.items.every((r) => r.oemId === 'oem-01')).toBe(true);
    expect(own.total).toBe(all.items.filter((r) => r.oemId === 'oem-01').length);
    const searched = await list('OEMA', '?q=overheat');
    expect(searched.items.map((r) => r.name)).toContain('Battery overheating');
    const bms = await list('SA', '?filter[deviceKind]=BMS&pageSize=100');
    expect(bms.total).toBeGreaterThan(0);
    const one = await call('OEMA', `/api/rules/${own.items[0]?.id}`);
    expectContract('get', '/rules/{id}', one);
    expect(one.json()).toEqual(own.items[0]);
  });

  test("an unknown filter value is 400; without rule.l 403; another OEM's rule and an unknown id are 404", async () => {
    const bad = await call('SA', '/api/rules?filter[deviceKind]=TRUCK');
    expectContract('get', '/rules', bad);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_query');
    const refused = await call('DE', '/api/rules');
    expectContract('get', '/rules', refused);
    expect(refused.statusCode).toBe(403);
    const foreign = (await list('SA', '?pageSize=100')).items.find((r) => r.oemId !== 'oem-01');
    expect(foreign).toBeDefined();
    const hidden = await call('OEMA', `/api/rules/${foreign?.id}`);
    expectContract('get', '/rules/{id}', hidden);
    expect(hidden.statusCode).toBe(404);
    // A fleet admin sees only the rules they created: none of the seeded ones.
    expect((await list('FA')).total).toBe(0);
    expect((await call('SA', '/api/rules/rule-nope')).statusCode).toBe(404);
  });
});

describe('writes', () => {
  test('create: 201, audited in the same chain; bad input 400 with every field error, nothing written', async () => {
    const { mine } = await fleetVehicles();
    const before = await counts();
    const created = await send('FA', 'POST', '/api/rules', onVehicle(mine.id));
    expectContract('post', '/rules', created);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ oemId: mine.oem_id, vehicleId: mine.id, enabled: true, lastFiredAt: null });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity: 'Rule', entity_id: created.json().id, action: 'Add' });
    expect((entry.changes as { field: string }[]).map((c) => c.field)).toContain('conditions');
    expect((await list('FA')).items.map((r) => r.id)).toEqual([created.json().id]);

    const bad = await send('OEMA', 'POST', '/api/rules', {
      ...onVehicle(mine.id),
      scope: 1,
      conditions: [{ kind: 'telemetry', key: 'soc', comparator: '>', value: 140 }],
      deliveryMethods: 16 | 8,
      webhookUrl: 'http://hooks.example.com',
    });
    expectContract('post', '/rules', bad);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      'conditions.0': 'State of charge ranges from 0 to 100 %.',
      webhookUrl: 'The web-hook URL must start with https://.',
    });
    const none = await send('OEMA', 'POST', '/api/rules', { ...onVehicle(mine.id), conditions: [] });
    expect(none.json().fieldErrors).toEqual({ conditions: 'Add at least one condition.' });
    // The contract's own checks (a field of the wrong type) are 400 in its error shape too.
    const typed = await send('OEMA', 'POST', '/api/rules', { ...onVehicle(mine.id), scope: 7 });
    expectContract('post', '/rules', typed);
    expect(typed.statusCode).toBe(400);
    expect(await counts()).toEqual({ rules: before.rules + 1, audit: before.audit + 1 });
  });

  test("a fleet admin watches only a vehicle of their scope, never an OEM or another fleet's vehicle (400)", async () => {
    const { mine, theirs } = await fleetVehicles();
    const before = await counts();
    const foreign = await send('FA', 'POST', '/api/rules', onVehicle(theirs.id));
    expectContract('post', '/rules', foreign);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors).toEqual({ vehicleId: 'Choose a vehicle.' });
    const wide = await send('FA', 'POST', '/api/rules', { ...onVehicle(mine.id), scope: 1, oemId: mine.oem_id });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().fieldErrors).toEqual({ scope: 'Your rules watch one vehicle: choose Device.' });
    expect(await counts()).toEqual(before);
  });

  test('update, clone, disable, enable and delete: each audited; refusals write nothing; then 404', async () => {
    const { mine } = await fleetVehicles();
    const id = (await send('SA', 'POST', '/api/rules', onVehicle(mine.id))).json().id as string;
    const updated = await send('SA', 'PATCH', `/api/rules/${id}`, { name: 'Very low charge' });
    expectContract('patch', '/rules/{id}', updated);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Very low charge', vehicleId: mine.id });
    expect(await lastAudit()).toMatchObject({ entity: 'Rule', entity_id: id, action: 'Update' });

    const copy = await send('SA', 'POST', `/api/rules/${id}/clone`);
    expectContract('post', '/rules/{id}/clone', copy);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Copy of Very low charge', enabled: false, createdBy: 'usr-sa' });
    expect(await lastAudit()).toMatchObject({ entity_id: copy.json().id, action: 'Clone' });

    const disabled = await send('SA', 'POST', `/api/rules/${id}/disable`);
    expectContract('post', '/rules/{id}/disable', disabled);
    expect(disabled.json().enabled).toBe(false);
    expect(await lastAudit()).toMatchObject({ entity_id: id, action: 'Change Status' });
    const before = await counts();
    // Already disabled: 200 as it is, nothing written.
    expect((await send('SA', 'POST', `/api/rules/${id}/disable`)).json().enabled).toBe(false);
    // An OEM employee may not switch rules or delete them; another OEM does not see it; bad input is 400.
    expect((await send('OEME', 'POST', `/api/rules/${id}/enable`)).statusCode).toBe(403);
    expect((await send('OEME', 'DELETE', `/api/rules/${id}`)).statusCode).toBe(403);
    expect((await send('OEME', 'PATCH', `/api/rules/${id}`, { enabled: true })).statusCode).toBe(403);
    const badEdit = await send('SA', 'PATCH', `/api/rules/${id}`, { pendingSeconds: 90_000 });
    expectContract('patch', '/rules/{id}', badEdit);
    expect(badEdit.statusCode).toBe(400);
    const edgeEdit = await send('SA', 'PATCH', `/api/rules/${id}`, { name: '   ' });
    expect(edgeEdit.json().fieldErrors).toEqual({ name: 'Enter a name.' });
    expect(await counts()).toEqual(before);

    const enabled = await send('SA', 'POST', `/api/rules/${id}/enable`);
    expectContract('post', '/rules/{id}/enable', enabled);
    expect(enabled.json().enabled).toBe(true);
    const deleted = await send('SA', 'DELETE', `/api/rules/${id}`);
    expectContract('delete', '/rules/{id}', deleted);
    expect(deleted.statusCode).toBe(204);
    expect(await lastAudit()).toMatchObject({ entity_id: id, action: 'Delete' });
    const gone = await call('SA', `/api/rules/${id}`);
    expectContract('get', '/rules/{id}', gone);
    expect(gone.statusCode).toBe(404);
    expect((await send('SA', 'POST', `/api/rules/${id}/enable`)).statusCode).toBe(404);
  });
});

describe('test this rule', () => {
  test('a fault condition fires at the first sample the fault is active; nothing is written', async () => {
    const { mine } = await fleetVehicles();
    const occurred = Date.now() - 30 * 60_000;
    await server.database.db
      .insertInto('faults')
      .values({
        id: 'flt-rule-test',
        vehicle_id: mine.id,
        device_id: null,
        device_kind: 'EV',
        code: 'RULE_TEST',
        name: 'Rule test fault',
        kind: 'Fault',
        scope: 'System',
        severity: 4,
        occurred_at: new Date(occurred).toISOString(),
        cleared_at: null,
        acknowledged_at: null,
        acknowledged_by: null,
      })
      .execute();
    const before = await counts();
    const rule = {
      ...onVehicle(mine.id),
      conditions: [{ kind: 'fault', key: 'RULE_TEST', comparator: '>=', value: 3 }],
      pendingSeconds: 0,
    };
    const res = await send('FA', 'POST', '/api/rules/test', rule);
    expectContract('post', '/rules/test', res);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(3_600_000);
    expect(body.vehicles).toBe(1);
    expect(body.firings).toEqual([
      { vehicleId: mine.id, firedAt: new Date(Math.ceil(occurred / 10_000) * 10_000).toISOString(), clearedAt: null },
    ]);
    // Above the fault's severity it holds never.
    const higher = await send('FA', 'POST', '/api/rules/test', {
      ...rule,
      conditions: [{ kind: 'fault', key: 'RULE_TEST', comparator: '>', value: 4 }],
    });
    expect(higher.json().firings).toEqual([]);
    const bad = await send('FA', 'POST', '/api/rules/test', { ...rule, conditions: [] });
    expectContract('post', '/rules/test', bad);
    expect(bad.statusCode).toBe(400);
    expect((await send('DE', 'POST', '/api/rules/test', rule)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('a firing', () => {
  test("a rule's notification, written through the notification store, is recorded once and listed", async () => {
    const { mine } = await fleetVehicles();
    const rule = (await send('SA', 'POST', '/api/rules', onVehicle(mine.id))).json();
    const t = Date.UTC(2026, 10, 25, 12, 0, 0);
    const notification = ruleNotification({
      rule,
      target: { vehicleId: mine.id, sourceId: mine.id, deviceId: null, template: [] },
      sample: { t, telemetry: { soc: 9 }, faults: [] },
      reminder: false,
      faults: [],
      config: { smtpSender: null, smsSenderId: null, webhookSigned: false },
      gateway: { sms: () => null, webhook: () => null },
    });
    expect(notification).toMatchObject({
      vehicleId: mine.id,
      ruleId: rule.id,
      title: 'Low charge',
      sentAt: new Date(t).toISOString(),
      deliveries: [{ method: 16, status: 'sent' }],
    });
    const store = createNotificationRepository(server.database.db);
    expect(await store.add(notification)).toBe(true);
    expect(await store.add({ ...notification, title: 'again' })).toBe(false);
    const listed = await call('SA', `/api/notifications?filter[ruleId]=${rule.id}`);
    expectContract('get', '/notifications', listed);
    expect(listed.json().items).toEqual([notification]);
  });
});
