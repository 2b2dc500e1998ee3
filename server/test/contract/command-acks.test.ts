import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { acknowledgeResultOf } from '../../src/db/seed-source';
import { type EmbeddedBroker, startEmbeddedBroker } from '../../src/live/broker';
import { type CommandLive, startCommandLive } from '../../src/live/command-live';
import { type FleetSimulation, startFleetSimulation } from '../../src/simulator/fleet-simulation';
import { provisionSimulatedVehicles } from '../../src/simulator/provision';
import { EXPIRED_REASON } from '../../src/services/commands/command-expiry';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';
import { grantedQos } from '../mqtt-test-helpers';

/**
 * Commands over MQTT through the real in-process broker (decision 0124): a command sent through the API reaches the
 * simulated vehicle, whose acknowledgement settles it and is published live; what changes nothing is refused.
 */

let server: TestServer;
let broker: EmbeddedBroker | undefined;
let live: CommandLive;
let url: string;
let simulation: FleetSimulation | undefined;
/** An online seeded vehicle whose device accepts SPEED_LIMIT, driven by the fleet simulator. */
let simulated: { id: string; secret: string };
/** Another online vehicle, connected by hand (not simulated). */
let other: { id: string; secret: string };

beforeAll(async () => {
  server = await createTestServer({}, { publish: (topic, message) => broker?.publish(topic, JSON.stringify(message)) });
  broker = await startEmbeddedBroker(server.deps);
  live = await startCommandLive(server.deps.commands, { embedded: broker }, (t, p) => broker!.publish(t, p), {
    sweepMs: 60_000,
  });
  server.app.server.on('upgrade', (request, socket, head) => {
    if (request.url === '/mqtt') broker?.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mqtt`;
  const vehicles = await provisionSimulatedVehicles(server.database.db, server.deps, 1000);
  const accepting = vehicles.filter(
    (v) => v.online && acknowledgeResultOf({ vehicleId: v.id, code: 'SPEED_LIMIT' }, true) === 2,
  );
  // Whose models have SPEED_LIMIT (a send to a model without it is 400): the simulated one of OEM oem-01 (the OEM
  // Admin's, for the scoped listener), the other of another OEM.
  const oems = new Map(
    (await server.database.db.selectFrom('vehicles').select(['id', 'oem_id']).execute()).map((v) => [v.id, v.oem_id]),
  );
  let own: (typeof vehicles)[number] | undefined;
  let foreign: (typeof vehicles)[number] | undefined;
  for (const v of accepting) {
    const isOwn = oems.get(v.id) === 'oem-01';
    if (isOwn ? own : foreign) continue;
    const target = await server.deps.commands.commands.vehicle(v.id, null);
    if (!target?.fitted.some((m) => m.commands.some((c) => c.code === 'SPEED_LIMIT'))) continue;
    if (isOwn) own = v;
    else foreign = v;
    if (own && foreign) break;
  }
  expect(own && foreign).toBeTruthy();
  simulated = own!;
  other = foreign!;
  simulation = await startFleetSimulation({ brokerUrl: url, vehicles: [own!], rateHz: 1 });
  expect(simulation.counters().connected).toBe(1);
});
afterAll(async () => {
  await simulation?.stop();
  await live?.close();
  await broker?.close();
  await server?.close();
});

async function send(vehicleId: string, expiresInS = 60) {
  return server.call({
    method: 'POST',
    url: '/api/commands/send',
    token: await server.tokenOf('SA'),
    payload: {
      target: { vehicleId },
      code: 'SPEED_LIMIT',
      params: { speedKmh: 60 },
      expiresInS,
      idempotencyKey: `key-${crypto.randomUUID()}`,
    },
  });
}

async function commandOf(id: string) {
  const response = await server.call({ method: 'GET', url: `/api/commands/${id}`, token: await server.tokenOf('SA') });
  expectContract('get', '/commands/{id}', response);
  return response.json() as { status: number; acknowledgedAt: string | null; failureReason: string | null };
}

function connect(username: string, password: string): Promise<mqtt.MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { username, password, reconnectPeriod: 0, connectTimeout: 10_000 });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

/** A portal (Super Admin unless told) listening to a vehicle's acknowledgement topic: what it hears, parsed. */
async function listen(vehicleId: string, role = 'SA') {
  const client = await connect('portal', await server.tokenOf(role));
  const heard: Record<string, unknown>[] = [];
  client.on('message', (_topic, payload) => heard.push(JSON.parse(payload.toString()) as Record<string, unknown>));
  await client.subscribeAsync(`voltline/v1/vehicles/${vehicleId}/acks`, { qos: 1 });
  return { heard, close: () => client.endAsync() };
}

test('a command sent through the API reaches the simulated vehicle; its ack makes it Success, published live', async () => {
  const portal = await listen(simulated.id);
  try {
    const before = live.counters().settled;
    const sent = await send(simulated.id);
    expect(sent.statusCode, sent.body).toBe(201);
    const [command] = (sent.json() as { commands: { id: string; status: number }[] }).commands;
    expect(command!.status).toBe(1);
    // The simulated device answers after 2 to 5 s.
    await expect.poll(() => commandOf(command!.id).then((c) => c.status), { timeout: 10_000, interval: 200 }).toBe(2);
    expect((await commandOf(command!.id)).acknowledgedAt).toEqual(expect.any(String));
    expect(simulation!.counters()).toMatchObject({ commands: 1, answered: 1 });
    // The status is committed before the handler counts it: wait for the handler to finish the message.
    await live.idle();
    expect(live.counters().settled).toBe(before + 1);
    // The portal hears the status the server decided, once (the vehicle's own message goes to the server only).
    await expect
      .poll(() => portal.heard, { timeout: 5_000 })
      .toEqual([
        {
          v: 1,
          commandId: command!.id,
          vehicleUid: simulated.id,
          deviceUid: expect.any(String),
          status: 2,
          ts: expect.any(Number),
        },
      ]);
  } finally {
    await portal.close();
  }
});

test("an OEM Admin subscribes per vehicle (decision 0125): its own vehicle's status arrives; another OEM's is 0x80", async () => {
  const probe = await connect('portal', await server.tokenOf('OEMA'));
  try {
    // The command history subscribes to a pending row's vehicle. The fleet-wide filter is granted too, filtered to the
    // caller's vehicles per message (decision 0125, "Scoped wildcards on the server", broker.test.ts); another OEM's
    // vehicle by name is refused.
    expect(await grantedQos(probe, 'voltline/v1/vehicles/+/acks')).toBe(1);
    expect(await grantedQos(probe, `voltline/v1/vehicles/${other.id}/acks`)).toBe(128);
  } finally {
    await probe.endAsync();
  }
  const portal = await listen(simulated.id, 'OEMA');
  try {
    const sent = await send(simulated.id);
    expect(sent.statusCode, sent.body).toBe(201);
    const [command] = (sent.json() as { commands: { id: string }[] }).commands;
    await expect
      .poll(() => portal.heard.map((m) => [m.commandId, m.vehicleUid, m.status]), { timeout: 10_000 })
      .toEqual([[command!.id, simulated.id, 2]]);
    expect((await commandOf(command!.id)).status).toBe(2);
  } finally {
    await portal.close();
  }
});

test("an ack for another vehicle's command is refused: on its topic the broker drops it, on its own it changes nothing", async () => {
  const sent = await send(simulated.id);
  const [command] = (sent.json() as { commands: { id: string }[] }).commands;
  const portal = await listen(simulated.id);
  const intruder = await connect(other.id, other.secret);
  try {
    const ack = (vehicleUid: string) =>
      JSON.stringify({ v: 1, commandId: command!.id, vehicleUid, status: 3, reason: 'forged', ts: Date.now() });
    // Its own topic, naming the other vehicle's command: received, refused as `other-vehicle`.
    const before = live.counters().dropped['other-vehicle'] ?? 0;
    await intruder.publishAsync(`voltline/v1/vehicles/${other.id}/acks`, ack(other.id), { qos: 1 });
    await expect.poll(() => live.counters().dropped['other-vehicle'] ?? 0, { timeout: 5_000 }).toBe(before + 1);
    // The other vehicle's topic: the broker refuses the publish and closes the connection.
    intruder.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
    intruder.publish(`voltline/v1/vehicles/${simulated.id}/acks`, ack(simulated.id), { qos: 1 });
    await closed;
    // The simulated vehicle's own answer settles it, as if nothing had happened.
    await expect.poll(() => commandOf(command!.id).then((c) => c.status), { timeout: 10_000, interval: 200 }).toBe(2);
    await expect
      .poll(() => portal.heard.map((m) => [m.commandId, m.status]), { timeout: 5_000 })
      .toEqual([[command!.id, 2]]);
  } finally {
    intruder.end(true);
    await portal.close();
  }
});

test('malformed and unknown acknowledgements are counted and dropped; the consumer keeps working', async () => {
  const vehicle = await connect(other.id, other.secret);
  try {
    const topic = `voltline/v1/vehicles/${other.id}/acks`;
    const before = live.counters();
    await vehicle.publishAsync(topic, 'not json', { qos: 1 });
    await vehicle.publishAsync(topic, JSON.stringify({ v: 1, commandId: 'x', status: 7 }), { qos: 1 });
    await vehicle.publishAsync(
      topic,
      JSON.stringify({ v: 1, commandId: 'cmd-none', vehicleUid: other.id, status: 2, ts: Date.now() }),
      { qos: 1 },
    );
    await vehicle.publishAsync(
      topic,
      JSON.stringify({ v: 1, commandId: 'cmd-none', vehicleUid: simulated.id, status: 2, ts: Date.now() }),
      { qos: 1 },
    );
    await expect.poll(() => live.counters().received, { timeout: 5_000 }).toBe(before.received + 4);
    await live.idle();
    const after = live.counters();
    const delta = (reason: string) =>
      (after.dropped[reason as keyof typeof after.dropped] ?? 0) -
      (before.dropped[reason as keyof typeof before.dropped] ?? 0);
    expect([
      delta('invalid-json'),
      delta('invalid-payload'),
      delta('unknown-command'),
      delta('topic-mismatch'),
    ]).toEqual([1, 1, 1, 1]);
    expect(after.settled).toBe(before.settled);
  } finally {
    await vehicle.endAsync();
  }
});

test('an ack after expiry changes nothing; the expired command is swept without a read and published Failed', async () => {
  // A command to the vehicle nobody simulates: it never answers.
  const sent = await send(other.id, 30);
  const [command] = (sent.json() as { commands: { id: string }[] }).commands;
  const portal = await listen(other.id);
  try {
    // Its deadline passes (moved, rather than waiting 30 s).
    await server.database.db
      .updateTable('commands')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', command!.id)
      .execute();
    // Its vehicle answers after the deadline, before any sweep or read: refused as `expired`, nothing published.
    const late = await connect(other.id, other.secret);
    const expiredBefore = live.counters().dropped.expired ?? 0;
    await late.publishAsync(
      `voltline/v1/vehicles/${other.id}/acks`,
      JSON.stringify({ v: 1, commandId: command!.id, vehicleUid: other.id, status: 2, ts: Date.now() }),
      { qos: 1 },
    );
    await late.endAsync();
    await expect.poll(() => live.counters().dropped.expired ?? 0, { timeout: 5_000 }).toBe(expiredBefore + 1);
    expect(portal.heard).toEqual([]);
    expect(await live.sweep()).toBeGreaterThanOrEqual(1);
    const row = await server.database.db
      .selectFrom('commands')
      .select(['status', 'failure_reason'])
      .where('id', '=', command!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 3, failure_reason: EXPIRED_REASON });
    await expect
      .poll(() => portal.heard, { timeout: 5_000 })
      .toEqual([
        {
          v: 1,
          commandId: command!.id,
          vehicleUid: other.id,
          deviceUid: expect.any(String),
          status: 3,
          reason: EXPIRED_REASON,
          ts: expect.any(Number),
        },
      ]);
    // The vehicle answers too late: nothing changes, nothing more is published.
    const vehicle = await connect(other.id, other.secret);
    const before = live.counters().dropped.settled ?? 0;
    await vehicle.publishAsync(
      `voltline/v1/vehicles/${other.id}/acks`,
      JSON.stringify({ v: 1, commandId: command!.id, vehicleUid: other.id, status: 2, ts: Date.now() }),
      { qos: 1 },
    );
    await vehicle.endAsync();
    await expect.poll(() => live.counters().dropped.settled ?? 0, { timeout: 5_000 }).toBe(before + 1);
    expect((await commandOf(command!.id)).status).toBe(3);
    expect(portal.heard).toHaveLength(1);
  } finally {
    await portal.close();
  }
});
