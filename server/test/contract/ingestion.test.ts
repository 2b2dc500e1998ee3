import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from '../../src/live/broker';
import { consumeEmbedded, type TelemetryConsumer } from '../../src/live/telemetry-consumer';
import { authenticate } from '../../src/services/auth/authenticate';
import { issueVehicleSecret } from '../../src/services/ingestion/vehicle-secret';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';
import { telemetry, telemetryTopic } from '../mqtt-test-helpers';

let server: TestServer;
let broker: EmbeddedBroker;
let consumer: TelemetryConsumer;
let url: string;
let own: { id: string; secret: string };
let other: { id: string; secret: string };

beforeAll(async () => {
  server = await createTestServer();
  broker = await startEmbeddedBroker(server.deps);
  consumer = await consumeEmbedded(broker.aedes, server.deps.ingestion, { flushMs: 250 });
  server.app.server.on('upgrade', (request, socket, head) => {
    if (request.url === '/mqtt') broker.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mqtt`;
  const admin = await authenticate(server.deps.auth, await server.tokenOf('SA'), { ip: null, userAgent: null });
  const ids = await server.database.db.selectFrom('vehicles').select('id').orderBy('id').limit(2).execute();
  const issue = async (vehicleId: string) => {
    const { secret } = await issueVehicleSecret(server.deps.ingestion, admin, { vehicleId });
    return { id: vehicleId, secret };
  };
  own = await issue(ids[0]!.id);
  other = await issue(ids[1]!.id);
});
afterAll(async () => {
  await broker?.close();
  await consumer?.close();
  await server?.close();
});

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

const iso = (ms: number) => new Date(ms).toISOString();

test('a vehicle connects only with its own device secret (CONNACK 4 otherwise)', async () => {
  await expect(connect(own.id, other.secret)).rejects.toMatchObject({ code: 4 });
  await expect(connect('no-such-vehicle', own.secret)).rejects.toMatchObject({ code: 4 });
  await expect(connect(own.id, `${own.secret}x`)).rejects.toMatchObject({ code: 4 });
  const vehicle = await connect(own.id, own.secret);
  await vehicle.endAsync();
});

test("a vehicle's telemetry is in its history and its row within a second", async () => {
  const vehicle = await connect(own.id, own.secret);
  try {
    const ts = Date.now();
    const published = performance.now();
    await vehicle.publishAsync(telemetryTopic(own.id), telemetry(own.id, ts, 63.5), { qos: 1 });
    const token = await server.tokenOf('SA');
    const series = async () => {
      const response = await server.call({
        method: 'GET',
        url: `/api/vehicles/${own.id}/telemetry?from=${iso(ts - 1000)}&to=${iso(ts)}&points=2&keys=soc,speed`,
        token,
      });
      expectContract('get', '/vehicles/{id}/telemetry', response);
      return (response.json().items as { key: string; points: [number, number][] }[]).map((s) => [s.key, s.points]);
    };
    await expect.poll(series, { timeout: 1000, interval: 50 }).toEqual([
      ['speed', [[ts, 41.5]]],
      ['soc', [[ts, 63.5]]],
    ]);
    expect(performance.now() - published).toBeLessThan(1000);
    const detail = await server.call({ method: 'GET', url: `/api/vehicles/${own.id}`, token });
    expectContract('get', '/vehicles/{id}', detail);
    expect(detail.json()).toMatchObject({
      id: own.id,
      soc: 63.5,
      stateCode: 66,
      isLive: true,
      odometerKm: 12345.6,
      lastSeenAt: iso(ts),
      lastLocation: { lat: 18.5311, lng: 73.8442 },
    });
  } finally {
    await vehicle.endAsync();
  }
});

test("a publish on another vehicle's topic is refused: no subscriber gets it, nothing is written", async () => {
  const db = server.database.db;
  const before = await db.selectFrom('vehicles').selectAll().where('id', '=', other.id).executeTakeFirstOrThrow();
  const rowsBefore = await db.selectFrom('telemetry').select('at').where('subject_id', '=', other.id).execute();
  const listener = await connect('portal', await server.tokenOf('SA'));
  const intruder = await connect(own.id, own.secret);
  try {
    const received: string[] = [];
    listener.on('message', (topic) => received.push(topic));
    await listener.subscribeAsync('voltline/v1/telemetry/+/+', { qos: 1 });
    intruder.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
    intruder.publish(telemetryTopic(other.id), telemetry(other.id, Date.now(), 12), { qos: 1 });
    // The broker drops a client whose publish it refuses: once closed, that publish was handled.
    const refused = await Promise.race([closed.then(() => true), new Promise((r) => setTimeout(() => r(false), 5000))]);
    expect(refused).toBe(true);
    // The vehicle's own publish after it goes through to the same listener, so the listener works.
    const again = await connect(other.id, other.secret);
    const ts = Date.now();
    await again.publishAsync(telemetryTopic(other.id), telemetry(other.id, ts, 55), { qos: 1 });
    await again.endAsync();
    await expect.poll(() => received, { timeout: 5_000 }).toEqual([telemetryTopic(other.id)]);
    await consumer.flush();
    const after = await db.selectFrom('vehicles').selectAll().where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(after.soc).toBe(55);
    const rowsAfter = await db.selectFrom('telemetry').select('at').where('subject_id', '=', other.id).execute();
    expect(rowsAfter.map((r) => r.at.getTime()).filter((at) => !rowsBefore.some((b) => b.at.getTime() === at))).toEqual(
      [ts],
    );
    expect(before.soc).not.toBe(12);
  } finally {
    await listener.endAsync();
    intruder.end(true);
  }
});

test('a vehicle may subscribe to its own command topic only, and may not publish commands', async () => {
  const vehicle = await connect(own.id, own.secret);
  try {
    const granted = await vehicle.subscribeAsync(`voltline/v1/vehicles/${own.id}/commands`, { qos: 1 });
    expect(granted[0]?.qos).toBe(1);
    const refused = await vehicle
      .subscribeAsync(`voltline/v1/vehicles/${other.id}/commands`, { qos: 1 })
      .then((g) => g[0]?.qos)
      .catch((error: { packet?: { granted?: number[] } }) => error.packet?.granted?.[0]);
    expect(refused).toBe(128);
  } finally {
    await vehicle.endAsync();
  }
});

test('malformed, mismatched and late messages are counted and dropped; the consumer keeps writing', async () => {
  const vehicle = await connect(own.id, own.secret);
  try {
    const start = consumer.counters();
    const ts = Date.now();
    await vehicle.publishAsync(telemetryTopic(own.id), 'not json', { qos: 1 });
    await vehicle.publishAsync(telemetryTopic(own.id), telemetry(own.id, ts, 140), { qos: 1 });
    await vehicle.publishAsync(telemetryTopic(own.id), telemetry(other.id, ts, 50), { qos: 1 });
    await vehicle.publishAsync(telemetryTopic(own.id), telemetry(own.id, ts - 3_600_000, 50), { qos: 1 });
    await vehicle.publishAsync(telemetryTopic(own.id), telemetry(own.id, ts + 1, 44), { qos: 1 });
    await consumer.flush();
    const end = consumer.counters();
    expect(end.received - start.received).toBe(5);
    expect(end.written - start.written).toBe(1);
    for (const reason of ['invalid-json', 'invalid-payload', 'topic-mismatch', 'out-of-order'] as const) {
      expect(end.dropped[reason] - start.dropped[reason]).toBe(1);
    }
    const row = await server.database.db
      .selectFrom('vehicles')
      .select(['soc', 'last_seen_at'])
      .where('id', '=', own.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ soc: 44, last_seen_at: new Date(ts + 1) });
  } finally {
    await vehicle.endAsync();
  }
});

test('only a platform account issues a secret; a new secret replaces the old one', async () => {
  const oem = await authenticate(server.deps.auth, await server.tokenOf('OEMA'), { ip: null, userAgent: null });
  await expect(issueVehicleSecret(server.deps.ingestion, oem, { vehicleId: own.id })).rejects.toMatchObject({
    code: 'forbidden',
  });
  const admin = await authenticate(server.deps.auth, await server.tokenOf('SA'), { ip: null, userAgent: null });
  await expect(issueVehicleSecret(server.deps.ingestion, admin, { vehicleId: 'veh-none' })).rejects.toMatchObject({
    code: 'not_found',
  });
  const stored = await server.database.db
    .selectFrom('vehicle_credentials')
    .select('secret_hash')
    .where('vehicle_id', '=', own.id)
    .executeTakeFirstOrThrow();
  expect(stored.secret_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(stored.secret_hash).not.toContain(own.secret.slice(5, 20));
  const previous = own.secret;
  own = { id: own.id, secret: (await issueVehicleSecret(server.deps.ingestion, admin, { vehicleId: own.id })).secret };
  await expect(connect(own.id, previous)).rejects.toMatchObject({ code: 4 });
  const vehicle = await connect(own.id, own.secret);
  await vehicle.endAsync();
});
