import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from '../../src/live/broker';
import { type BrokerRelay, relayExternal } from '../../src/live/broker-relay';
import { type CommandLive, startCommandLive } from '../../src/live/command-live';
import { connectExternalBroker, type ExternalBroker } from '../../src/live/external-broker';
import { consumeExternal, type TelemetryConsumer } from '../../src/live/telemetry-consumer';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';
import { grantedQos, telemetry, telemetryTopic } from '../mqtt-test-helpers';
import { type Mosquitto, startMosquitto } from '../mosquitto-broker';

/**
 * The external broker path (MQTT_URL) through Debian's Mosquitto (issue 35 item 5): vehicles speak MQTT over TCP to
 * Mosquitto (its password file and ACL, as docs/operating.md configures it), two server processes consume by the
 * same `$share` group, and browsers connect to the server's `/mqtt`, fed from Mosquitto by the relay.
 */

let server: TestServer;
let mosquitto: Mosquitto;
/** Two server processes' clients on Mosquitto, each with its telemetry consumer (one `$share` group). */
const processes: { broker: ExternalBroker; consumer: TelemetryConsumer }[] = [];
let commandLive: CommandLive;
let browsers: EmbeddedBroker;
let relay: BrokerRelay;
let wsUrl: string;
/** The demo driver's vehicle, and a vehicle of another fleet. */
let own: string;
let foreign: string;
/** A vehicle whose device takes SPEED_LIMIT. */
let commanded: string;

beforeAll(async () => {
  server = await createTestServer(
    {},
    { publish: (topic, message) => processes[0]?.broker.publish(topic, JSON.stringify(message)) },
  );
  const db = server.database.db;
  const driver = await db
    .selectFrom('users')
    .select(['driver_id', 'fleet_id'])
    .where('email', '=', 'dr@voltline.demo')
    .executeTakeFirstOrThrow();
  own = (
    await db.selectFrom('vehicles').select('id').where('driver_id', '=', driver.driver_id).executeTakeFirstOrThrow()
  ).id;
  foreign = (
    await db
      .selectFrom('vehicles')
      .select('id')
      .where((eb) => eb.or([eb('driver_id', '<>', driver.driver_id), eb('driver_id', 'is', null)]))
      .where((eb) => eb.or([eb('fleet_id', '<>', driver.fleet_id ?? ''), eb('fleet_id', 'is', null)]))
      .executeTakeFirstOrThrow()
  ).id;
  for (const { id } of await db.selectFrom('vehicles').select('id').orderBy('id').execute()) {
    const target = await server.deps.commands.commands.vehicle(id, null);
    if (target?.fitted.some((m) => m.commands.some((c) => c.code === 'SPEED_LIMIT'))) {
      commanded = id;
      break;
    }
  }
  expect(commanded).toBeDefined();

  mosquitto = await startMosquitto([own, foreign, commanded]);
  for (let i = 0; i < 2; i++) {
    const broker = connectExternalBroker(mosquitto.serverUrl);
    processes.push({ broker, consumer: consumeExternal(broker.client, server.deps.ingestion, { flushMs: 50 }) });
  }
  const first = processes[0]!.broker;
  commandLive = await startCommandLive(server.deps.commands, { external: first.client }, first.publish, {
    sweepMs: 60_000,
  });
  browsers = await startEmbeddedBroker(server.deps, { vehicles: false });
  relay = relayExternal(mosquitto.serverUrl, browsers);
  server.app.server.on('upgrade', (request, socket, head) => {
    if (request.url === '/mqtt') browsers.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  wsUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mqtt`;
  await relay.ready;
  for (const { broker } of processes) {
    if (!broker.isUp()) await new Promise((resolve) => broker.client.once('connect', resolve));
    // Mosquitto answers a connection's packets in order: once this round trip is back, the consumers' subscriptions
    // (sent on connect) are in place.
    await broker.client.unsubscribeAsync('voltline/v1/sync');
  }
});
afterAll(async () => {
  await relay?.close();
  await browsers?.close();
  await commandLive?.close();
  for (const { broker, consumer } of processes) {
    await broker.close();
    await consumer.close();
  }
  await mosquitto?.stop();
  await server?.close();
});

function connect(url: string, username: string, password: string): Promise<mqtt.MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { username, password, reconnectPeriod: 0, connectTimeout: 10_000 });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}
/** A vehicle on Mosquitto over TCP, with its password from Mosquitto's password file. */
const vehicle = (id: string) => connect(mosquitto.url, id, mosquitto.passwords.get(id) ?? '');

const storedAt = async (vehicleId: string) =>
  (await server.database.db.selectFrom('telemetry').select('at').where('subject_id', '=', vehicleId).execute()).map(
    (row) => new Date(row.at).getTime(),
  );

test("Mosquitto refuses an unknown account or a wrong password (CONNACK 5: its password file, not the server's)", async () => {
  await expect(connect(mosquitto.url, own, 'wrong')).rejects.toMatchObject({ code: 5 });
  await expect(connect(mosquitto.url, 'no-such-vehicle', 'x')).rejects.toMatchObject({ code: 5 });
});

test("a vehicle's telemetry over TCP is stored once by two server processes sharing the `$share` group", async () => {
  const client = await vehicle(own);
  try {
    const before = await storedAt(own);
    const counts = () => processes.map(({ consumer }) => consumer.counters().received);
    const received = counts();
    const start = Date.now();
    const sent: number[] = [];
    for (let i = 0; i < 4; i++) {
      // One at a time: the group splits a vehicle's stream between processes, and each writes it (no reordering).
      const ts = start + i;
      await client.publishAsync(telemetryTopic(own), telemetry(own, ts, 60 + i), { qos: 1 });
      sent.push(ts);
      await expect.poll(() => storedAt(own), { timeout: 5_000, interval: 20 }).toContain(ts);
    }
    expect((await storedAt(own)).filter((at) => !before.includes(at)).sort()).toEqual(sent);
    const split = counts().map((count, i) => count - received[i]!);
    // Each message went to one process of the group only, and both took some.
    expect(split[0]! + split[1]!).toBe(4);
    expect(split.every((count) => count > 0)).toBe(true);
    const detail = await server.call({ method: 'GET', url: `/api/vehicles/${own}`, token: await server.tokenOf('SA') });
    expectContract('get', '/vehicles/{id}', detail);
    expect(detail.json()).toMatchObject({ soc: 63, isLive: true, lastSeenAt: new Date(sent[3]!).toISOString() });
  } finally {
    await client.endAsync();
  }
});

test("Mosquitto's ACL refuses a vehicle's publish on another vehicle's topic: nothing is stored", async () => {
  const client = await vehicle(own);
  const spy = await vehicle(foreign);
  try {
    const before = await storedAt(foreign);
    const received = processes.map(({ consumer }) => consumer.counters().received);
    const ts = Date.now() + 10_000;
    // Mosquitto takes a denied QoS 1 publish (PUBACK) and forwards it to no one.
    await client.publishAsync(telemetryTopic(foreign), telemetry(foreign, ts, 12), { qos: 1 });
    await client.publishAsync(telemetryTopic(foreign), telemetry(own, ts, 12), { qos: 1 });
    // Nor may a vehicle read another's commands: the subscription is taken, nothing is delivered.
    const heard: string[] = [];
    spy.on('message', (topic) => heard.push(topic));
    await spy.subscribeAsync(`voltline/v1/vehicles/${own}/commands`, { qos: 1 });
    await processes[0]!.broker.publish(`voltline/v1/vehicles/${own}/commands`, '{}');
    // Its own telemetry after it arrives, so the refused ones had their chance to arrive first.
    const later = Date.now() + 20_000;
    await spy.publishAsync(telemetryTopic(foreign), telemetry(foreign, later, 13), { qos: 1 });
    await expect.poll(() => storedAt(foreign), { timeout: 5_000, interval: 20 }).toContain(later);
    expect((await storedAt(foreign)).filter((at) => !before.includes(at))).toEqual([later]);
    const taken = processes.map(({ consumer }, i) => consumer.counters().received - received[i]!);
    expect(taken[0]! + taken[1]!).toBe(1);
    expect(heard).toEqual([]);
  } finally {
    await client.endAsync();
    await spy.endAsync();
  }
});

test("a browser on the server's /mqtt hears its own fleet's telemetry from Mosquitto; another fleet's is 0x80", async () => {
  // A device secret is for Mosquitto now: the server's /mqtt takes browsers only.
  await expect(connect(wsUrl, own, 'vsec_x')).rejects.toMatchObject({ code: 5 });
  const browser = await connect(wsUrl, 'portal', await server.tokenOf('DR'));
  const car = await vehicle(own);
  const other = await vehicle(foreign);
  try {
    expect(await grantedQos(browser, `voltline/v1/telemetry/+/${foreign}`)).toBe(128);
    expect(await grantedQos(browser, `voltline/v1/vehicles/${foreign}/acks`)).toBe(128);
    const heard: string[] = [];
    browser.on('message', (topic) => heard.push(topic));
    expect(await grantedQos(browser, 'voltline/v1/telemetry/12-2888-1833/+')).toBe(1);
    const ts = Date.now() + 30_000;
    await other.publishAsync(telemetryTopic(foreign), telemetry(foreign, ts, 20), { qos: 1 });
    await car.publishAsync(telemetryTopic(own), telemetry(own, ts, 21), { qos: 1 });
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual([telemetryTopic(own)]);
  } finally {
    await browser.endAsync();
    await car.endAsync();
    await other.endAsync();
  }
});

test('a command sent through the API reaches the vehicle through Mosquitto; its ack settles it, published to browsers', async () => {
  const car = await vehicle(commanded);
  const browser = await connect(wsUrl, 'portal', await server.tokenOf('SA'));
  try {
    const requests: Record<string, unknown>[] = [];
    car.on('message', (_topic, payload) => {
      const request = JSON.parse(payload.toString()) as Record<string, unknown>;
      requests.push(request);
      const ack = { v: 1, commandId: request.commandId, vehicleUid: commanded, status: 2, ts: Date.now() };
      void car.publishAsync(`voltline/v1/vehicles/${commanded}/acks`, JSON.stringify(ack), { qos: 1 });
    });
    expect(await grantedQos(car, `voltline/v1/vehicles/${commanded}/commands`)).toBe(1);
    const heard: Record<string, unknown>[] = [];
    browser.on('message', (_topic, payload) => heard.push(JSON.parse(payload.toString()) as Record<string, unknown>));
    expect(await grantedQos(browser, `voltline/v1/vehicles/${commanded}/acks`)).toBe(1);
    const sent = await server.call({
      method: 'POST',
      url: '/api/commands/send',
      token: await server.tokenOf('SA'),
      payload: {
        target: { vehicleId: commanded },
        code: 'SPEED_LIMIT',
        params: { speedKmh: 60 },
        expiresInS: 60,
        idempotencyKey: `key-${crypto.randomUUID()}`,
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [command] = (sent.json() as { commands: { id: string }[] }).commands;
    const statusOf = async () => {
      const response = await server.call({
        method: 'GET',
        url: `/api/commands/${command!.id}`,
        token: await server.tokenOf('SA'),
      });
      expectContract('get', '/commands/{id}', response);
      return (response.json() as { status: number }).status;
    };
    await expect.poll(statusOf, { timeout: 5_000, interval: 50 }).toBe(2);
    expect(requests).toMatchObject([{ commandId: command!.id }]);
    // The browser hears the status the server decided, once: the vehicle's own acknowledgement is not relayed.
    await expect
      .poll(() => heard, { timeout: 5_000 })
      .toEqual([expect.objectContaining({ commandId: command!.id, vehicleUid: commanded, status: 2 })]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toHaveLength(1);
  } finally {
    await car.endAsync();
    await browser.endAsync();
  }
});

test('MQTT_URL: the server connects to an external broker and reports when it is down', async () => {
  // A broker of its own, so that stopping it leaves the others' alone.
  const lone = await startMosquitto([]);
  const broker = connectExternalBroker(lone.serverUrl);
  try {
    await expect.poll(() => broker.isUp(), { timeout: 10_000 }).toBe(true);
    await lone.stop();
    await expect.poll(() => broker.isUp(), { timeout: 10_000 }).toBe(false);
  } finally {
    await broker.close();
    await lone.stop();
  }
});
