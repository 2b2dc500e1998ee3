/**
 * The demo's firmware simulation around the services (decisions 0074, 0075): settling rollouts on read and once a
 * second (the simulated devices, then the services' state machine), the progress summary, the handler options.
 */
import type { RolloutProgress } from '@/domain/live-payloads';
import { rolloutProgressOf, vehicleConditionOf } from '@services/firmware/rollout-engine';
import type { WorldDb } from '../../world/db';
import type { FirmwareRolloutRecord, OtaUpdateRecord } from '../../world/firmware';
import {
  advanceRollout,
  type RolloutSimulation,
  simulatedCondition,
  type VehicleCondition,
} from '../../world/firmware-rollout';
import type { Vehicle } from '../../world/types';

/** The table of each device type. */
export const DEVICE_TABLE = { BMS: 'bmsDevices', MCU: 'mcuDevices', VCU: 'vcuDevices', LOGGER: 'loggers' } as const;

export function updatesOf(db: WorldDb, rolloutId: string): OtaUpdateRecord[] {
  return db.tables.otaUpdates.all().filter((u) => u.rolloutId === rolloutId);
}

/** What the preconditions see of a vehicle, as the world seeded it (the services' rule over its latest state). */
export function seededCondition(v: Vehicle): VehicleCondition {
  return vehicleConditionOf({ soc: v.soc, stateCode: Number(v.stateCode), isLive: v.isLive });
}

/** Something that hears each changed update (the demo publishes it as OTA progress on the live broker). */
export type OtaListener = (update: OtaUpdateRecord) => void;

/**
 * Advances one rollout to `now` and writes what changed: the updates, the rollout, and the firmware version of each
 * device that completed. Returns the rollout and its updates.
 */
export function settleRollout(
  db: WorldDb,
  rollout: FirmwareRolloutRecord,
  now: number,
  onUpdate?: OtaListener,
): { rollout: FirmwareRolloutRecord; updates: OtaUpdateRecord[] } {
  const updates = updatesOf(db, rollout.id);
  if (rollout.status === 'completed' || (rollout.status === 'cancelled' && rollout.finishedAt !== null)) {
    return { rollout, updates };
  }
  const condition = (vehicleId: string | null, t: number) => {
    const vehicle = vehicleId ? db.tables.vehicles.get(vehicleId) : undefined;
    if (!vehicle) return null;
    return simulatedCondition(seededCondition(vehicle), vehicle.id, rollout.startedAt, t, rollout.simulation.speed);
  };
  const result = advanceRollout(rollout, updates, now, condition);
  const byId = new Map(updates.map((u) => [u.id, u]));
  for (const [id, next] of result.changed) {
    const before = byId.get(id);
    if (!before) continue;
    const row = db.tables.otaUpdates.update(id, next as Partial<OtaUpdateRecord>) as OtaUpdateRecord;
    byId.set(id, row);
    if (row.phase === 'completed' && before.phase !== 'completed') {
      db.tables[DEVICE_TABLE[row.deviceType]].update(row.deviceId, { firmwareVersion: row.toVersion });
    }
    onUpdate?.(row);
  }
  const statusChanged = result.rollout.status !== rollout.status || result.rollout.currentWave !== rollout.currentWave;
  const next = db.tables.firmwareRollouts.update(rollout.id, {
    ...result.rollout,
    updatedAt: statusChanged || result.changed.size > 0 ? now : rollout.updatedAt,
  }) as FirmwareRolloutRecord;
  return { rollout: next, updates: [...byId.values()] };
}

/** Something that hears a rollout's progress summary after a step that changed it (the live rollout topic). */
export type RolloutListener = (progress: RolloutProgress) => void;

/**
 * Advances every open rollout (the demo's one-second ticker); true when anything changed. `onUpdate` hears each
 * changed device, `onRollout` one summary per rollout whose devices, status or wave changed in this step.
 */
export function settleOpenRollouts(
  db: WorldDb,
  now: number,
  onUpdate?: OtaListener,
  onRollout?: RolloutListener,
): boolean {
  let changed = false;
  for (const r of db.tables.firmwareRollouts.all()) {
    if (r.status === 'completed' || (r.status === 'cancelled' && r.finishedAt !== null)) continue;
    const before = r.advancedAt;
    let devicesChanged = false;
    const settled = settleRollout(db, r, now, (u) => {
      devicesChanged = true;
      onUpdate?.(u);
    });
    if (devicesChanged || before !== now) changed = true;
    const next = settled.rollout;
    if (devicesChanged || next.status !== r.status || next.currentWave !== r.currentWave) {
      onRollout?.(rolloutProgressOf(next, settled.updates, now));
    }
  }
  return changed;
}

/**
 * Demo-only knobs, read when a rollout starts: a speed-up, serials that fail or go silent, no random outcomes, and
 * per wave (0-based) how many of its devices fail or go silent (the first ones of the wave).
 */
export type SimulationKnobs = Partial<RolloutSimulation> & {
  waveFailures?: Record<number, number>;
  waveSilent?: Record<number, number>;
};

export interface FirmwareHandlerOptions {
  /** Demo-only simulation knobs (see {@link SimulationKnobs}). */
  simulation?: () => SimulationKnobs;
  /** Hears each changed device update (the demo publishes OTA progress on the live broker). */
  onUpdate?: OtaListener;
}
