// @vitest-environment node
// Node environment: jsdom 29's WebSocket (undici) mixes event realms under Vitest, so mqtt.js uses its `ws` transport here.
import { createRequire } from 'node:module';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { type StartedBroker, startBroker } from '../../../../../e2e/servers/broker.mjs';
import type { FrameScheduler, LiveBatch } from './live-batcher';
import { createLiveController, type LiveConnectionState, type LiveController } from './live-controller';
import type { VehicleTelemetry } from '../../../domain/live-payloads';
import { encodePayload, tileOf, topics } from './topics';

/** A real broker on localhost answers in milliseconds, but a loaded CI machine may take seconds to schedule it. */
// A real broker on loopback: on a loaded 2-core machine (npm test runs the unit lanes beside the builds) a message can
// take seconds; the wait only costs time when something is wrong.
const BROKER_WAIT = { timeout: 30_000 };
vi.setConfig({ testTimeout: 60_000 });

// These tests run the real mqtt.js client against a real aedes broker on a random loopback port.

let broker: StartedBroker;
let controller: LiveController | null = null;
/** Every filter the broker has taken a subscription for since the test began (a message published before is lost). */
let onBroker: Set<string>;

beforeEach(async () => {
  broker = await startBroker({ port: 0 });
  onBroker = new Set();
  broker.aedes.on('subscribe', (subs) => {
    for (const sub of subs) onBroker.add(sub.topic);
  });
  // A dropped client's subscriptions go with it (the tests use one client at a time).
  broker.aedes.on('clientDisconnect', () => onBroker.clear());
});

afterEach(async () => {
  controller?.dispose();
  controller = null;
  await broker.close();
});

function fakeFrames() {
  const callbacks = new Set<() => void>();
  const scheduleFrame: FrameScheduler = (cb) => {
    callbacks.add(cb);
    return () => callbacks.delete(cb);
  };
  return {
    scheduleFrame,
    runFrame() {
      const due = [...callbacks];
      callbacks.clear();
      for (const cb of due) cb();
    },
  };
}

function telemetry(vehicleUid: string, ts: number, soc = 60): VehicleTelemetry {
  return {
    v: 1,
    vehicleUid,
    ts,
    state: 66,
    soc,
    speed: 30,
    position: { lat: 18.52, lon: 73.85, heading: 45 },
    pack: { voltage: 51.2, current: 12, temperatures: [30, 31] },
    faults: [],
  };
}

function publish(topic: string, payload: string) {
  return new Promise<void>((resolve, reject) => {
    broker.aedes.publish(
      { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain: false, dup: false },
      (e) => (e ? reject(e) : resolve()),
    );
  });
}

const TILE = tileOf(18.52, 73.85);
const telemetryTopic = (uid: string) => topics.vehicleTelemetry(TILE, uid);

function createController(overrides: Partial<Parameters<typeof createLiveController>[0]> = {}) {
  const batches: LiveBatch[] = [];
  const frames = fakeFrames();
  const states: LiveConnectionState[] = [];
  controller = createLiveController({
    sink: (batch) => batches.push(batch),
    scheduleFrame: frames.scheduleFrame,
    backoff: { initialMs: 30, maxMs: 1000, factor: 2, jitter: 0 },
    ...overrides,
  });
  const live = controller;
  live.subscribeConnection(() => states.push(live.getConnection().state));
  return { live, batches, frames, states };
}

/**
 * Waits until the broker has `clientCount` clients and holds a subscription for every filter the controller wants: the
 * client's SUBACK-less view (`getSubscribedTopics`) runs ahead of the broker, and a message published in between is lost.
 */
async function brokerSubscriptions(clientCount = 1) {
  await vi.waitFor(() => expect(broker.aedes.connectedClients).toBe(clientCount), BROKER_WAIT);
  const wanted = controller?.getSubscribedTopics() ?? [];
  await vi.waitFor(() => expect(wanted.filter((filter) => !onBroker.has(filter))).toEqual([]), BROKER_WAIT);
}

test('the connection goes from idle through connecting to online', async () => {
  const { live, states } = createController();
  expect(live.getConnection().state).toBe('idle');
  live.connect({ url: broker.url });
  await vi.waitFor(() => expect(live.getConnection().state).toBe('online'), BROKER_WAIT);
  expect(states).toEqual(['connecting', 'online']);
});

test('the client writes its packets without keeping a buffer for every number (65,536 objects for the life of the page)', async () => {
  // mqtt-packet's cache of 2-byte buffers, filled on the first packet written unless mqtt.js is told not to.
  const numbers: { cache: Record<number, Uint8Array> } = createRequire(import.meta.url)('mqtt-packet/numbers.js');
  for (const key of Object.keys(numbers.cache)) delete numbers.cache[Number(key)];
  const { live } = createController();
  live.setInterest('details', [topics.vehicleTelemetryFilter('VH-1')]);
  live.connect({ url: broker.url });
  await vi.waitFor(() => expect(live.getSubscribedTopics()).toEqual(['voltline/v1/telemetry/+/VH-1']), BROKER_WAIT);
  await brokerSubscriptions();
  expect(Object.keys(numbers.cache)).toHaveLength(0);
});

test('a message on a topic somebody wants reaches the sink on the next frame', async () => {
  const { live, batches, frames } = createController();
  live.setInterest('details', [topics.vehicleTelemetryFilter('VH-1')]);
  live.connect({ url: broker.url });
  await vi.waitFor(() => expect(live.getSubscribedTopics()).toEqual(['voltline/v1/telemetry/+/VH-1']), BROKER_WAIT);
  await brokerSubscriptions();
  await vi.waitFor(async () => {
    await publish(telemetryTopic('VH-1'), encodePayload(telemetry('VH-1', 1)));
    expect(live.getStats().accepted).toBeGreaterThan(0);
  });
  frames.runFrame();
  expect(batches.at(-1)?.vehicles[0]?.vehicleUid).toBe('VH-1');
});

test('the controller subscribes to the union of all owners and sends each topic once', async () => {
  const subscribedOnBroker: string[] = [];
  broker.aedes.on('subscribe', (subs) => subscribedOnBroker.push(...subs.map((s) => s.topic)));
  const { live } = createController();
  live.connect({ url: broker.url });
  await vi.waitFor(() => expect(live.getConnection().state).toBe('online'), BROKER_WAIT);
  live.setInterest('list', [topics.vehicleTelemetryFilter('A'), topics.vehicleTelemetryFilter('B')]);
  live.setInterest('details', [topics.vehicleTelemetryFilter('B'), topics.commandAck('B')]);
  await vi.waitFor(() => expect(subscribedOnBroker).toHaveLength(3), BROKER_WAIT);
  expect(subscribedOnBroker.sort()).toEqual(
    ['voltline/v1/telemetry/+/A', 'voltline/v1/telemetry/+/B', 'voltline/v1/vehicles/B/acks'].sort(),
  );
});

test('a topic is unsubscribed when the last owner that wanted it leaves', async () => {
  const unsubscribedOnBroker: string[] = [];
  broker.aedes.on('unsubscribe', (subs) => unsubscribedOnBroker.push(...subs));
  const { live } = createController();
  live.connect({ url: broker.url });
  await vi.waitFor(() => expect(live.getConnection().state).toBe('online'), BROKER_WAIT);
  live.setInterest('list', [topics.vehicleTelemetryFilter('A'), topics.vehicleTelemetryFilter('B')]);
  live.setInterest('details', [topics.vehicleTelemetryFilter('B')]);
  await vi.waitFor(() => expect(live.getSubscribedTopics()).toHaveLength(2), BROKER_WAIT);
  live.clearInterest('list');
  await vi.waitFor(() => expect(unsubscribedOnBroker).toEqual(['voltline/v1/telemetry/+/A']), BROKER_WAIT);
  expect(live.getSubscribedTopics()).toEqual(['voltline/v1/telemetry/+/B']);
});

test('messages of a topic nobody wants any more no longer arrive', async () => {
  const subscribedOnBroker: string[] = [];
  broker.aedes.on('subscribe', (subs) => subscribedOnBroker.push(...subs.map((s) => s.topic)));
  const { live } = createController();
  live.setInterest('list', [topics.vehicleTelemetryFilter('A')]);
  live.connect({ url: broker.url });
  await vi.waitFor(() => expect(subscribedOnBroker).toHaveLength(1), BROKER_WAIT);
  await publish(telemetryTopic('A'), encodePayload(telemetry('A', 1)));
  await vi.waitFor(() => expect(live.getStats().received).toBe(1), BROKER_WAIT);
  live.clearInterest('list');
  // Subscribing to another topic afterwards proves the broker has processed the UNSUBSCRIBE (packets keep their order).
  live.setInterest('probe', [topics.commandAck('A')]);
  await vi.waitFor(() => expect(subscribedOnBroker).toHaveLength(2), BROKER_WAIT);
  await publish(telemetryTopic('A'), encodePayload(telemetry('A', 2)));
  await publish(topics.commandAck('A'), encodePayload({ v: 1, commandId: 'D', vehicleUid: 'A', status: 2, ts: 2 }));
  // Delivery is in order: once the acknowledgement is in, the telemetry before it would have been too.
  await vi.waitFor(() => expect(live.getStats().received).toBe(2), BROKER_WAIT);
  expect(live.getStats().dropped['unknown-topic']).toBe(0);
  expect(live.getSubscribedTopics()).toEqual(['voltline/v1/vehicles/A/acks']);
});

test('messages arriving between two frames are handed over once, latest value per vehicle', async () => {
  const { live, batches, frames } = createController();
  // Publish only once the broker holds the tile's subscription: a message published before it is lost, not late.
  const subscribedOnBroker: string[] = [];
  const onSubscribe = (subs: { topic: string }[]) => subscribedOnBroker.push(...subs.map((s) => s.topic));
  broker.aedes.on('subscribe', onSubscribe);
  live.setInterest('map', [topics.tileTelemetryFilter(TILE)]);
  live.connect({ url: broker.url });
  await vi.waitFor(() => expect(live.getSubscribedTopics()).toHaveLength(1), BROKER_WAIT);
  await vi.waitFor(() => expect(subscribedOnBroker).toEqual([topics.tileTelemetryFilter(TILE)]), BROKER_WAIT);
  broker.aedes.off('subscribe', onSubscribe);
  await publish(telemetryTopic('A'), encodePayload(telemetry('A', 1, 70)));
  await publish(telemetryTopic('A'), encodePayload(telemetry('A', 2, 69)));
  await publish(telemetryTopic('A'), encodePayload(telemetry('A', 3, 68)));
  await publish(telemetryTopic('B'), encodePayload(telemetry('B', 1, 40)));
  await vi.waitFor(() => expect(live.getStats().accepted).toBe(4), BROKER_WAIT);
  expect(batches).toHaveLength(0);
  frames.runFrame();
  expect(batches).toHaveLength(1);
  expect(batches[0]?.vehicles.map((v) => [v.vehicleUid, v.soc])).toEqual([
    ['A', 68],
    ['B', 40],
  ]);
  expect(batches[0]?.coalesced).toBe(2);
});

test('a malformed message is counted and dropped and the next valid one still arrives', async () => {
  const { live, batches, frames } = createController();
  live.setInterest('details', [topics.vehicleTelemetryFilter('A')]);
  live.connect({ url: broker.url });
  await vi.waitFor(() => expect(live.getSubscribedTopics()).toHaveLength(1), BROKER_WAIT);
  await brokerSubscriptions();
  await publish(telemetryTopic('A'), '{"v":1,"vehicleUid":"A"');
  await publish(telemetryTopic('A'), encodePayload({ ...telemetry('A', 1), soc: 140 }));
  await publish(telemetryTopic('A'), encodePayload(telemetry('A', 2, 55)));
  await vi.waitFor(() => expect(live.getStats().received).toBe(3), BROKER_WAIT);
  expect(live.getStats()).toMatchObject({
    accepted: 1,
    malformed: 2,
    dropped: { 'invalid-json': 1, 'invalid-payload': 1 },
  });
  frames.runFrame();
  expect(batches[0]?.vehicles).toEqual([telemetry('A', 2, 55)]);
  expect(live.getConnection().state).toBe('online');
});

test('after a dropped connection the controller reconnects and resubscribes what is still wanted', async () => {
  const { live, states } = createController();
  live.setInterest('details', [topics.vehicleTelemetryFilter('A')]);
  live.connect({ url: broker.url });
  await vi.waitFor(() => expect(live.getSubscribedTopics()).toHaveLength(1), BROKER_WAIT);
  await brokerSubscriptions();
  broker.disconnectAll();
  await vi.waitFor(() => expect(states).toContain('reconnecting'), BROKER_WAIT);
  await vi.waitFor(() => expect(live.getConnection().state).toBe('online'), BROKER_WAIT);
  expect(states).toEqual(['connecting', 'online', 'reconnecting', 'online']);
  expect(live.getStats().reconnects).toBe(1);
  await brokerSubscriptions();
  await vi.waitFor(async () => {
    await publish(telemetryTopic('A'), encodePayload(telemetry('A', 9)));
    expect(live.getStats().accepted).toBeGreaterThan(0);
  });
});

test('while the broker is down the wait between attempts grows', async () => {
  const url = broker.url;
  await broker.close();
  const delays: number[] = [];
  const { live } = createController({ backoff: { initialMs: 20, maxMs: 1000, factor: 2, jitter: 0 } });
  live.subscribeConnection(() => {
    const c = live.getConnection();
    if (c.state === 'reconnecting' && c.nextRetryAt) delays.push(c.nextRetryAt - Date.now());
  });
  live.connect({ url });
  await vi.waitFor(() => expect(delays.length).toBeGreaterThanOrEqual(4), { timeout: 5000 });
  expect(live.getConnection()).toMatchObject({ state: 'reconnecting', lastError: expect.any(String) });
  const [d1 = 0, d2 = 0, d3 = 0, d4 = 0] = delays;
  expect(d1).toBeGreaterThanOrEqual(15);
  expect(d2).toBeGreaterThanOrEqual(d1 * 1.5);
  expect(d3).toBeGreaterThanOrEqual(d2 * 1.5);
  expect(d4).toBeGreaterThanOrEqual(d3 * 1.5);
  broker = await startBroker({ port: Number(new URL(url).port) });
  await vi.waitFor(() => expect(live.getConnection()).toMatchObject({ state: 'online', attempt: 0 }), {
    timeout: 5000,
  });
});

test('refused credentials leave the connection offline without retrying', async () => {
  await broker.close();
  broker = await startBroker({ port: 0, credentials: { username: 'ops', password: 'secret' } });
  const { live, states } = createController();
  live.connect({ url: broker.url, username: 'ops', token: 'wrong' });
  await vi.waitFor(() => expect(live.getConnection().state).toBe('offline'), BROKER_WAIT);
  expect(live.getConnection().lastError).toMatch(/Bad username or password/i);
  await new Promise((r) => setTimeout(r, 150));
  expect(states).toEqual(['connecting', 'offline']);
});

test('valid credentials are accepted', async () => {
  await broker.close();
  broker = await startBroker({ port: 0, credentials: { username: 'ops', password: 'secret' } });
  const { live } = createController();
  live.connect({ url: broker.url, username: 'ops', token: 'secret' });
  await vi.waitFor(() => expect(live.getConnection().state).toBe('online'), BROKER_WAIT);
});

test('disconnect closes the connection, stops retrying and keeps the interest for later', async () => {
  const { live } = createController();
  live.setInterest('details', [topics.vehicleTelemetryFilter('A')]);
  live.connect({ url: broker.url });
  await vi.waitFor(() => expect(live.getConnection().state).toBe('online'), BROKER_WAIT);
  live.disconnect();
  expect(live.getConnection().state).toBe('offline');
  await vi.waitFor(() => expect(broker.aedes.connectedClients).toBe(0), BROKER_WAIT);
  live.connect({ url: broker.url });
  await vi.waitFor(() => expect(live.getSubscribedTopics()).toEqual(['voltline/v1/telemetry/+/A']), BROKER_WAIT);
});

test('batch listeners get every batch after the sink, and a throwing one does not stop the others', async () => {
  const onError = vi.fn();
  const { live, batches, frames } = createController({ onError });
  const seen: number[] = [];
  live.subscribeBatches(() => {
    throw new Error('listener bug');
  });
  const unsubscribe = live.subscribeBatches((batch) => seen.push(batch.vehicles.length + batches.length * 10));
  live.setInterest('details', [topics.vehicleTelemetryFilter('VH-1')]);
  live.connect({ url: broker.url });
  await brokerSubscriptions();
  await vi.waitFor(async () => {
    await publish(telemetryTopic('VH-1'), encodePayload(telemetry('VH-1', 1)));
    expect(live.getStats().accepted).toBeGreaterThan(0);
  });
  frames.runFrame();
  // 1 vehicle, and the sink had already stored its batch (10): listeners run after the sink.
  expect(seen).toEqual([11]);
  expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'listener bug' }));
  unsubscribe();
  const before = live.getStats().accepted;
  await publish(telemetryTopic('VH-1'), encodePayload(telemetry('VH-1', 2)));
  await vi.waitFor(() => expect(live.getStats().accepted).toBeGreaterThan(before), BROKER_WAIT);
  frames.runFrame();
  expect(seen).toEqual([11]);
});
