import { type BatchOutcome, ingestTelemetryBatch } from './ingest-batch';
import type { IngestionDeps, VehicleSample } from './ingestion-store';
import { type ParseDrop, parseVehicleTelemetry } from './parse-telemetry';

/** Why a message was dropped: the parser's reasons, the batch's, a failed write, or a full buffer. */
export type DropReason = ParseDrop | 'unknown-vehicle' | 'out-of-order' | 'write-failed' | 'overloaded';

export interface IngestionCounters {
  received: number;
  written: number;
  batches: number;
  dropped: Record<DropReason, number>;
  /**
   * Written samples the after-write step (the rules) never saw: it was more than `maxBuffered` samples behind the
   * database, so the batch was skipped rather than held in memory without bound.
   */
  afterWriteSkipped: number;
}

export interface TelemetryBatcher {
  /** Takes one MQTT message (never throws): parsed now, written with the next batch or dropped and counted. */
  accept(topic: string, payload: Uint8Array | string): void;
  /** Writes what is buffered (and waits for a write in progress). */
  flush(): Promise<void>;
  /** Flushes and stops the timer; messages accepted afterwards are written by a later flush only. */
  close(): Promise<void>;
  counters(): IngestionCounters;
}

export interface BatcherOptions {
  /** A batch is written when it holds this many samples ... */
  maxBatch?: number;
  /** ... or this long after its first sample arrived. */
  flushMs?: number;
  /** Beyond this many buffered samples (the database is behind), new ones are dropped as `overloaded`. */
  maxBuffered?: number;
  /**
   * Runs after each written batch with its samples (the rule chain, decision 0126), one call at a time in batch order,
   * while the next batch is written; a failure is logged at debug, never thrown. `flush` waits for it too.
   */
  afterWrite?: (samples: readonly VehicleSample[]) => Promise<void>;
  /** Debug log of drops and failed writes. */
  debug?: (message: string, detail?: Record<string, unknown>) => void;
}

/**
 * The ingestion consumer's core (issue 35 item 1): parses each message, buffers the valid ones and writes them in
 * batches (one transaction each, `ingestTelemetryBatch`), by size or every `flushMs`. One write at a time; what arrives
 * meanwhile forms the next batch. Nothing thrown by the store escapes: a failed batch is counted and dropped.
 */
export function createTelemetryBatcher(deps: IngestionDeps, options: BatcherOptions = {}): TelemetryBatcher {
  const maxBatch = options.maxBatch ?? 1000;
  const flushMs = options.flushMs ?? 250;
  const maxBuffered = options.maxBuffered ?? 100_000;
  const debug = options.debug ?? (() => undefined);
  const counters: IngestionCounters = {
    received: 0,
    written: 0,
    batches: 0,
    dropped: {
      'unknown-topic': 0,
      'invalid-json': 0,
      'invalid-payload': 0,
      'topic-mismatch': 0,
      'unknown-vehicle': 0,
      'out-of-order': 0,
      'write-failed': 0,
      overloaded: 0,
    },
    afterWriteSkipped: 0,
  };
  let buffer: VehicleSample[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> | undefined;
  /** The after-write work in progress (one at a time, in batch order). */
  let after: Promise<void> = Promise.resolve();
  /** Samples written and waiting for (or in) the after-write step. */
  let afterBehind = 0;
  const afterWrite = options.afterWrite;

  const drop = (reason: DropReason, count: number, detail?: Record<string, unknown>) => {
    if (count === 0) return;
    counters.dropped[reason] += count;
    debug(`ingestion: dropped ${count} (${reason})`, detail);
  };

  const record = (outcome: BatchOutcome) => {
    counters.batches += 1;
    counters.written += outcome.written;
    drop('unknown-vehicle', outcome.unknownVehicle);
    drop('out-of-order', outcome.outOfOrder);
  };

  const writeOnce = async (batch: VehicleSample[]) => {
    try {
      const outcome = await ingestTelemetryBatch(deps, batch);
      record(outcome);
      const kept = outcome.kept;
      if (afterWrite && kept.length > 0) {
        if (afterBehind + kept.length > maxBuffered) {
          counters.afterWriteSkipped += kept.length;
          debug(`ingestion: after-write step behind, skipped ${kept.length}`);
        } else {
          afterBehind += kept.length;
          after = after.then(() =>
            afterWrite(kept)
              .catch((error) =>
                debug('ingestion: after-write work failed', {
                  error: error instanceof Error ? error.message : String(error),
                }),
              )
              .finally(() => {
                afterBehind -= kept.length;
              }),
          );
        }
      }
    } catch (error) {
      drop('write-failed', batch.length, { error: error instanceof Error ? error.message : String(error) });
    }
  };

  /** Set by the interval (or a flush): the loop writes what is buffered, a partial batch too. */
  let due = false;

  const arm = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      void drain(true);
    }, flushMs);
  };

  /**
   * Writes full batches, and the partial one when due; one loop at a time (a call during a write joins it). What stays
   * buffered waits for the interval.
   */
  const drain = (flushAll: boolean): Promise<void> => {
    if (flushAll) {
      due = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    }
    writing ??= (async () => {
      while (buffer.length >= maxBatch || (due && buffer.length > 0)) {
        const batch = buffer.slice(0, maxBatch);
        buffer = buffer.slice(batch.length);
        if (buffer.length === 0) due = false;
        await writeOnce(batch);
      }
      due = false;
    })().finally(() => {
      writing = undefined;
      if (buffer.length > 0) arm();
    });
    return writing;
  };

  return {
    accept(topic, payload) {
      counters.received += 1;
      const parsed = parseVehicleTelemetry(topic, payload);
      if (!parsed.ok) {
        drop(parsed.reason, 1, { topic });
        return;
      }
      if (buffer.length >= maxBuffered) {
        drop('overloaded', 1, { topic });
        return;
      }
      buffer.push(parsed.sample);
      if (buffer.length >= maxBatch) void drain(false);
      else arm();
    },
    async flush() {
      await writing;
      await drain(true);
      await after;
    },
    async close() {
      await this.flush();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    counters: () => structuredClone(counters),
  };
}
