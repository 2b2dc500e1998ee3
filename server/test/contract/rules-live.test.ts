import { createHmac } from 'node:crypto';
import mqtt from 'mqtt';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SLA_TARGETS } from '@/domain/tickets';
import { parseLiveMessage } from '@/shared/lib/live/topics';
import { type EmbeddedBroker, startEmbeddedBroker } from '../../src/live/broker';
import { createRuleLive, type RuleLive } from '../../src/live/rule-live';
import { consumeEmbedded, type TelemetryConsumer } from '../../src/live/telemetry-consumer';
import { type CommandLive, startCommandLive } from '../../src/live/command-live';
import { acknowledgeResultOf } from '../../src/db/seed-source';
import { startFleetSimulation } from '../../src/simulator/fleet-simulation';
import { authenticate } from '../../src/services/auth/authenticate';
import { EXPIRED_REASON } from '../../src/services/commands/command-expiry';
import { ruleCommandIdOf } from '../../src/services/commands/send-commands';
import { issueVehicleSecret } from '../../src/services/ingestion/vehicle-secret';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

// Issue 35 item 2 on the embedded broker: a vehicle publishes a critical fault in its telemetry; the server stores the
// fault, the seeded rule "Critical faults" of its OEM fires (pending 0, opens tickets), and within a second there is a
// notification (published live on the vehicle's notifications topic) and a ticket with its SLA.

let server: TestServer;
let broker: EmbeddedBroker;
let consumer: TelemetryConsumer;
let rules: RuleLive;
let url: string;
let vehicle: { id: string; oemId: string; secret: string };
/** A second vehicle of the same OEM, for the web-hook test. */
let second: { id: string; oemId: string; secret: string };
/** The web-hook calls the rule chain made (a fake POST: no network). */
const hooks: { url: string; body: string; headers: Record<string, string> }[] = [];

let commandLive: CommandLive;

beforeAll(async () => {
  // Sent commands (a rule's too) go to the broker, as on the server (`start.ts`).
  server = await createTestServer({}, { publish: (t, message) => broker?.publish(t, JSON.stringify(message)) });
  broker = await startEmbeddedBroker(server.deps);
  commandLive = await startCommandLive(server.deps.commands, { embedded: broker }, (t, p) => broker.publish(t, p), {
    sweepMs: 60_000,
  });
  rules = createRuleLive(server.database.db, server.deps.commands, (topic, payload) => broker.publish(topic, payload), {
    post: async (to, init) => {
      hooks.push({ url: to, body: init.body, headers: init.headers });
      return { status: 204 };
    },
  });
  consumer = await consumeEmbedded(broker.aedes, server.deps.ingestion, { flushMs: 100, afterWrite: rules.afterWrite });
  server.app.server.on('upgrade', (request, socket, head) => {
    if (request.url === '/mqtt') broker.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mqtt`;
  const db = server.database.db;
  // A vehicle whose OEM has the seeded rule, with no active critical fault and no ticket of that rule open, so the
  // fault published below is what fires it.
  const row = await db
    .selectFrom('vehicles')
    .innerJoin('rules', (join) => join.onRef('rules.oem_id', '=', 'vehicles.oem_id'))
    .select(['vehicles.id', 'vehicles.oem_id'])
    .where('rules.name', '=', 'Critical faults')
    .where('rules.enabled', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('faults')
            .select(sql`1`.as('one'))
            .whereRef('faults.vehicle_id', '=', 'vehicles.id')
            .where('faults.cleared_at', 'is', null)
            .where('faults.severity', '>=', 4),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('tickets')
            .select(sql`1`.as('one'))
            .whereRef('tickets.vehicle_id', '=', 'vehicles.id')
            .where('tickets.source', '=', 'rule'),
        ),
      ),
    )
    .orderBy('vehicles.oem_id')
    .orderBy('vehicles.id')
    .limit(2)
    .execute();
  const [first, next] = row;
  if (!first || !next || first.oem_id !== next.oem_id) throw new Error('the seeded world has no two such vehicles');
  const admin = await authenticate(server.deps.auth, await server.tokenOf('SA'), { ip: null, userAgent: null });
  const issue = async (r: { id: string; oem_id: string }) => ({
    id: r.id,
    oemId: r.oem_id,
    secret: (await issueVehicleSecret(server.deps.ingestion, admin, { vehicleId: r.id })).secret,
  });
  vehicle = await issue(first);
  second = await issue(next);
});
afterAll(async () => {
  await commandLive?.close();
  await broker?.close();
  await consumer?.close();
  await server?.close();
});

function connect(username: string, password: string): Promise<mqtt.MqttClient> {
  return mqtt.connectAsync(url, { username, password, reconnectPeriod: 0, connectTimeout: 10_000 });
}

function telemetry(ts: number, faults: unknown[] = [], vehicleUid = vehicle.id) {
  return JSON.stringify({
    v: 1,
    vehicleUid,
    ts,
    state: 66,
    soc: 64,
    speed: 30,
    position: { lat: 18.5311, lon: 73.8442, heading: 90 },
    pack: { voltage: 51.2, current: 12.5, temperatures: [30.5, 31] },
    faults,
  });
}

const topic = (vehicleUid = vehicle.id) => `voltline/v1/telemetry/12-2888-1833/${vehicleUid}`;

test('a published critical fault becomes a fault, a live notification and a ticket within a second', async () => {
  const token = await server.tokenOf('SA');
  const ruleId = `rule-${vehicle.oemId}-critical-faults`;
  const portal = await connect('portal', token);
  const heard: unknown[] = [];
  portal.on('message', (t, payload) => {
    const parsed = parseLiveMessage(t, payload);
    heard.push(parsed.ok ? parsed.message : { dropped: parsed.reason, topic: t });
  });
  await portal.subscribeAsync(`voltline/v1/vehicles/${vehicle.id}/notifications`, { qos: 1 });
  const car = await connect(vehicle.id, vehicle.secret);
  try {
    const notificationsOf = async () => {
      const response = await server.call({
        method: 'GET',
        url: `/api/notifications?filter[ruleId]=${ruleId}&filter[vehicleId]=${vehicle.id}&pageSize=50`,
        token,
      });
      expectContract('get', '/notifications', response);
      return response.json() as { total: number; items: { id: string; faultId: string | null; title: string }[] };
    };
    const before = (await notificationsOf()).total;

    // Telemetry without a fault trips nothing.
    const quiet = Date.now();
    await car.publishAsync(topic(), telemetry(quiet), { qos: 1 });
    await consumer.flush();
    expect((await notificationsOf()).total).toBe(before);

    const ts = quiet + 1000;
    const fault = { code: 'BMS-OT-01', severity: 4, kind: 'Fault', device: 'BMS', message: 'Cell over-temperature' };
    const published = performance.now();
    await car.publishAsync(topic(), telemetry(ts, [fault]), { qos: 1 });

    // The notification, stored and heard live.
    await expect
      .poll(() => heard.find((m) => (m as { kind?: string }).kind === 'notification'), { timeout: 1000, interval: 20 })
      .toBeTruthy();
    const live = heard.find((m) => (m as { kind?: string }).kind === 'notification') as {
      data: { notificationId: string; ruleId: string; faultId: string; ticketId: string; severity: number; ts: number };
    };
    const elapsed = performance.now() - published;
    expect(elapsed).toBeLessThan(1000);
    expect(live.data).toMatchObject({ ruleId, severity: 4, ts, faultId: `flt-live-${vehicle.id}-${ts}-1` });

    // The fault, as the Fleet API lists it.
    const faults = await server.call({
      method: 'GET',
      url: `/api/faults?filter[vehicleId]=${vehicle.id}&filter[code]=BMS-OT-01&pageSize=50`,
      token,
    });
    expect(faults.statusCode).toBe(200);
    expect(faults.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: `flt-live-${vehicle.id}-${ts}-1`,
          code: 'BMS-OT-01',
          severity: 4,
          deviceKind: 'BMS',
          clearedAt: null,
          occurredAt: new Date(ts).toISOString(),
        }),
      ]),
    );

    // The notification, as the Fleet API lists it.
    const list = await notificationsOf();
    expect(list.total).toBe(before + 1);
    expect(list.items.find((n) => n.id === live.data.notificationId)).toMatchObject({
      faultId: `flt-live-${vehicle.id}-${ts}-1`,
      title: 'Critical faults',
    });

    // The ticket, linked to it, in the vehicle's service centre with its SLA clock.
    const tickets = await server.call({
      method: 'GET',
      url: `/api/tickets?filter[source]=rule&filter[vehicleId]=${vehicle.id}`,
      token,
    });
    expectContract('get', '/tickets', tickets);
    expect(tickets.json().total).toBe(1);
    const ticket = tickets.json().items[0];
    expect(ticket).toMatchObject({ id: live.data.ticketId, status: 1, priority: 'critical', source: 'rule' });
    // Its SLA clock runs from the firing: the critical targets, none met or breached yet.
    expect(ticket.sla).toMatchObject({
      paused: false,
      firstResponse: { targetMinutes: SLA_TARGETS.critical.firstResponse, state: 'running' },
      resolution: { targetMinutes: SLA_TARGETS.critical.resolution, state: 'running' },
    });
    const detail = await server.call({ method: 'GET', url: `/api/tickets/${ticket.id}`, token });
    expect(detail.json()).toMatchObject({ notificationId: live.data.notificationId, faultId: live.data.faultId });

    // The fault stays active: the next reports neither notify again (it is firing) nor open a second ticket.
    await car.publishAsync(topic(), telemetry(ts + 1000), { qos: 1 });
    await car.publishAsync(topic(), telemetry(ts + 2000), { qos: 1 });
    await consumer.flush();
    expect((await notificationsOf()).total).toBe(before + 1);
    const again = await server.call({
      method: 'GET',
      url: `/api/tickets?filter[source]=rule&filter[vehicleId]=${vehicle.id}`,
      token,
    });
    expect(again.json().total).toBe(1);
    expect(rules.counters()).toMatchObject({ faults: 1, notifications: 1, withTicket: 1, published: 1 });
    // The seeded rule has no web-hook: nothing was called.
    expect(hooks).toHaveLength(0);
  } finally {
    await car.endAsync();
    await portal.endAsync();
  }
});

test("a rule with a web-hook calls it, signed with the OEM's secret, and records the answer", async () => {
  const db = server.database.db;
  const ruleId = `rule-${second.oemId}-critical-faults`;
  const hookUrl = 'https://hooks.example.com/voltline';
  const secret = 'whsec_rules_live_test_secret';
  await db
    .updateTable('rules')
    .set({ delivery_methods: 1 | 8 | 16, webhook_url: hookUrl, updated_at: new Date() })
    .where('id', '=', ruleId)
    .execute();
  await db
    .insertInto('company_settings')
    .values({ tenant_id: second.oemId, webhook_secret: secret, updated_at: new Date() } as never)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ webhook_secret: secret }))
    .execute();
  // The server reads enabled rules at most once a second.
  await new Promise((resolve) => setTimeout(resolve, 1100));

  const car = await connect(second.id, second.secret);
  try {
    const ts = Date.now();
    const fault = { code: 'MCU-OC-02', severity: 5, kind: 'Fault', device: 'MCU', message: 'Over-current' };
    await car.publishAsync(topic(second.id), telemetry(ts, [fault], second.id), { qos: 1 });
    await expect.poll(() => hooks.length, { timeout: 2000, interval: 20 }).toBe(1);
    const [call] = hooks;
    expect(call?.url).toBe(hookUrl);
    const timestamp = call?.headers['X-Voltline-Timestamp'];
    const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${call?.body}`).digest('hex')}`;
    expect(call?.headers['X-Voltline-Signature']).toBe(expected);
    const body = JSON.parse(call?.body ?? '{}');
    expect(body.notification).toMatchObject({ ruleId, vehicleId: second.id, faultId: `flt-live-${second.id}-${ts}-1` });
    expect(body.ticketId).toEqual(expect.any(String));

    // The notification's web-hook delivery goes from sent to delivered once the endpoint answered.
    await rules.settle();
    const token = await server.tokenOf('SA');
    const response = await server.call({
      method: 'GET',
      url: `/api/notifications?filter[ruleId]=${ruleId}&filter[vehicleId]=${second.id}&pageSize=50`,
      token,
    });
    expectContract('get', '/notifications', response);
    const stored = (response.json().items as { id: string; deliveries: { method: number; status: string }[] }[]).find(
      (n) => n.id === body.notification.id,
    );
    const deliveries = stored?.deliveries ?? [];
    expect(deliveries.find((d) => d.method === 8)).toMatchObject({ status: 'delivered', error: null });
    // E-mail and SMS are not sent by this server: none asked here; Web Alert is the live publish.
    expect(deliveries.find((d) => d.method === 16)).toMatchObject({ status: 'sent' });
    expect(rules.counters()).toMatchObject({ webhooksDelivered: 1, webhooksFailed: 0 });
  } finally {
    await car.endAsync();
  }
});

test('a rule with Command sends it through the command service to the vehicle, whose device settles it Success', async () => {
  const db = server.database.db;
  const token = await server.tokenOf('SA');
  // An online vehicle (not one of the above) whose model offers LOCATE and whose simulated device accepts it.
  const rows = await db
    .selectFrom('vehicles')
    .select(['id', 'oem_id', 'created_at'])
    .where('is_live', '=', true)
    .where('id', 'not in', [vehicle.id, second.id])
    .orderBy('id')
    .execute();
  let picked: (typeof rows)[number] | undefined;
  for (const row of rows) {
    if (acknowledgeResultOf({ vehicleId: row.id, code: 'LOCATE' }, true) !== 2) continue;
    const target = await server.deps.commands.commands.vehicle(row.id, null);
    if (target?.fitted.some((m) => m.kind === 'EV' && m.commands.some((c) => c.code === 'LOCATE'))) {
      picked = row;
      break;
    }
  }
  if (!picked) throw new Error('the seeded world has no online vehicle that accepts LOCATE');
  const admin = await authenticate(server.deps.auth, token, { ip: null, userAgent: null });
  const secret = (await issueVehicleSecret(server.deps.ingestion, admin, { vehicleId: picked.id })).secret;

  // The rule, saved through the API: a critical fault on this vehicle sends LOCATE.
  const created = await server.call({
    method: 'POST',
    url: '/api/rules',
    token,
    payload: {
      name: 'Locate on a critical fault',
      deviceKind: 'EV',
      scope: 3,
      vehicleId: picked.id,
      conditionOperator: 1,
      conditions: [{ kind: 'fault', key: 'EV-ISO-31', comparator: '>=', value: 4 }],
      pendingSeconds: 0,
      // Once an hour: a fault the simulated vehicle might raise itself meanwhile sends nothing more.
      cooldownSeconds: 3600,
      repeatSeconds: 0,
      severity: 4,
      deliveryMethods: 16 | 32,
      commandCode: 'LOCATE',
      openTicket: false,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const ruleId = (created.json() as { id: string }).id;
  // The server reads enabled rules at most once a second.
  await new Promise((resolve) => setTimeout(resolve, 1100));

  // The vehicle runs as the fleet simulator drives it (it answers its command topic); the fault is published by hand.
  const simulation = await startFleetSimulation({
    brokerUrl: url,
    vehicles: [{ id: picked.id, secret, createdAt: new Date(picked.created_at).getTime(), online: true }],
    rateHz: 1,
  });
  const car = await connect(picked.id, secret);
  try {
    expect(simulation.counters().connected).toBe(1);
    const ts = Date.now();
    const fault = { code: 'EV-ISO-31', severity: 5, kind: 'Fault', device: 'EV', message: 'Isolation fault' };
    await car.publishAsync(topic(picked.id), telemetry(ts, [fault], picked.id), { qos: 1 });

    const commandsOf = async () => {
      const response = await server.call({
        method: 'GET',
        url: `/api/commands?filter[ruleId]=${ruleId}&filter[vehicleId]=${picked.id}`,
        token,
      });
      expectContract('get', '/commands', response);
      return (response.json() as { items: Record<string, unknown>[] }).items;
    };
    // The command, in the history, sent by the rule: Pending until the simulated device answers (2 to 5 s).
    await expect.poll(async () => (await commandsOf()).length, { timeout: 2000, interval: 50 }).toBe(1);
    const [command] = await commandsOf();
    expect(command).toMatchObject({
      kind: 'Rule',
      code: 'LOCATE',
      deviceKind: 'EV',
      ruleId,
      ruleName: 'Locate on a critical fault',
      sentBy: null,
      vehicleId: picked.id,
    });
    expect(Date.parse(command?.expiresAt as string) - Date.parse(command?.sentAt as string)).toBe(300_000);
    const notification = (
      await server.call({
        method: 'GET',
        url: `/api/notifications?filter[ruleId]=${ruleId}&filter[vehicleId]=${picked.id}`,
        token,
      })
    ).json().items[0] as { id: string; deliveries: { method: number; status: string }[] };
    expect(command?.id).toBe(await ruleCommandIdOf(notification.id));
    expect(notification.deliveries.find((d) => d.method === 32)).toMatchObject({ status: 'sent' });

    // It reached the vehicle over MQTT; its acknowledgement settles it Success.
    await expect.poll(async () => (await commandsOf())[0]?.status, { timeout: 10_000, interval: 200 }).toBe(2);
    expect(simulation.counters()).toMatchObject({ commands: 1, answered: 1 });
    await commandLive.idle();
    expect(commandLive.counters().settled).toBeGreaterThanOrEqual(1);
  } finally {
    await car.endAsync();
    await simulation.stop();
  }
});

test("a rule's command the device later answers Failed, or that expires, is written back to its notification", async () => {
  const db = server.database.db;
  const token = await server.tokenOf('SA');
  // A vehicle (not one of the above) whose model offers LOCATE and MOBILIZE, both without parameters. The test's own
  // client is the vehicle: it answers LOCATE Failed and leaves MOBILIZE unanswered.
  const rows = await db
    .selectFrom('vehicles')
    .select(['id'])
    .where('id', 'not in', [vehicle.id, second.id])
    .orderBy('id', 'desc')
    .execute();
  let picked: string | undefined;
  for (const row of rows) {
    const target = await server.deps.commands.commands.vehicle(row.id, null);
    const ev = target?.fitted.find((m) => m.kind === 'EV');
    if (['LOCATE', 'MOBILIZE'].every((code) => ev?.commands.some((c) => c.code === code && !c.parameters?.length))) {
      picked = row.id;
      break;
    }
  }
  if (!picked) throw new Error('the seeded world has no vehicle whose model offers LOCATE and MOBILIZE');
  const admin = await authenticate(server.deps.auth, token, { ip: null, userAgent: null });
  const secret = (await issueVehicleSecret(server.deps.ingestion, admin, { vehicleId: picked })).secret;

  const ruleIds: Record<string, string> = {};
  for (const code of ['LOCATE', 'MOBILIZE']) {
    const created = await server.call({
      method: 'POST',
      url: '/api/rules',
      token,
      payload: {
        name: `${code} on an isolation fault`,
        deviceKind: 'EV',
        scope: 3,
        vehicleId: picked,
        conditionOperator: 1,
        conditions: [{ kind: 'fault', key: 'EV-ISO-31', comparator: '>=', value: 4 }],
        pendingSeconds: 0,
        cooldownSeconds: 3600,
        repeatSeconds: 0,
        severity: 4,
        deliveryMethods: 16 | 32,
        commandCode: code,
        openTicket: false,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    ruleIds[code] = (created.json() as { id: string }).id;
  }
  await new Promise((resolve) => setTimeout(resolve, 1100));

  const car = await connect(picked, secret);
  const requests: { commandId: string }[] = [];
  car.on('message', (_topic, payload) => requests.push(JSON.parse(payload.toString())));
  await car.subscribeAsync(`voltline/v1/vehicles/${picked}/commands`, { qos: 1 });
  const commandDelivery = async (ruleId: string) => {
    const response = await server.call({
      method: 'GET',
      url: `/api/notifications?filter[ruleId]=${ruleId}&filter[vehicleId]=${picked}`,
      token,
    });
    expectContract('get', '/notifications', response);
    expect((response.json() as { total: number }).total).toBe(1);
    const [notification] = (response.json() as { items: { deliveries: Record<string, unknown>[] }[] }).items;
    return notification?.deliveries.find((d) => d.method === 32);
  };
  try {
    const fault = { code: 'EV-ISO-31', severity: 5, kind: 'Fault', device: 'EV', message: 'Isolation fault' };
    await car.publishAsync(topic(picked), telemetry(Date.now(), [fault], picked), { qos: 1 });
    await expect.poll(() => requests.length, { timeout: 5000, interval: 50 }).toBe(2);
    expect(await commandDelivery(ruleIds.LOCATE as string)).toMatchObject({ status: 'sent' });
    expect(await commandDelivery(ruleIds.MOBILIZE as string)).toMatchObject({ status: 'sent' });

    // The device refuses LOCATE: the command is Failed with its reason, and so is the notification's delivery.
    const commandIdOf = async (ruleId: string) => {
      const response = await server.call({ method: 'GET', url: `/api/commands?filter[ruleId]=${ruleId}`, token });
      const ids = (response.json() as { items: { id: string }[] }).items.map((c) => c.id);
      expect(ids).toHaveLength(1);
      expect(requests.map((r) => r.commandId)).toContain(ids[0]);
      return ids[0] as string;
    };
    const locate = { commandId: await commandIdOf(ruleIds.LOCATE as string) };
    const ack = { v: 1, commandId: locate?.commandId, vehicleUid: picked, status: 3, reason: 'Antenna fault', ts: 0 };
    await car.publishAsync(`voltline/v1/vehicles/${picked}/acks`, JSON.stringify({ ...ack, ts: Date.now() }), {
      qos: 1,
    });
    await expect
      .poll(() => commandDelivery(ruleIds.LOCATE as string), { timeout: 5000, interval: 100 })
      .toMatchObject({ status: 'failed', error: 'Antenna fault' });
    expect(await commandDelivery(ruleIds.MOBILIZE as string)).toMatchObject({ status: 'sent', error: null });

    // MOBILIZE is never answered: once past its expiry (brought forward here), the next read of the history fails it,
    // and its notification says it expired.
    const mobilize = { commandId: await commandIdOf(ruleIds.MOBILIZE as string) };
    await db
      .updateTable('commands')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', mobilize?.commandId as string)
      .execute();
    const history = await server.call({ method: 'GET', url: `/api/commands?filter[vehicleId]=${picked}`, token });
    expect(history.statusCode).toBe(200);
    expect(await commandDelivery(ruleIds.MOBILIZE as string)).toMatchObject({
      status: 'failed',
      error: EXPIRED_REASON,
    });
    expect(await commandDelivery(ruleIds.LOCATE as string)).toMatchObject({ status: 'failed', error: 'Antenna fault' });
  } finally {
    await car.endAsync();
  }
});
