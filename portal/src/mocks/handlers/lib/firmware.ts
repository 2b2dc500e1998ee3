/** What the firmware resources share: rows as the API shows them, settling rollouts on read, options (decision 0074). */
import type { components } from '@/domain/api-schema';
import type { RolloutProgress } from '@/domain/live-payloads';
import type { WorldDb } from '../../world/db';
import type { FirmwareRolloutRecord, OtaUpdateRecord } from '../../world/firmware';
import {
  advanceRollout,
  type OtaUpdateState,
  type RolloutSimulation,
  SEMVER,
  simulatedCondition,
  summariseWaves,
  type VehicleCondition,
} from '../../world/firmware-rollout';
import type { Vehicle } from '../../world/types';
import type { FieldErrors } from './body';
import type { ListSpec } from './list-query';
import { toApi } from './serialize';

type Schemas = components['schemas'];
type ApiRollout = Schemas['FirmwareRollout'];
type ApiOtaUpdate = Schemas['OtaUpdate'];

/** The table of each device type. */
export const DEVICE_TABLE = { BMS: 'bmsDevices', MCU: 'mcuDevices', VCU: 'vcuDevices', LOGGER: 'loggers' } as const;

export function otaApi(u: OtaUpdateRecord): ApiOtaUpdate {
  const durationSec =
    u.finishedAt !== null && u.sentAt !== null ? Math.round((u.finishedAt - u.sentAt) / 100) / 10 : null;
  return toApi<ApiOtaUpdate>({
    id: u.id,
    rolloutId: u.rolloutId,
    releaseId: u.releaseId,
    deviceId: u.deviceId,
    deviceSerial: u.deviceSerial,
    deviceType: u.deviceType,
    vehicleId: u.vehicleId,
    fromVersion: u.fromVersion,
    toVersion: u.toVersion,
    wave: u.wave,
    status: u.status,
    phase: u.phase,
    attempt: u.attempt,
    progress: u.progress,
    waitingReason: u.waitingReason,
    failureReason: u.failureReason,
    sentAt: u.sentAt,
    startedAt: u.startedAt,
    finishedAt: u.finishedAt,
    durationSec,
  });
}

export function updatesOf(db: WorldDb, rolloutId: string): OtaUpdateRecord[] {
  return db.tables.otaUpdates.all().filter((u) => u.rolloutId === rolloutId);
}

export function rolloutApi(db: WorldDb, r: FirmwareRolloutRecord, updates = updatesOf(db, r.id)): ApiRollout {
  return toApi<ApiRollout>({
    id: r.id,
    releaseId: r.releaseId,
    version: r.version,
    deviceType: r.deviceType,
    modelId: r.modelId,
    targetKind: r.targetKind,
    targetLabel: r.targetLabel,
    deviceCount: r.deviceCount,
    status: r.status,
    pauseReason: r.pauseReason,
    policy: r.policy,
    waveCount: r.waveCount,
    currentWave: r.currentWave,
    nextWaveAt: r.nextWaveAt,
    rollbackOf: r.rollbackOf,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    waves: summariseWaves(r.waveCount, updates),
  });
}

const DRIVING = new Set<unknown>([64, 66, 67]);
const CHARGING = new Set<unknown>([80, 81, 82]);
const IGNITION_OFF = new Set<unknown>([0, 96]);

/** What the preconditions see of a vehicle, as the world seeded it. */
export function seededCondition(v: Vehicle): VehicleCondition {
  return {
    soc: v.soc,
    parked: !DRIVING.has(v.stateCode),
    charging: CHARGING.has(v.stateCode),
    ignitionOn: !IGNITION_OFF.has(v.stateCode),
    connected: v.isLive,
  };
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

/** A rollout's progress summed over its devices: the payload of the live rollout topic. */
export function rolloutProgressOf(
  rollout: FirmwareRolloutRecord,
  updates: readonly OtaUpdateState[],
  ts: number,
): RolloutProgress {
  const progress: RolloutProgress = {
    v: 1,
    rolloutId: rollout.id,
    releaseId: rollout.releaseId,
    status: rollout.status,
    currentWave: rollout.currentWave,
    total: 0,
    pending: 0,
    waiting: 0,
    inProgress: 0,
    completed: 0,
    failed: 0,
    skipped: 0,
    ts,
  };
  for (const w of summariseWaves(rollout.waveCount, updates)) {
    progress.total += w.total;
    progress.pending += w.pending;
    progress.waiting += w.waiting;
    progress.inProgress += w.inProgress;
    progress.completed += w.completed;
    progress.failed += w.failed;
    progress.skipped += w.skipped;
  }
  return progress;
}

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

export const OTA_LIST: ListSpec<OtaUpdateRecord> = {
  sortable: {
    sentAt: (u) => u.sentAt,
    finishedAt: (u) => u.finishedAt,
    status: (u) => u.status,
    deviceSerial: (u) => u.deviceSerial,
    wave: (u) => u.wave,
  },
  filterable: {
    deviceType: (u) => u.deviceType,
    status: (u) => u.status,
    phase: (u) => u.phase,
    deviceId: (u) => u.deviceId,
    vehicleId: (u) => u.vehicleId,
    rolloutId: (u) => u.rolloutId,
    wave: (u) => u.wave,
  },
  searchable: [(u) => u.deviceSerial, (u) => u.fromVersion, (u) => u.toVersion],
  time: (u) => u.sentAt,
  defaultSort: [{ field: 'sentAt', direction: 'desc' }],
};

/** A semantic version field: null when empty (an error when required) or malformed. */
export function readVersion(errors: FieldErrors, field: string, value: unknown, required: boolean): string | null {
  if (value === undefined || value === null || value === '') {
    if (required) errors.add(field, 'Enter a version such as 4.1.0.');
    return null;
  }
  if (typeof value !== 'string' || !SEMVER.test(value.trim())) {
    errors.add(field, 'Use a semantic version: MAJOR.MINOR.PATCH, such as 4.1.0 or 4.1.0-rc.1.');
    return null;
  }
  return value.trim();
}
