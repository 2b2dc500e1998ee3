import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServiceDeps } from '../../src/deps';
import { type EmbeddedBroker, startEmbeddedBroker } from '../../src/live/broker';
import { createTestServer, type TestServer } from '../helpers';
import { grantedQos } from '../mqtt-test-helpers';

let server: TestServer;
let broker: EmbeddedBroker;
let url: string;

beforeAll(async () => {
  server = await createTestServer();
  // Scoped connections check for changed vehicles every 200 ms here (5 s by default), so a reassignment shows soon.
  broker = await startEmbeddedBroker(createServiceDeps(server.database.db), { scopeCheckMs: 200 });
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

test('a scoped session may subscribe to a vehicle of its scope and to a wildcard vehicle level, not to another OEM', async () => {
  const db = server.database.db;
  const own = await db.selectFrom('vehicles').select('id').where('oem_id', '=', 'oem-01').executeTakeFirstOrThrow();
  const other = await db.selectFrom('vehicles').select('id').where('oem_id', '<>', 'oem-01').executeTakeFirstOrThrow();
  const client = await connect(await server.tokenOf('OEMA'));
  try {
    expect(await grantedQos(client, `voltline/v1/telemetry/+/${own.id}`)).toBe(1);
    expect(await grantedQos(client, `voltline/v1/vehicles/${own.id}/acks`)).toBe(1);
    // The wildcard is granted and filtered per message (the next test); `#` and topics without a vehicle are not.
    expect(await grantedQos(client, 'voltline/v1/telemetry/+/+')).toBe(1);
    expect(await grantedQos(client, 'voltline/v1/telemetry/#')).toBe(128);
    expect(await grantedQos(client, 'voltline/v1/rollouts/+/progress')).toBe(128);
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

/** Telemetry as the server publishes it (what the broker forwards does not depend on the payload). */
const telemetry = (vehicleId: string) =>
  broker.publish(`voltline/v1/telemetry/12-2888-1833/${vehicleId}`, JSON.stringify({ v: 1, vehicleUid: vehicleId }));

test("a scoped wildcard delivers its own vehicles' messages only, and a vehicle moved into the scope after the check", async () => {
  const db = server.database.db;
  const own = await db.selectFrom('vehicles').select('id').where('oem_id', '=', 'oem-01').executeTakeFirstOrThrow();
  const [other, moved] = await db
    .selectFrom('vehicles')
    .select('id')
    .where('oem_id', '<>', 'oem-01')
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  const client = await connect(await server.tokenOf('OEMA'));
  try {
    const received: string[] = [];
    client.on('message', (topic) => received.push(topic.split('/')[4]!));
    expect(await grantedQos(client, 'voltline/v1/telemetry/+/+')).toBe(1);
    // Another OEM's first, then its own: once its own arrived, the other's (same publisher, same order) was dropped.
    await telemetry(other!.id);
    await telemetry(moved!.id);
    await telemetry(own.id);
    await expect.poll(() => received, { timeout: 5_000 }).toContain(own.id);
    expect(received).toEqual([own.id]);

    // Reassigned to the caller's OEM (by SQL: any writer raises the vehicles' version): heard after the next check.
    await db.updateTable('vehicles').set({ oem_id: 'oem-01' }).where('id', '=', moved!.id).execute();
    await expect
      .poll(
        async () => {
          await telemetry(moved!.id);
          return received;
        },
        { timeout: 10_000, interval: 250 },
      )
      .toContain(moved!.id);
    await telemetry(other!.id);
    await telemetry(own.id);
    await expect.poll(() => received.filter((id) => id === own.id).length, { timeout: 5_000 }).toBe(2);
    expect(received).not.toContain(other!.id);
  } finally {
    await client.endAsync();
  }
});

test("a driver's subscription to a vehicle of another fleet is refused (0x80); its own fleet's wildcard is filtered", async () => {
  const db = server.database.db;
  const driver = await db
    .selectFrom('users')
    .select(['driver_id', 'fleet_id'])
    .where('email', '=', 'dr@voltline.demo')
    .executeTakeFirstOrThrow();
  expect(driver.driver_id).not.toBeNull();
  const foreign = await db
    .selectFrom('vehicles')
    .select('id')
    .where((eb) => eb.or([eb('driver_id', '<>', driver.driver_id), eb('driver_id', 'is', null)]))
    .where((eb) => eb.or([eb('fleet_id', '<>', driver.fleet_id ?? ''), eb('fleet_id', 'is', null)]))
    .executeTakeFirstOrThrow();
  const client = await connect(await server.tokenOf('DR'));
  try {
    expect(await grantedQos(client, `voltline/v1/telemetry/+/${foreign.id}`)).toBe(128);
    expect(await grantedQos(client, `voltline/v1/vehicles/${foreign.id}/acks`)).toBe(128);
    const received: string[] = [];
    client.on('message', (topic) => received.push(topic));
    expect(await grantedQos(client, 'voltline/v1/telemetry/12-2888-1833/+')).toBe(1);
    // Another fleet's vehicle, then the driver's own: once its own arrived, the other's was dropped.
    const own = await db
      .selectFrom('vehicles')
      .select('id')
      .where('driver_id', '=', driver.driver_id)
      .executeTakeFirstOrThrow();
    await telemetry(foreign.id);
    await telemetry(own.id);
    await expect.poll(() => received, { timeout: 5_000 }).toHaveLength(1);
    expect(received[0]).toBe(`voltline/v1/telemetry/12-2888-1833/${own.id}`);
    expect(received.some((topic) => topic.endsWith(`/${foreign.id}`))).toBe(false);
  } finally {
    await client.endAsync();
  }
});

test("a driver's or OEM's session is refused (0x80) another fleet's or OEM's notifications and tickets topics, granted its own", async () => {
  const db = server.database.db;
  const driver = await db
    .selectFrom('users')
    .select(['driver_id', 'fleet_id'])
    .where('email', '=', 'dr@voltline.demo')
    .executeTakeFirstOrThrow();
  const own = await db
    .selectFrom('vehicles')
    .select('id')
    .where('driver_id', '=', driver.driver_id)
    .executeTakeFirstOrThrow();
  const foreign = await db
    .selectFrom('vehicles')
    .select('id')
    .where((eb) => eb.or([eb('driver_id', '<>', driver.driver_id), eb('driver_id', 'is', null)]))
    .where((eb) => eb.or([eb('fleet_id', '<>', driver.fleet_id ?? ''), eb('fleet_id', 'is', null)]))
    .executeTakeFirstOrThrow();
  const notifications = (id: string) => `voltline/v1/vehicles/${id}/notifications`;
  const tickets = (id: string) => `voltline/v1/vehicles/${id}/tickets`;

  const drivers = await connect(await server.tokenOf('DR'));
  try {
    expect(await grantedQos(drivers, notifications(foreign.id))).toBe(128);
    expect(await grantedQos(drivers, tickets(foreign.id))).toBe(128);
    expect(await grantedQos(drivers, notifications(own.id))).toBe(1);
    expect(await grantedQos(drivers, tickets(own.id))).toBe(1);
    // The header bell's fleet-wide filter (decision 0137) is granted and delivers its own vehicles' notifications only.
    const received: string[] = [];
    drivers.on('message', (topic) => received.push(topic));
    expect(await grantedQos(drivers, 'voltline/v1/vehicles/+/notifications')).toBe(1);
    await broker.publish(notifications(foreign.id), JSON.stringify({ v: 1, vehicleUid: foreign.id }));
    await broker.publish(notifications(own.id), JSON.stringify({ v: 1, vehicleUid: own.id }));
    await expect
      .poll(() => received.filter((t) => t.endsWith('/notifications')), { timeout: 5_000 })
      .toContain(notifications(own.id));
    expect(received).not.toContain(notifications(foreign.id));
  } finally {
    await drivers.endAsync();
  }

  const oemOwn = await db.selectFrom('vehicles').select('id').where('oem_id', '=', 'oem-01').executeTakeFirstOrThrow();
  const oemOther = await db
    .selectFrom('vehicles')
    .select('id')
    .where('oem_id', '<>', 'oem-01')
    .executeTakeFirstOrThrow();
  const oem = await connect(await server.tokenOf('OEMA'));
  try {
    expect(await grantedQos(oem, notifications(oemOther.id))).toBe(128);
    expect(await grantedQos(oem, tickets(oemOther.id))).toBe(128);
    expect(await grantedQos(oem, notifications(oemOwn.id))).toBe(1);
    expect(await grantedQos(oem, tickets(oemOwn.id))).toBe(1);
  } finally {
    await oem.endAsync();
  }
});
