// @vitest-environment node
// The e2e/bench publisher, through the real aedes broker, into the live controller: the contract end to end.
import { connectAsync } from 'mqtt';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { type StartedBroker, startBroker } from '../../../../../e2e/servers/broker.mjs';
import { type Publisher, startPublisher } from '../../../../../e2e/servers/publisher.mjs';
import type { LiveBatch } from './live-batcher';
import { createLiveController, type LiveController } from './live-controller';
import { encodePayload, parseLiveMessage, topics } from './topics';

let broker: StartedBroker;
let publisher: Publisher | null = null;
let controller: LiveController | null = null;

beforeEach(async () => {
  broker = await startBroker({ port: 0 });
});

afterEach(async () => {
  controller?.dispose();
  controller = null;
  await publisher?.stop();
  publisher = null;
  await broker.close();
});

test('every message the publisher sends passes the contract', async () => {
  const invalid: string[] = [];
  let seen = 0;
  publisher = await startPublisher({
    url: broker.url,
    vehicles: 30,
    rateHz: 10,
    deviceEveryS: 0.2,
    faultRate: 0.5,
    onPublish: (topic, payload) => {
      seen++;
      const result = parseLiveMessage(topic, encodePayload(payload));
      if (!result.ok) invalid.push(`${result.reason} ${topic}`);
    },
  });
  await vi.waitFor(() => expect(seen).toBeGreaterThan(600), { timeout: 8000 });
  expect(invalid).toEqual([]);
});

test('published telemetry reaches the controller sink through the broker, valid and batched', async () => {
  const batches: LiveBatch[] = [];
  controller = createLiveController({ sink: (b) => batches.push(b) });
  controller.setInterest('map', [topics.fleetTelemetryFilter(), topics.vehicleDevicesTelemetryFilter('VH-00003')]);
  controller.connect({ url: broker.url });
  await vi.waitFor(() => expect(controller?.getSubscribedTopics()).toHaveLength(2));
  publisher = await startPublisher({ url: broker.url, vehicles: 20, rateHz: 5, deviceEveryS: 1 });
  await vi.waitFor(
    () => {
      const uids = new Set(batches.flatMap((b) => b.vehicles.map((v) => v.vehicleUid)));
      expect(uids.size).toBe(20);
      expect(batches.some((b) => b.devices.some((d) => d.vehicleUid === 'VH-00003'))).toBe(true);
    },
    { timeout: 8000 },
  );
  expect(controller.getStats().malformed).toBe(0);
});

test('a command request is acknowledged by the simulated vehicle', async () => {
  const batches: LiveBatch[] = [];
  controller = createLiveController({ sink: (b) => batches.push(b) });
  controller.setInterest('details', [topics.commandAck('VH-00002')]);
  controller.connect({ url: broker.url });
  await vi.waitFor(() => expect(controller?.getSubscribedTopics()).toHaveLength(1));
  publisher = await startPublisher({ url: broker.url, vehicles: 5, rateHz: 1, deviceEveryS: 0 });
  const backend = await connectAsync(broker.url);
  await backend.publishAsync(
    topics.commandRequest('VH-00002'),
    encodePayload({ v: 1, commandId: 'CMD-42', vehicleUid: 'VH-00002', kind: 'Device', name: 'lock', ts: Date.now() }),
    { qos: 1 },
  );
  await backend.endAsync();
  await vi.waitFor(
    () => {
      const acks = batches.flatMap((b) => b.events.filter((e) => e.kind === 'command-ack'));
      expect(acks.map((e) => e.data)).toEqual([expect.objectContaining({ commandId: 'CMD-42', status: 2 })]);
    },
    { timeout: 5000 },
  );
});

test("with the demo world's profiles, only online vehicles publish, each with its profile's charge, odometer and state", async () => {
  const seen = new Map<string, Record<string, unknown>>();
  const profile = (uid: string) => () => ({
    speed: 0,
    odometer: 1000 + Number(uid.slice(-1)),
    soc: 40 + Number(uid.slice(-1)),
    stateCode: 81,
    driving: false,
    charging: true,
  });
  publisher = await startPublisher({
    url: broker.url,
    vehicles: 6,
    rateHz: 5,
    deviceEveryS: 0,
    isOnline: (uid) => uid !== 'VH-00002' && uid !== 'VH-00005',
    profileOf: profile,
    onPublish: (topic, payload) => {
      if (topic.includes('/telemetry/')) seen.set(payload.vehicleUid as string, payload);
    },
  });
  await vi.waitFor(() => expect(seen.size).toBe(4), { timeout: 5000 });
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect([...seen.keys()].sort()).toEqual(['VH-00001', 'VH-00003', 'VH-00004', 'VH-00006']);
  expect(seen.get('VH-00003')).toMatchObject({ soc: 43, odometer: 1003, state: 81, speed: 0 });
});
