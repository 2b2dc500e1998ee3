import { createRequire } from 'node:module';
import { generate, type Packet, parser } from 'mqtt-packet';
import { afterEach, expect, test } from 'vitest';
import { parseLiveMessage, topics } from '../../shared/lib/live/topics';
import { type BrokerEmulator, createBrokerEmulator } from './broker-emulator';

// Packet-level tests: bytes in, bytes out, exactly as the WebSocket frames carry them.

let emulator: BrokerEmulator;

afterEach(() => emulator.dispose());

function client(version: 4 | 5 = 4) {
  const received: Packet[] = [];
  let frames = 0;
  let closed = false;
  const decoder = parser({ protocolVersion: version });
  decoder.on('packet', (p: Packet) => received.push(p));
  const session = emulator.attach({
    send: (bytes) => {
      frames += 1;
      decoder.parse(new Uint8Array(bytes) as Parameters<typeof decoder.parse>[0]);
    },
    close: () => {
      closed = true;
    },
  });
  const bytes = (packet: Packet) => new Uint8Array(generate(packet, { protocolVersion: version }));
  return {
    received,
    /** WebSocket frames sent to this client so far. */
    frames: () => frames,
    isClosed: () => closed,
    bytes,
    send: (...packets: Packet[]) => {
      for (const p of packets) session.receive(bytes(p));
    },
    sendRaw: (data: Uint8Array) => session.receive(data),
    connect: (extra: Partial<Extract<Packet, { cmd: 'connect' }>> = {}) =>
      session.receive(
        bytes({ cmd: 'connect', clientId: 'c1', protocolVersion: version, keepalive: 30, clean: true, ...extra }),
      ),
  };
}

/** Vehicle uids of the telemetry a client received. */
function telemetryUids(received: Packet[]): string[] {
  return received.flatMap((p) => {
    if (p.cmd !== 'publish') return [];
    const result = parseLiveMessage(p.topic, new Uint8Array(p.payload as Buffer));
    return result.ok && result.message.kind === 'vehicle-telemetry' ? [result.message.data.vehicleUid] : [];
  });
}

test('CONNECT is answered with an accepting CONNACK', () => {
  emulator = createBrokerEmulator();
  const c = client();
  c.connect();
  expect(c.received).toEqual([expect.objectContaining({ cmd: 'connack', returnCode: 0 })]);
});

test('an MQTT 5 CONNECT gets an MQTT 5 CONNACK', () => {
  emulator = createBrokerEmulator();
  const c = client(5);
  c.connect();
  expect(c.received).toEqual([expect.objectContaining({ cmd: 'connack', reasonCode: 0 })]);
});

test('refused credentials get CONNACK 4 and the connection is closed', () => {
  emulator = createBrokerEmulator({ authenticate: (user, pass) => user === 'ops' && pass === 'secret' });
  const c = client();
  c.connect({ username: 'ops', password: Buffer.from('nope') });
  expect(c.received).toEqual([expect.objectContaining({ cmd: 'connack', returnCode: 4 })]);
  expect(c.isClosed()).toBe(true);
});

test('a packet before CONNECT closes the connection', () => {
  emulator = createBrokerEmulator();
  const c = client();
  c.send({ cmd: 'pingreq' });
  expect(c.isClosed()).toBe(true);
  expect(c.received).toEqual([]);
});

test('PINGREQ is answered with PINGRESP', () => {
  emulator = createBrokerEmulator();
  const c = client();
  c.connect();
  c.send({ cmd: 'pingreq' });
  expect(c.received.at(-1)?.cmd).toBe('pingresp');
});

test('SUBSCRIBE is answered with a SUBACK granting at most QoS 1, and UNSUBSCRIBE with an UNSUBACK', () => {
  emulator = createBrokerEmulator();
  const c = client();
  c.connect();
  c.send({
    cmd: 'subscribe',
    messageId: 11,
    subscriptions: [
      { topic: 'voltline/v1/telemetry/+/VH-00001', qos: 0 },
      { topic: 'voltline/v1/vehicles/VH-00001/acks', qos: 2 },
    ],
  });
  expect(c.received.at(-1)).toEqual(expect.objectContaining({ cmd: 'suback', messageId: 11, granted: [0, 1] }));
  expect(emulator.stats().subscriptions).toBe(2);
  c.send({ cmd: 'unsubscribe', messageId: 12, unsubscriptions: ['voltline/v1/telemetry/+/VH-00001'] });
  expect(c.received.at(-1)).toEqual(expect.objectContaining({ cmd: 'unsuback', messageId: 12 }));
  expect(emulator.stats().subscriptions).toBe(1);
});

test('packets split across frames and packets sharing one frame are both read', () => {
  emulator = createBrokerEmulator();
  const c = client();
  const connect = c.bytes({ cmd: 'connect', clientId: 'c1', protocolVersion: 4, keepalive: 30, clean: true });
  const ping = c.bytes({ cmd: 'pingreq' });
  c.sendRaw(connect.slice(0, 5));
  c.sendRaw(new Uint8Array([...connect.slice(5), ...ping, ...ping]));
  expect(c.received.map((p) => p.cmd)).toEqual(['connack', 'pingresp', 'pingresp']);
});

test('a simulation step publishes valid telemetry for a vehicle subscribed by id, and nothing else', () => {
  emulator = createBrokerEmulator();
  const c = client();
  c.connect();
  c.send({
    cmd: 'subscribe',
    messageId: 1,
    subscriptions: [{ topic: topics.vehicleTelemetryFilter('VH-00004'), qos: 1 }],
  });
  emulator.tick();
  const publishes = c.received.filter((p) => p.cmd === 'publish');
  expect(publishes).toHaveLength(1);
  const [p] = publishes;
  const result = p?.cmd === 'publish' ? parseLiveMessage(p.topic, new Uint8Array(p.payload as Buffer)) : null;
  expect(result?.ok && result.message.kind === 'vehicle-telemetry' && result.message.data.vehicleUid).toBe('VH-00004');
});

test('packets are made without keeping a buffer for every number (65,536 objects for the life of the page)', () => {
  // mqtt-packet's cache of 2-byte buffers, filled on the first packet it writes unless told not to.
  const numbers: { cache: Record<number, Uint8Array> } = createRequire(import.meta.url)('mqtt-packet/numbers.js');
  // Another file in this worker may have filled it (a test broker writes with the cache on).
  for (const key of Object.keys(numbers.cache)) delete numbers.cache[Number(key)];
  emulator = createBrokerEmulator();
  const c = client();
  c.connect();
  c.send({
    cmd: 'subscribe',
    messageId: 7,
    subscriptions: [{ topic: topics.vehicleTelemetryFilter('VH-00004'), qos: 1 }],
  });
  emulator.tick();
  expect(c.received.map((p) => p.cmd)).toEqual(['connack', 'suback', 'publish']);
  expect(Object.keys(numbers.cache)).toHaveLength(0);
});

test('a vehicle id that is not in the fleet (a mistyped URL) gets no telemetry', () => {
  emulator = createBrokerEmulator({ vehicleIds: () => ['A-1', 'A-2'] });
  const c = client();
  c.connect();
  c.send({
    cmd: 'subscribe',
    messageId: 1,
    subscriptions: [
      { topic: topics.vehicleTelemetryFilter('A-9'), qos: 1 },
      { topic: topics.vehicleTelemetryFilter('A-2'), qos: 1 },
    ],
  });
  emulator.tick();
  expect(telemetryUids(c.received)).toEqual(['A-2']);
  expect(emulator.stats().simulatedVehicles).toBe(1);
});

test('a map-wide subscription simulates the whole demo fleet', () => {
  emulator = createBrokerEmulator({ vehicleIds: () => ['A-1', 'A-2', 'A-3'] });
  const c = client();
  c.connect();
  c.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: topics.fleetTelemetryFilter(), qos: 0 }] });
  emulator.tick();
  expect(c.received.filter((p) => p.cmd === 'publish')).toHaveLength(3);
  expect(emulator.stats().simulatedVehicles).toBe(3);
});

test('a fleet-wide subscription to notifications simulates nothing, and hears what the server publishes', () => {
  emulator = createBrokerEmulator({ vehicleIds: () => ['A-1', 'A-2', 'A-3'] });
  const c = client();
  c.connect();
  c.send({
    cmd: 'subscribe',
    messageId: 1,
    subscriptions: [{ topic: topics.fleetEventsFilter('notifications'), qos: 1 }],
  });
  emulator.tick();
  expect(emulator.stats().simulatedVehicles).toBe(0);
  expect(c.received.filter((p) => p.cmd === 'publish')).toHaveLength(0);
  emulator.publish(topics.notification('A-2'), { v: 1 }, 1);
  expect(c.received.filter((p) => p.cmd === 'publish').map((p) => (p as { topic: string }).topic)).toEqual([
    topics.notification('A-2'),
  ]);
});

test("a second's readings reach each connection in one WebSocket frame, every vehicle's packet whole", () => {
  emulator = createBrokerEmulator({ vehicleIds: () => ['A-1', 'A-2', 'A-3'] });
  const map = client();
  const other = client();
  for (const c of [map, other]) {
    c.connect();
    c.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: topics.fleetTelemetryFilter(), qos: 0 }] });
  }
  const [mapBefore, otherBefore] = [map.frames(), other.frames()];
  emulator.tick();
  expect([map.frames() - mapBefore, other.frames() - otherBefore]).toEqual([1, 1]);
  expect(telemetryUids(map.received).sort()).toEqual(['A-1', 'A-2', 'A-3']);
  expect(telemetryUids(other.received).sort()).toEqual(['A-1', 'A-2', 'A-3']);
});

test("a connection sees only its user's vehicles: the map simulates them, other vehicles stay silent", () => {
  // fleet ops may; the platform admin everything
  emulator = createBrokerEmulator({
    vehicleIds: () => ['A-1', 'A-2', 'A-3', 'A-4'],
    vehicleScope: (_user, token) => (token === 'fleet' ? (uid) => uid === 'A-2' || uid === 'A-3' : null),
  });
  const fleet = client();
  const admin = client();
  fleet.connect({ username: 'fa', password: Buffer.from('fleet') });
  admin.connect({ username: 'sa', password: Buffer.from('admin') });
  fleet.send({
    cmd: 'subscribe',
    messageId: 1,
    subscriptions: [
      { topic: topics.fleetTelemetryFilter(), qos: 0 },
      { topic: topics.vehicleTelemetryFilter('A-4'), qos: 0 },
    ],
  });
  emulator.tick();
  expect(telemetryUids(fleet.received).sort()).toEqual(['A-2', 'A-3']);
  expect(emulator.stats().simulatedVehicles).toBe(2);
  admin.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: topics.fleetTelemetryFilter(), qos: 0 }] });
  emulator.tick();
  expect(telemetryUids(admin.received).sort()).toEqual(['A-1', 'A-2', 'A-3', 'A-4']);
  // the scoped connection still gets only its own, now that all four are simulated
  expect(new Set(telemetryUids(fleet.received))).toEqual(new Set(['A-2', 'A-3']));
});

test("a command published for a vehicle outside the connection's scope is dropped", () => {
  emulator = createBrokerEmulator({
    vehicleIds: () => ['A-1', 'A-2'],
    vehicleScope: () => (uid) => uid === 'A-2',
  });
  const c = client();
  c.connect({ username: 'fa', password: Buffer.from('fleet') });
  c.send({
    cmd: 'subscribe',
    messageId: 1,
    subscriptions: [
      { topic: topics.commandAck('A-1'), qos: 1 },
      { topic: topics.commandAck('A-2'), qos: 1 },
    ],
  });
  const publish = (uid: string) => ({
    cmd: 'publish' as const,
    topic: topics.commandAck(uid),
    payload: JSON.stringify({ v: 1, commandId: 'C', vehicleUid: uid, status: 2, ts: 1 }),
    qos: 0 as const,
    dup: false,
    retain: false,
  });
  c.send(publish('A-1'), publish('A-2'));
  expect(c.received.filter((p) => p.cmd === 'publish').map((p) => (p.cmd === 'publish' ? p.topic : ''))).toEqual([
    topics.commandAck('A-2'),
  ]);
});

test('a QoS 1 publish gets a PUBACK and a QoS 1 delivery carries a message id', () => {
  emulator = createBrokerEmulator();
  const sender = client();
  const receiver = client();
  sender.connect();
  receiver.connect();
  receiver.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: topics.commandAck('VH-1'), qos: 1 }] });
  const payload = JSON.stringify({ v: 1, commandId: 'C', vehicleUid: 'VH-1', status: 2, ts: 1 });
  sender.send({
    cmd: 'publish',
    topic: topics.commandAck('VH-1'),
    payload,
    qos: 1,
    messageId: 5,
    dup: false,
    retain: false,
  });
  expect(sender.received.at(-1)).toEqual(expect.objectContaining({ cmd: 'puback', messageId: 5 }));
  expect(receiver.received.at(-1)).toEqual(expect.objectContaining({ cmd: 'publish', qos: 1, messageId: 1 }));
});

test('DISCONNECT ends the session', () => {
  emulator = createBrokerEmulator();
  const c = client();
  c.connect();
  c.send({ cmd: 'disconnect' });
  expect(c.isClosed()).toBe(true);
  expect(emulator.stats().sessions).toBe(0);
});

test('faults come from the catalogue given, and are handed to onFaults before the telemetry carrying them is sent', () => {
  let t = 1_000_000;
  const stored: { uid: string; codes: string[]; ts: number; publishedBefore: number }[] = [];
  let c: ReturnType<typeof client> | undefined;
  emulator = createBrokerEmulator({
    vehicleIds: () => ['A-1', 'A-2', 'A-3', 'A-4', 'A-5', 'A-6'],
    now: () => t,
    faultRate: 1000,
    faultsOf: () => [{ code: 'BMS_OT', severity: 5, kind: 'Fault', device: 'BMS', message: 'Pack over-temperature' }],
    onFaults: (uid, faults, ts) =>
      stored.push({
        uid,
        codes: faults.map((f) => f.code),
        ts,
        publishedBefore: telemetryUids(c?.received ?? []).filter((u) => u === uid).length,
      }),
  });
  c = client();
  c.connect();
  c.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: topics.fleetTelemetryFilter(), qos: 0 }] });
  emulator.tick();
  t += 1000;
  emulator.tick();
  // Driving vehicles raised one fault each in the second step (the first step has no elapsed time).
  expect(stored.length).toBeGreaterThan(0);
  for (const s of stored) expect(s).toMatchObject({ codes: ['BMS_OT'], ts: t, publishedBefore: 1 });
  const carried = c.received.flatMap((p) => {
    if (p.cmd !== 'publish') return [];
    const result = parseLiveMessage(p.topic, new Uint8Array(p.payload as Buffer));
    return result.ok && result.message.kind === 'vehicle-telemetry' && result.message.data.faults.length > 0
      ? [result.message.data.vehicleUid]
      : [];
  });
  expect(carried.sort()).toEqual(stored.map((s) => s.uid).sort());
});
