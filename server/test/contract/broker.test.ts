import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServiceDeps } from '../../src/deps';
import { type EmbeddedBroker, startEmbeddedBroker } from '../../src/live/broker';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
let broker: EmbeddedBroker;
let url: string;

beforeAll(async () => {
  server = await createTestServer();
  broker = await startEmbeddedBroker(createServiceDeps(server.database.db));
  server.app.server.on('upgrade', (request, socket, head) => {
    if (request.url === '/mqtt') broker.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mqtt`;
});
afterAll(async () => {
  await broker?.close();
  await server?.close();
});

function connect(password: string): Promise<mqtt.MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { username: 'portal', password, reconnectPeriod: 0, connectTimeout: 10_000 });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

/** The QoS the broker granted, or 128 when it refused the filter (mqtt.js reports a refusal as an error). */
async function grantedQos(client: mqtt.MqttClient, topic: string): Promise<number> {
  try {
    const granted = await client.subscribeAsync(topic, { qos: 1 });
    return granted[0]?.qos ?? -1;
  } catch (error) {
    const packet = (error as { packet?: { granted?: number[] } }).packet;
    if (packet?.granted?.[0] === 128) return 128;
    throw error;
  }
}

test('the broker refuses a connection without a valid session token (CONNACK 4)', async () => {
  await expect(connect('vl_not-a-session')).rejects.toMatchObject({ code: 4 });
});

test('a platform session may subscribe to the whole fleet', async () => {
  const client = await connect(await server.tokenOf('SA'));
  try {
    expect(await grantedQos(client, 'voltline/v1/telemetry/+/+')).toBe(1);
  } finally {
    await client.endAsync();
  }
});

test('a scoped session may subscribe to a vehicle of its scope, not to a wildcard or another OEM', async () => {
  const db = server.database.db;
  const own = await db.selectFrom('vehicles').select('id').where('oem_id', '=', 'oem-01').executeTakeFirstOrThrow();
  const other = await db.selectFrom('vehicles').select('id').where('oem_id', '<>', 'oem-01').executeTakeFirstOrThrow();
  const client = await connect(await server.tokenOf('OEMA'));
  try {
    expect(await grantedQos(client, `voltline/v1/telemetry/+/${own.id}`)).toBe(1);
    expect(await grantedQos(client, `voltline/v1/vehicles/${own.id}/acks`)).toBe(1);
    expect(await grantedQos(client, 'voltline/v1/telemetry/+/+')).toBe(128);
    expect(await grantedQos(client, `voltline/v1/telemetry/+/${other.id}`)).toBe(128);
  } finally {
    await client.endAsync();
  }
});

test('a session cannot publish: a subscriber never receives its message', async () => {
  const listener = await connect(await server.tokenOf('SA'));
  const talker = await connect(await server.tokenOf('SE'));
  try {
    const received: string[] = [];
    listener.on('message', (topic) => received.push(topic));
    await grantedQos(listener, 'voltline/v1/vehicles/+/commands');
    talker.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => talker.once('close', () => resolve()));
    talker.publish('voltline/v1/vehicles/veh-000001/commands', '{}', { qos: 1 });
    // The broker drops a client whose publish it refuses: once closed, that publish was handled.
    await closed;
    // A message the server itself publishes goes through, so the subscription works.
    broker.aedes.publish(
      {
        cmd: 'publish',
        topic: 'voltline/v1/vehicles/veh-000002/commands',
        payload: Buffer.from('{}'),
        qos: 0,
        retain: false,
        dup: false,
      },
      () => undefined,
    );
    await expect.poll(() => received, { timeout: 5_000 }).toContain('voltline/v1/vehicles/veh-000002/commands');
    expect(received).not.toContain('voltline/v1/vehicles/veh-000001/commands');
  } finally {
    await listener.endAsync();
    talker.end(true);
  }
});

test("the server's publish (the commands' port, start.ts) reaches a session subscribed to the vehicle's command topic", async () => {
  const listener = await connect(await server.tokenOf('SA'));
  try {
    const received: { topic: string; payload: string }[] = [];
    listener.on('message', (topic, payload) => received.push({ topic, payload: payload.toString() }));
    await grantedQos(listener, 'voltline/v1/vehicles/+/commands');
    const request = { v: 1, commandId: 'cmd-1', vehicleUid: 'veh-000003', kind: 'Device', name: 'LOCATE', ts: 1 };
    await broker.publish('voltline/v1/vehicles/veh-000003/commands', JSON.stringify(request));
    await expect
      .poll(() => received, { timeout: 5_000 })
      .toEqual([{ topic: 'voltline/v1/vehicles/veh-000003/commands', payload: JSON.stringify(request) }]);
  } finally {
    await listener.endAsync();
  }
});
