// The real mqtt.js client (browser transport: global WebSocket) and the live controller, connected through MSW's
// WebSocket interception to the in-page broker emulation, as in demo mode.
import { connectAsync } from 'mqtt';
import { afterAll, afterEach, beforeEach, expect, test, vi } from 'vitest';
import { server } from '@/mocks/node';
import type { LiveBatch } from '../../shared/lib/live/live-batcher';
import { createLiveController, type LiveController } from '../../shared/lib/live/live-controller';
import { topics } from '../../shared/lib/live/topics';
import { createBrokerEmulator } from './broker-emulator';
import { liveHandlers } from './live-handlers';

const URL = 'ws://127.0.0.1:9001';
const emulator = createBrokerEmulator({ rateHz: 20, deviceEveryS: 0.1 });
const handlers = liveHandlers({ url: URL, emulator });
let controller: LiveController | null = null;

// The shared test server (src/test/setup.ts) answers, as in demo mode; its handlers are reset after each test.
beforeEach(() => server.use(...handlers));
afterEach(() => {
  controller?.dispose();
  controller = null;
});
afterAll(() => emulator.dispose());

function start() {
  const batches: LiveBatch[] = [];
  controller = createLiveController({ sink: (b) => batches.push(b), timerVariant: 'native' });
  controller.connect({ url: URL, username: 'demo', token: 'demo' });
  return { live: controller, batches };
}

test('the live controller connects to the emulated broker and goes online', async () => {
  const { live } = start();
  await vi.waitFor(() => expect(live.getConnection().state).toBe('online'));
});

test('a subscribed vehicle streams valid telemetry into the sink', async () => {
  const { live, batches } = start();
  live.setInterest('details', [topics.vehicleTelemetryFilter('VH-00007')]);
  await vi.waitFor(() => expect(batches.flatMap((b) => b.vehicles).length).toBeGreaterThan(2), { timeout: 3000 });
  expect(new Set(batches.flatMap((b) => b.vehicles.map((v) => v.vehicleUid)))).toEqual(new Set(['VH-00007']));
  expect(live.getStats().malformed).toBe(0);
});

test('device telemetry streams for a vehicle whose devices are on screen', async () => {
  const { live, batches } = start();
  live.setInterest('details', [topics.vehicleDevicesTelemetryFilter('VH-00003')]);
  await vi.waitFor(
    () => expect(new Set(batches.flatMap((b) => b.devices.map((d) => d.kind)))).toEqual(new Set(['BMS', 'MCU', 'VCU'])),
    { timeout: 3000 },
  );
});

test('unsubscribing stops the stream from the emulated broker', async () => {
  const { live } = start();
  live.setInterest('details', [topics.vehicleTelemetryFilter('VH-00001')]);
  await vi.waitFor(() => expect(emulator.stats().subscriptions).toBe(1));
  live.clearInterest('details');
  await vi.waitFor(() => expect(emulator.stats().subscriptions).toBe(0));
  const received = live.getStats().received;
  await new Promise((r) => setTimeout(r, 200));
  expect(live.getStats().received).toBe(received);
});

test('a command sent through the emulator is acknowledged live', async () => {
  const { live, batches } = start();
  live.setInterest('details', [topics.commandAck('VH-00002')]);
  await vi.waitFor(() => expect(emulator.stats().subscriptions).toBe(1));
  emulator.sendCommand({ commandId: 'CMD-7', vehicleUid: 'VH-00002', kind: 'Device', name: 'lock' });
  await vi.waitFor(
    () => {
      const acks = batches.flatMap((b) => b.events);
      expect(acks).toEqual([{ kind: 'command-ack', data: expect.objectContaining({ commandId: 'CMD-7', status: 2 }) }]);
    },
    { timeout: 3000 },
  );
});

test('a QoS 1 publish from a client is acknowledged and routed to subscribers', async () => {
  const { live, batches } = start();
  live.setInterest('details', [topics.geofence('VH-00009')]);
  await vi.waitFor(() => expect(emulator.stats().subscriptions).toBe(1));
  const other = await connectAsync(URL, { timerVariant: 'native', reconnectPeriod: 0 });
  const event = {
    v: 1,
    vehicleUid: 'VH-00009',
    geofenceId: 'GF-1',
    geofenceName: 'Depot',
    event: 'enter',
    position: { lat: 18.5, lon: 73.8, heading: 10 },
    ts: Date.now(),
  };
  const received: string[] = [];
  other.on('packetreceive', (packet) => received.push(packet.cmd));
  await other.publishAsync(topics.geofence('VH-00009'), JSON.stringify(event), { qos: 1 });
  expect(received).toContain('puback');
  await other.endAsync();
  await vi.waitFor(() => expect(batches.flatMap((b) => b.events)).toEqual([{ kind: 'geofence', data: event }]));
});
