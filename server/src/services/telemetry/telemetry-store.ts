import type { Schemas } from '../lib/api-types';
import type { DeviceStore } from '../devices/device-store';
import type { VehicleStore } from '../vehicles/vehicle-store';

export type TelemetryKey = Schemas['TelemetryKey'];

/**
 * A run of stored samples of one subject (a vehicle or a device) at a fixed step: `values[key][i]` is the key's value
 * at `at + i * stepMs` (epoch ms). A key a run does not name has no samples in it; a run of one sample may have any
 * step.
 */
export interface TelemetryRun {
  at: number;
  stepMs: number;
  values: Record<string, number[]>;
}

/** Storage of telemetry: runs of samples by subject and time. */
export interface TelemetryStore {
  /** The runs of the subject with a sample in [from, to], oldest first. */
  runs(subjectId: string, from: number, to: number): Promise<TelemetryRun[]>;
  /** The telemetry templates of the models (a model without one, or unknown, is left out). */
  templates(modelIds: readonly string[]): Promise<Map<string, TelemetryKey[]>>;
}

export interface TelemetryDeps {
  telemetry: TelemetryStore;
  vehicles: VehicleStore;
  devices: DeviceStore;
  now: () => Date;
}
