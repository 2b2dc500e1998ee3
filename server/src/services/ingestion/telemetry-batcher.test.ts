import { describe, expect, test, vi } from 'vitest';
import type { IngestionDeps, IngestionStore, VehicleSample } from './ingestion-store';
import { parseVehicleTelemetry } from './parse-telemetry';
import { createTelemetryBatcher } from './telemetry-batcher';

const TOPIC = 'voltline/v1/telemetry/12-2888-1833/VH-1';

function message(overrides: Record<string, unknown> = {}) {
  return {
    v: 1,
    vehicleUid: 'VH-1',
    ts: 1_767_600_000_000,
    state: 66,
    soc: 71.5,
    speed: 32.4,
    odometer: 10234.7,
    position: { lat: 18.5204, lon: 73.8567, heading: 92.5 },
    pack: { voltage: 50.6, current: 19.8, temperatures: [31.2, 32.7] },
    faults: [],
    ...overrides,
  };
}
const json = (overrides: Record<string, unknown> = {}) => JSON.stringify(message(overrides));

/** A store over maps: known vehicles, their newest sample time, what was appended, one list per transaction. */
function memoryDeps(vehicles: Record<string, number | null> = { 'VH-1': null, 'VH-2': null }) {
  const last = new Map(Object.entries(vehicles));
  const transactions: VehicleSample[][] = [];
  let failNext = false;
  const store: IngestionStore = {
    async lastSampleTimes(ids) {
      return new Map(ids.filter((id) => last.has(id)).map((id) => [id, last.get(id) ?? null]));
    },
    async append(samples) {
      transactions.at(-1)?.push(...samples);
      for (const s of samples) last.set(s.vehicleId, Math.max(last.get(s.vehicleId) ?? 0, s.at));
    },
    secretHash: async () => undefined,
    setSecretHash: async () => false,
  };
  const deps: IngestionDeps = {
    ingestion: store,
    now: () => new Date(),
    async transact(work) {
      if (failNext) {
        failNext = false;
        throw new Error('connection lost');
      }
      transactions.push([]);
      return work({ ingestion: store });
    },
  };
  return { deps, transactions, failOnce: () => (failNext = true) };
}

describe('parseVehicleTelemetry', () => {
  test('a valid message becomes a sample: the template keys it carries and the latest state', () => {
    const parsed = parseVehicleTelemetry(TOPIC, new TextEncoder().encode(json()));
    expect(parsed).toEqual({
      ok: true,
      sample: {
        vehicleId: 'VH-1',
        at: 1_767_600_000_000,
        values: { speed: 32.4, soc: 71.5, odometer: 10234.7, stateCode: 66 },
        state: { soc: 71.5, stateCode: 66, lat: 18.5204, lng: 73.8567, odometerKm: 10234.7 },
      },
    });
  });

  test('SNA keeps no stateCode sample; a message without odometer has none', () => {
    const parsed = parseVehicleTelemetry(TOPIC, json({ state: 'F', odometer: undefined }));
    expect(parsed.ok && parsed.sample.values).toEqual({ speed: 32.4, soc: 71.5 });
    expect(parsed.ok && parsed.sample.state.stateCode).toBe('F');
  });

  test.each([
    ['voltline/v1/vehicles/VH-1/acks', json(), 'unknown-topic'],
    ['voltline/v1/telemetry/VH-1', json(), 'unknown-topic'],
    [TOPIC, '{"v":1,', 'invalid-json'],
    [TOPIC, new Uint8Array([0x7b, 0xff, 0x7d]), 'invalid-json'],
    [TOPIC, json({ soc: 140 }), 'invalid-payload'],
    [TOPIC, json({ v: 2 }), 'invalid-payload'],
    [TOPIC, json({ ts: 'yesterday' }), 'invalid-payload'],
    [TOPIC, 'null', 'invalid-payload'],
    [TOPIC, json({ vehicleUid: 'VH-2' }), 'topic-mismatch'],
  ])('%s %s is dropped as %s', (topic, payload, reason) => {
    expect(parseVehicleTelemetry(topic, payload)).toEqual({ ok: false, reason });
  });
});

describe('createTelemetryBatcher', () => {
  test('writes a full batch at once, in one transaction, and the rest after the interval', async () => {
    vi.useFakeTimers();
    try {
      const { deps, transactions } = memoryDeps();
      const batcher = createTelemetryBatcher(deps, { maxBatch: 3, flushMs: 250 });
      for (let i = 0; i < 4; i += 1) batcher.accept(TOPIC, json({ ts: 1000 + i }));
      await vi.advanceTimersByTimeAsync(0);
      expect(transactions.map((t) => t.map((s) => s.at))).toEqual([[1000, 1001, 1002]]);
      await vi.advanceTimersByTimeAsync(249);
      expect(transactions).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(transactions.map((t) => t.map((s) => s.at))).toEqual([[1000, 1001, 1002], [1003]]);
      expect(batcher.counters()).toMatchObject({ received: 4, written: 4, batches: 2 });
    } finally {
      vi.useRealTimers();
    }
  });

  test('malformed and unknown-vehicle messages are counted and dropped; the good ones are written', async () => {
    const { deps, transactions } = memoryDeps();
    const debug = vi.fn();
    const batcher = createTelemetryBatcher(deps, { debug });
    batcher.accept(TOPIC, 'not json');
    batcher.accept(TOPIC, json({ soc: -1 }));
    batcher.accept('voltline/v1/telemetry/12-1-1/VH-404', json({ vehicleUid: 'VH-404' }));
    batcher.accept('voltline/v1/telemetry/12-1-1/VH-2', json({ vehicleUid: 'VH-2' }));
    await batcher.flush();
    expect(transactions.flat().map((s) => s.vehicleId)).toEqual(['VH-2']);
    const counters = batcher.counters();
    expect(counters.received).toBe(4);
    expect(counters.written).toBe(1);
    expect(counters.dropped).toMatchObject({ 'invalid-json': 1, 'invalid-payload': 1, 'unknown-vehicle': 1 });
    expect(debug).toHaveBeenCalledTimes(3);
  });

  test('out of order: a sample at or before the newest stored or batched one is dropped', async () => {
    const { deps, transactions } = memoryDeps({ 'VH-1': 5000 });
    const batcher = createTelemetryBatcher(deps);
    for (const ts of [4000, 5000, 7000, 6000, 7000, 8000]) batcher.accept(TOPIC, json({ ts }));
    await batcher.flush();
    expect(transactions.flat().map((s) => s.at)).toEqual([7000, 8000]);
    expect(batcher.counters().dropped['out-of-order']).toBe(4);
    // The next batch starts after what was written.
    batcher.accept(TOPIC, json({ ts: 7500 }));
    await batcher.flush();
    expect(batcher.counters().dropped['out-of-order']).toBe(5);
  });

  test('a failed write is counted and dropped, and the next batch is written', async () => {
    const { deps, transactions, failOnce } = memoryDeps();
    const batcher = createTelemetryBatcher(deps);
    failOnce();
    batcher.accept(TOPIC, json({ ts: 1 }));
    batcher.accept(TOPIC, json({ ts: 2 }));
    await batcher.flush();
    batcher.accept(TOPIC, json({ ts: 3 }));
    await batcher.flush();
    expect(transactions.flat().map((s) => s.at)).toEqual([3]);
    expect(batcher.counters()).toMatchObject({ written: 1, dropped: { 'write-failed': 2 } });
  });

  test('close writes what is buffered without waiting for the interval', async () => {
    const { deps, transactions } = memoryDeps();
    const batcher = createTelemetryBatcher(deps, { flushMs: 60_000 });
    batcher.accept(TOPIC, json({ ts: 1 }));
    await batcher.close();
    expect(transactions.flat().map((s) => s.at)).toEqual([1]);
  });

  test('beyond maxBuffered, messages are dropped as overloaded', async () => {
    const { deps } = memoryDeps();
    const batcher = createTelemetryBatcher(deps, { maxBatch: 100, maxBuffered: 2, flushMs: 60_000 });
    for (let ts = 1; ts <= 3; ts += 1) batcher.accept(TOPIC, json({ ts }));
    expect(batcher.counters().dropped.overloaded).toBe(1);
    await batcher.close();
    expect(batcher.counters().written).toBe(2);
  });

  test('after each written batch, the after-write step gets its samples, in batch order; flush waits for it', async () => {
    const { deps } = memoryDeps();
    const seen: number[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const batcher = createTelemetryBatcher(deps, {
      maxBatch: 2,
      flushMs: 60_000,
      afterWrite: async (samples) => {
        await gate;
        seen.push(samples.map((s) => s.at));
      },
    });
    for (let ts = 1; ts <= 5; ts += 1) batcher.accept(TOPIC, json({ ts }));
    // A sample dropped as out of order never reaches it.
    batcher.accept(TOPIC, json({ ts: 2 }));
    const flushed = batcher.flush();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([]);
    release();
    await flushed;
    expect(seen).toEqual([[1, 2], [3, 4], [5]]);
  });

  test('a failing after-write step is logged, never thrown; the next batch still gets it', async () => {
    const { deps } = memoryDeps();
    const logged: string[] = [];
    let calls = 0;
    const batcher = createTelemetryBatcher(deps, {
      debug: (message) => logged.push(message),
      afterWrite: async () => {
        calls += 1;
        if (calls === 1) throw new Error('rules down');
      },
    });
    batcher.accept(TOPIC, json({ ts: 1 }));
    await batcher.flush();
    batcher.accept(TOPIC, json({ ts: 2 }));
    await batcher.flush();
    expect(calls).toBe(2);
    expect(logged).toContain('ingestion: after-write work failed');
    expect(batcher.counters().written).toBe(2);
  });

  test('an after-write step more than maxBuffered samples behind skips batches and counts them', async () => {
    const { deps } = memoryDeps();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const seen: number[] = [];
    const batcher = createTelemetryBatcher(deps, {
      maxBatch: 2,
      maxBuffered: 3,
      flushMs: 60_000,
      afterWrite: async (samples) => {
        await gate;
        seen.push(...samples.map((s) => s.at));
      },
    });
    for (let ts = 1; ts <= 2; ts += 1) batcher.accept(TOPIC, json({ ts }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // [1, 2] waits in the step; [3, 4] would put 4 > 3 samples behind it: skipped, though written.
    for (let ts = 3; ts <= 4; ts += 1) batcher.accept(TOPIC, json({ ts }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await batcher.flush();
    expect(seen).toEqual([1, 2]);
    expect(batcher.counters()).toMatchObject({ written: 4, afterWriteSkipped: 2 });
  });
});
