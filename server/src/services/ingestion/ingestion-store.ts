import type { FaultRaised } from '@/domain/live-payloads';

/**
 * What ingestion writes (decision 0114, "What ingestion must write"; decision 0117): a vehicle's telemetry sample as a
 * one-sample `telemetry` run of the vehicle, and its latest state in its `vehicles` row. The server's store is
 * `db/repositories/ingestion-repository.ts`; a demo adapter can give its own.
 */

/** One accepted vehicle telemetry message, as it is written. */
export interface VehicleSample {
  /** The faults the message raised (live-topics.md), when it raised any: stored and read by the rules (decision 0126). */
  faults?: FaultRaised[];
  vehicleId: string;
  /** The message's `ts`, epoch ms. */
  at: number;
  /** The telemetry keys of the vehicle's template the message carries (speed, soc, odometer, stateCode). */
  values: Record<string, number>;
  /** The latest state the vehicle row keeps. */
  state: {
    soc: number;
    /** Vehicle state code; 'F' (SNA) is kept as SNA. */
    stateCode: number | 'F';
    lat: number;
    lng: number;
    odometerKm: number | undefined;
  };
}

export interface IngestionStore {
  /**
   * For each id that is a vehicle: the time of its newest telemetry sample (epoch ms), or null when it has none. An id
   * that is no vehicle is absent.
   */
  lastSampleTimes(vehicleIds: readonly string[]): Promise<Map<string, number | null>>;
  /**
   * Appends the samples (one `telemetry` row each; at most one per vehicle and time) and sets each vehicle's latest
   * state from its newest sample, unless the row already holds a later one.
   */
  append(samples: readonly VehicleSample[]): Promise<void>;
  /** The SHA-256 (hex) of the vehicle's device secret, or undefined when it has none (or is no vehicle). */
  secretHash(vehicleId: string): Promise<string | undefined>;
  /** Sets (or replaces) the vehicle's device secret hash; false when there is no such vehicle. */
  setSecretHash(vehicleId: string, hash: string, at: Date): Promise<boolean>;
}

export interface IngestionDeps {
  ingestion: IngestionStore;
  now: () => Date;
  /** Runs the work in one transaction (one batch, one transaction). */
  transact<T>(work: (tx: { ingestion: IngestionStore }) => Promise<T>): Promise<T>;
}
