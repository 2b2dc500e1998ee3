import { expect, test } from 'vitest';
import type { LiveBatch } from '@/shared/lib/live/live-batcher';
import type { CommandAck, VehicleTelemetry } from '@/domain/live-payloads';
import { createTestStore } from '@/test/render';
import { applyLiveBatch } from './live-wiring';

const telemetry = (vehicleUid: string, ts: number): VehicleTelemetry => ({
  v: 1,
  vehicleUid,
  ts,
  state: 66,
  soc: 71,
  speed: 32,
  position: { lat: 18.5, lon: 73.8, heading: 90 },
  pack: { voltage: 52, current: 12, temperatures: [31] },
  faults: [],
});

const ack = (commandId: string, status: CommandAck['status']): CommandAck => ({
  v: 1,
  commandId,
  vehicleUid: 'V-1',
  status,
  ts: 1,
});

const batch = (parts: Partial<LiveBatch>): LiveBatch => ({
  vehicles: [],
  devices: [],
  events: [],
  coalesced: 0,
  overflowed: 0,
  flushedAt: 0,
  ...parts,
});

test('the telemetry of the selected vehicle becomes vehicle.data as it arrived; other vehicles are not written', () => {
  const store = createTestStore();
  store.getState().setVehicle({ vehicleUid: 'V-1' });
  applyLiveBatch(store, batch({ vehicles: [telemetry('V-2', 5), telemetry('V-1', 7)] }));
  expect(store.getState().vehicle.data).toEqual(telemetry('V-1', 7));
  applyLiveBatch(store, batch({ vehicles: [telemetry('V-2', 9)] }));
  expect(store.getState().vehicle.data?.ts).toBe(7);
});

test('without a selected vehicle no telemetry is written', () => {
  const store = createTestStore();
  applyLiveBatch(store, batch({ vehicles: [telemetry('V-1', 7)] }));
  expect(store.getState().vehicle.data).toBeNull();
});

test('command acknowledgements are kept by command id, a later one replacing an earlier one', () => {
  const store = createTestStore();
  applyLiveBatch(store, batch({ events: [{ kind: 'command-ack', data: ack('c1', 2) }] }));
  applyLiveBatch(store, batch({ events: [{ kind: 'command-ack', data: ack('c2', 3) }] }));
  applyLiveBatch(store, batch({ events: [{ kind: 'command-ack', data: ack('c1', 3) }] }));
  expect(store.getState().vehicle.commandAcknowledge).toEqual({ c1: ack('c1', 3), c2: ack('c2', 3) });
});
