import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from '../../src/live/broker';
import { type FirmwareLive, startFirmwareLive } from '../../src/live/firmware-live';
import { provisionSimulatedVehicles } from '../../src/simulator/provision';
import { createTestServer, type TestServer } from '../helpers';

/**
 * Firmware installs over MQTT through the real in-process broker (decision 0127): a rollout's job sends the install
 * request to the vehicle; the device's OTA progress, published by that vehicle, installs it; what another vehicle
 * claims is refused by the broker or by the rule.
 */

let server: TestServer;
let broker: EmbeddedBroker | undefined;
let live: FirmwareLive;
let url: string;
let secrets: Map<string, string>;

beforeAll(async () => {
  server = await createTestServer({}, { publish: (topic, message) => broker?.publish(topic, JSON.stringify(message)) });
  broker = await startEmbeddedBroker(server.deps);
  // Its worker starts in the test, once the vehicle listens (a request published before would be lost).
  live = await startFirmwareLive(server.database.db, server.deps.rollouts, { embedded: broker }, { pollMs: 200 });
  server.app.server.on('upgrade', (request, socket, head) => {
    if (request.url === '/mqtt') broker?.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mqtt`;
  const vehicles = await provisionSimulatedVehicles(server.database.db, server.deps, 1000);
  secrets = new Map(vehicles.map((v) => [v.id, v.secret]));
  // Every vehicle connected, so that no device waits as Device Offline.
  await server.database.db.updateTable('vehicles').set({ is_live: true }).execute();
});
afterAll(async () => {
  await live?.close();
  await broker?.close();
  await server?.close();
});

function connect(username: string): Promise<mqtt.MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, {
      username,
      password: secrets.get(username) ?? '',
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

interface OtaUpdate {
  id: string;
  deviceId: string;
  vehicleId: string;
  releaseId: string;
  phase: string;
  progress: number;
  toVersion: string;
}

test('the install request reaches the vehicle; its device’s progress installs it; another vehicle’s claims change nothing', async () => {
  const token = await server.tokenOf('SA');
  const releases = (await server.call({ method: 'GET', url: '/api/firmware-releases?pageSize=100', token })).json() as {
    items: { id: string }[];
  };
  const policy = {
    canaryPercent: 0,
    waveSize: 10_000,
    pauseBetweenWavesSec: 0,
    failureThresholdPercent: 100,
    minFinishedCount: 1,
    timeoutSec: 600,
    maxRetries: 0,
    preconditions: { minSoc: 0, parked: false, notCharging: false, ignitionOff: false, connected: false },
  };
  let rolloutId = '';
  for (const release of releases.items) {
    const started = await server.call({
      method: 'POST',
      url: '/api/firmware-rollouts',
      token,
      payload: { releaseId: release.id, target: { kind: 'filter', filter: {} }, policy },
    });
    if (started.statusCode === 201 && (started.json() as { deviceCount: number }).deviceCount >= 2) {
      rolloutId = (started.json() as { id: string }).id;
      break;
    }
  }
  expect(rolloutId).not.toBe('');
  const devices = async () =>
    (
      await server.call({ method: 'GET', url: `/api/firmware-rollouts/${rolloutId}/devices?pageSize=100`, token })
    ).json() as { items: OtaUpdate[] };
  const queued = (await devices()).items;
  const target = queued[0]!;
  const intruderId = [...secrets.keys()].find((id) => id !== target.vehicleId)!;

  // The vehicle hears its device's install request once the rollout's job has run.
  const vehicle = await connect(target.vehicleId);
  const requests: Record<string, unknown>[] = [];
  vehicle.on('message', (_topic, payload) => requests.push(JSON.parse(payload.toString()) as Record<string, unknown>));
  await vehicle.subscribeAsync(`voltline/v1/vehicles/${target.vehicleId}/commands`, { qos: 1 });
  expect(queued.every((u) => u.phase === 'queued')).toBe(true);
  await live.runJobs();
  await expect
    .poll(() => requests.find((r) => r.deviceUid === target.deviceId), { timeout: 10_000 })
    .toMatchObject({
      kind: 'OTA',
      name: 'FIRMWARE_UPDATE',
      vehicleUid: target.vehicleId,
      releaseId: target.releaseId,
      params: { version: target.toVersion },
    });
  const request = requests.find((r) => r.deviceUid === target.deviceId)!;
  const topic = `voltline/v1/vehicles/${target.vehicleId}/devices/${target.deviceId}/ota`;
  const report = (status: number, progress: number, vehicleUid = target.vehicleId) =>
    JSON.stringify({
      v: 1,
      vehicleUid,
      deviceUid: target.deviceId,
      releaseId: target.releaseId,
      commandId: request.commandId,
      status,
      progress,
      ts: Date.now(),
    });
  const phaseOf = async () => (await devices()).items.find((u) => u.id === target.id);

  await vehicle.publishAsync(topic, report(1, 0), { qos: 1 });
  await vehicle.publishAsync(topic, report(1, 60), { qos: 1 });
  await expect.poll(phaseOf, { timeout: 5_000 }).toMatchObject({ phase: 'installing', progress: 60 });

  // Another vehicle on this device's topic: the broker refuses the publish and closes its connection.
  const intruder = await connect(intruderId);
  intruder.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
  intruder.publish(topic, report(3, 60), { qos: 1 });
  await closed;
  // On its own device topic, naming this device: refused by the rule (the topic's device is not this one), counted.
  const own = await connect(intruderId);
  const before = live.counters();
  await own.publishAsync(
    `voltline/v1/vehicles/${intruderId}/devices/${target.deviceId}/ota`,
    report(3, 60, intruderId),
    {
      qos: 1,
    },
  );
  await expect
    .poll(() => live.counters().dropped['other-vehicle'] ?? 0, { timeout: 5_000 })
    .toBe((before.dropped['other-vehicle'] ?? 0) + 1);
  own.end(true);
  expect(await phaseOf()).toMatchObject({ phase: 'installing', progress: 60 });

  // The device's own Completed installs it and sets the device's version.
  await vehicle.publishAsync(topic, report(2, 100), { qos: 1 });
  await expect.poll(phaseOf, { timeout: 5_000 }).toMatchObject({ phase: 'completed', progress: 100 });
  const device = await server.database.db
    .selectFrom('devices')
    .select('firmware_version')
    .where('id', '=', target.deviceId)
    .executeTakeFirstOrThrow();
  expect(device.firmware_version).toBe(target.toVersion);
  // Malformed: counted and dropped.
  await vehicle.publishAsync(topic, 'not json', { qos: 1 });
  await expect.poll(() => live.counters().dropped['invalid-json'] ?? 0, { timeout: 5_000 }).toBe(1);
  vehicle.end(true);
});
