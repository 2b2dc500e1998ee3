import type { IngestionDeps, VehicleSample } from './ingestion-store';

export interface BatchOutcome {
  written: number;
  /** Samples of an id that is no vehicle. */
  unknownVehicle: number;
  /** Samples not later than the vehicle's newest stored sample (or than another of the batch): history only grows. */
  outOfOrder: number;
  /** The samples written, in arrival order (what the rules run on next, decision 0126). */
  kept: VehicleSample[];
}

/**
 * Writes one batch of accepted telemetry in one transaction (decision 0114): a `telemetry` row per sample, never at or
 * before the vehicle's newest stored sample, and each vehicle's latest state from its newest sample. The broker
 * authorised the publisher (decision 0117), so there is no caller: samples of unknown vehicles are counted and dropped.
 */
export async function ingestTelemetryBatch(
  deps: IngestionDeps,
  samples: readonly VehicleSample[],
): Promise<BatchOutcome> {
  if (samples.length === 0) return { written: 0, unknownVehicle: 0, outOfOrder: 0, kept: [] };
  return deps.transact(async ({ ingestion }) => {
    const ids = [...new Set(samples.map((s) => s.vehicleId))];
    const last = await ingestion.lastSampleTimes(ids);
    let unknownVehicle = 0;
    let outOfOrder = 0;
    const kept: VehicleSample[] = [];
    // Arrival order within a vehicle is kept; a sample at or before the newest one so far is late.
    const newest = new Map<string, number>();
    for (const sample of samples) {
      if (!last.has(sample.vehicleId)) {
        unknownVehicle += 1;
        continue;
      }
      const before = newest.get(sample.vehicleId) ?? last.get(sample.vehicleId) ?? null;
      if (before !== null && sample.at <= before) {
        outOfOrder += 1;
        continue;
      }
      newest.set(sample.vehicleId, sample.at);
      kept.push(sample);
    }
    if (kept.length > 0) await ingestion.append(kept);
    return { written: kept.length, unknownVehicle, outOfOrder, kept };
  });
}
