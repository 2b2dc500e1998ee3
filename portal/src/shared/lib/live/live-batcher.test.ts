import { afterEach, expect, test, vi } from 'vitest';
import { createLiveBatcher, type FrameScheduler, type LiveBatch } from './live-batcher';
import type { VehicleTelemetry } from '../../../domain/live-payloads';
import type { LiveMessage } from './topics';

function telemetry(vehicleUid: string, ts: number, soc = 50): LiveMessage {
  const data: VehicleTelemetry = {
    v: 1,
    vehicleUid,
    ts,
    state: 66,
    soc,
    speed: 20,
    position: { lat: 18.5, lon: 73.8, heading: 0 },
    pack: { voltage: 50, current: 10, temperatures: [30] },
    faults: [],
  };
  return { kind: 'vehicle-telemetry', topic: `voltline/v1/telemetry/t/${vehicleUid}`, data };
}

/** A fake animation-frame clock: frames run only when the test says so. */
function fakeFrames() {
  const callbacks = new Map<number, () => void>();
  let next = 0;
  const scheduleFrame: FrameScheduler = (cb) => {
    const id = next++;
    callbacks.set(id, cb);
    return () => callbacks.delete(id);
  };
  return {
    scheduleFrame,
    pending: () => callbacks.size,
    runFrame() {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const cb of due) cb();
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

test('messages received before a frame reach the sink in one batch on that frame', () => {
  const frames = fakeFrames();
  const batches: LiveBatch[] = [];
  const batcher = createLiveBatcher({ sink: (b) => batches.push(b), scheduleFrame: frames.scheduleFrame });
  batcher.push(telemetry('A', 1));
  batcher.push(telemetry('B', 1));
  expect(batches).toHaveLength(0);
  expect(frames.pending()).toBe(1);
  frames.runFrame();
  expect(batches).toHaveLength(1);
  expect(batches[0]?.vehicles.map((v) => v.vehicleUid)).toEqual(['A', 'B']);
});

test('only the latest telemetry of a vehicle is kept and the superseded ones are counted', () => {
  const frames = fakeFrames();
  const batches: LiveBatch[] = [];
  const batcher = createLiveBatcher({ sink: (b) => batches.push(b), scheduleFrame: frames.scheduleFrame });
  batcher.push(telemetry('A', 1, 50));
  batcher.push(telemetry('A', 2, 49));
  batcher.push(telemetry('A', 3, 48));
  frames.runFrame();
  expect(batches[0]?.vehicles).toHaveLength(1);
  expect(batches[0]?.vehicles[0]?.soc).toBe(48);
  expect(batches[0]?.coalesced).toBe(2);
});

test('an older message arriving late does not replace a newer one', () => {
  const frames = fakeFrames();
  const batches: LiveBatch[] = [];
  const batcher = createLiveBatcher({ sink: (b) => batches.push(b), scheduleFrame: frames.scheduleFrame });
  batcher.push(telemetry('A', 5, 40));
  batcher.push(telemetry('A', 4, 41));
  frames.runFrame();
  expect(batches[0]?.vehicles[0]?.soc).toBe(40);
});

test('events are all kept in arrival order', () => {
  const frames = fakeFrames();
  const batches: LiveBatch[] = [];
  const batcher = createLiveBatcher({ sink: (b) => batches.push(b), scheduleFrame: frames.scheduleFrame });
  for (const commandId of ['C1', 'C2']) {
    batcher.push({
      kind: 'command-ack',
      topic: 'voltline/v1/vehicles/A/acks',
      data: { v: 1, commandId, vehicleUid: 'A', status: 2, ts: 1 },
    });
  }
  frames.runFrame();
  expect(batches[0]?.events.map((e) => e.kind === 'command-ack' && e.data.commandId)).toEqual(['C1', 'C2']);
});

test('a fault a vehicle reports is kept as an event even when a newer message of the vehicle replaces it', () => {
  const frames = fakeFrames();
  const batches: LiveBatch[] = [];
  const batcher = createLiveBatcher({ sink: (b) => batches.push(b), scheduleFrame: frames.scheduleFrame });
  const withFault = telemetry('A', 1);
  if (withFault.kind === 'vehicle-telemetry')
    withFault.data.faults = [{ code: 'BMS_OT', severity: 5, kind: 'Fault', device: 'BMS', message: 'Hot pack' }];
  batcher.push(withFault);
  batcher.push(telemetry('A', 2));
  frames.runFrame();
  expect(batches[0]?.vehicles.map((v) => v.ts)).toEqual([2]);
  expect(batches[0]?.events).toEqual([
    {
      kind: 'fault',
      data: {
        vehicleUid: 'A',
        ts: 1,
        fault: { code: 'BMS_OT', severity: 5, kind: 'Fault', device: 'BMS', message: 'Hot pack' },
      },
    },
  ]);
});

test('no frame is requested and nothing is flushed when nothing arrived', () => {
  const frames = fakeFrames();
  const sink = vi.fn();
  createLiveBatcher({ sink, scheduleFrame: frames.scheduleFrame });
  frames.runFrame();
  expect(frames.pending()).toBe(0);
  expect(sink).not.toHaveBeenCalled();
});

test('a tab without animation frames still flushes after the maximum delay', () => {
  vi.useFakeTimers();
  const sink = vi.fn();
  const batcher = createLiveBatcher({ sink, scheduleFrame: () => () => {}, maxDelayMs: 1000 });
  batcher.push(telemetry('A', 1));
  vi.advanceTimersByTime(999);
  expect(sink).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(sink).toHaveBeenCalledTimes(1);
});

test('a sink that throws is reported and the next batch still arrives', () => {
  const frames = fakeFrames();
  const onSinkError = vi.fn();
  let calls = 0;
  const batcher = createLiveBatcher({
    sink: () => {
      calls++;
      if (calls === 1) throw new Error('store exploded');
    },
    scheduleFrame: frames.scheduleFrame,
    onSinkError,
  });
  batcher.push(telemetry('A', 1));
  frames.runFrame();
  batcher.push(telemetry('A', 2));
  frames.runFrame();
  expect(onSinkError).toHaveBeenCalledTimes(1);
  expect(calls).toBe(2);
});

test('events beyond the buffer limit are dropped and counted', () => {
  const frames = fakeFrames();
  const batches: LiveBatch[] = [];
  const batcher = createLiveBatcher({
    sink: (b) => batches.push(b),
    scheduleFrame: frames.scheduleFrame,
    maxEvents: 2,
  });
  for (let i = 0; i < 5; i++) {
    batcher.push({
      kind: 'command-ack',
      topic: 'voltline/v1/vehicles/A/acks',
      data: { v: 1, commandId: `C${i}`, vehicleUid: 'A', status: 2, ts: i },
    });
  }
  frames.runFrame();
  expect(batches[0]?.events).toHaveLength(2);
  expect(batches[0]?.overflowed).toBe(3);
});
