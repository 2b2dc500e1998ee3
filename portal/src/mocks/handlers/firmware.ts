import { ACTION } from '@/domain/permissions';
import type { components } from '@/domain/api-schema';
import type { RolloutProgress } from '@/domain/live-payloads';
import type { WorldDb } from '../world/db';
import {
  type FirmwareReleaseRecord,
  type FirmwareRolloutRecord,
  type OtaUpdateRecord,
  queuedOtaUpdate,
} from '../world/firmware';
import {
  advanceRollout,
  cancelRollout,
  compareVersions,
  isTerminal,
  type OtaUpdateState,
  pauseRollout,
  planWaves,
  type RolloutPolicy,
  type RolloutSimulation,
  resumeRollout,
  SEMVER,
  simulatedCondition,
  summariseWaves,
  type VehicleCondition,
} from '../world/firmware-rollout';
import { hashString } from '../world/prng';
import type { Device, DeviceType, Vehicle } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { groupMembers, ownerInScope } from './lib/access-scope';
import { recordAudit } from './lib/audit-log';
import { type AuthContext, allows, requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors, readJsonObject } from './lib/body';
import { conflict, forbidden, notFound } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { deviceFilterFor, firmwareFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';

type Schemas = components['schemas'];
type ApiRelease = Schemas['FirmwareRelease'];
type ApiRollout = Schemas['FirmwareRollout'];
type ApiOtaUpdate = Schemas['OtaUpdate'];

export const DEVICE_TABLE = { BMS: 'bmsDevices', MCU: 'mcuDevices', VCU: 'vcuDevices', LOGGER: 'loggers' } as const;

/** The kind of a BMS or MCU device (the two with an OTA history key on their details page), else null. */
function otaKindOf(db: WorldDb, deviceId: string): 'BMS' | 'MCU' | null {
  if (db.tables.bmsDevices.get(deviceId)) return 'BMS';
  if (db.tables.mcuDevices.get(deviceId)) return 'MCU';
  return null;
}
const DEVICE_TYPES: readonly DeviceType[] = ['BMS', 'MCU', 'VCU', 'LOGGER'];
/** Firmware image files the portal accepts, and their size limit (decision 0074). */
export const FIRMWARE_EXTENSIONS = ['.bin', '.hex', '.img', '.fw', '.swu'] as const;
export const FIRMWARE_MAX_BYTES = 64 * 1024 * 1024;
/** At most this many devices in one rollout. */
export const ROLLOUT_MAX_DEVICES = 10_000;
const AUDIT_ENTITY: Record<DeviceType, string> = { BMS: 'BMS', MCU: 'MCU', VCU: 'VCU', LOGGER: 'Logger Device' };

export const RELEASE_LIST: ListSpec<FirmwareReleaseRecord> = {
  sortable: {
    createdAt: (r) => r.createdAt,
    version: (r) =>
      r.version
        .split('.')
        .map((n) => n.padStart(6, '0'))
        .join('.'),
    deviceType: (r) => r.deviceType,
  },
  filterable: { deviceType: (r) => r.deviceType, modelId: (r) => r.modelId },
  searchable: [(r) => r.version, (r) => r.fileName, (r) => r.notes],
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};

export const ROLLOUT_LIST: ListSpec<FirmwareRolloutRecord> = {
  sortable: { createdAt: (r) => r.createdAt, status: (r) => r.status },
  filterable: { status: (r) => r.status, releaseId: (r) => r.releaseId },
  searchable: [(r) => r.version, (r) => r.targetLabel],
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};

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

function releaseApi(db: WorldDb, r: FirmwareReleaseRecord): ApiRelease {
  return toApi<ApiRelease>({ ...r, modelName: r.modelId ? (db.tables.models.get(r.modelId)?.name ?? null) : null });
}

function otaApi(u: OtaUpdateRecord): ApiOtaUpdate {
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

function updatesOf(db: WorldDb, rolloutId: string): OtaUpdateRecord[] {
  return db.tables.otaUpdates.all().filter((u) => u.rolloutId === rolloutId);
}

function rolloutApi(db: WorldDb, r: FirmwareRolloutRecord, updates = updatesOf(db, r.id)): ApiRollout {
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

function readVersion(errors: FieldErrors, field: string, value: unknown, required: boolean): string | null {
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

/** The newest release of one device type and model (loggers: of one OEM). */
function newestRelease(db: WorldDb, deviceType: DeviceType, modelId: string | null, oemId: string) {
  let newest: FirmwareReleaseRecord | undefined;
  for (const r of db.tables.firmwareReleases.values()) {
    if (r.deviceType !== deviceType || r.modelId !== modelId || r.oemId !== oemId) continue;
    if (!newest || compareVersions(r.version, newest.version) > 0) newest = r;
  }
  return newest;
}

function readRelease(ctx: AuthContext, db: WorldDb, body: Record<string, unknown>, by: string): FirmwareReleaseRecord {
  const errors = new FieldErrors();
  const sees = firmwareFilterFor(ctx);
  const deviceType = DEVICE_TYPES.includes(body.deviceType as DeviceType) ? (body.deviceType as DeviceType) : null;
  if (!deviceType) errors.add('deviceType', 'Choose the device kind: BMS, MCU, VCU or logger.');
  let modelId: string | null = null;
  let oemId = '';
  if (deviceType && deviceType !== 'LOGGER') {
    const model = typeof body.modelId === 'string' ? db.tables.models.get(body.modelId) : undefined;
    if (!model || model.kind !== deviceType || !sees({ oemId: model.oemId, deviceType }))
      errors.add('modelId', `Choose a ${deviceType} model.`);
    else {
      modelId = model.id;
      oemId = model.oemId;
    }
  } else if (deviceType === 'LOGGER') {
    oemId = ctx.roleType === 'oem' ? (ctx.user.oemId ?? '') : typeof body.oemId === 'string' ? body.oemId : '';
    if (!oemId || !db.tables.oems.get(oemId) || !sees({ oemId, deviceType }))
      errors.add('oemId', 'Choose the OEM whose loggers take it.');
  }
  const version = readVersion(errors, 'version', body.version, true);
  const previous = deviceType && oemId ? newestRelease(db, deviceType, modelId, oemId) : undefined;
  if (version && previous && compareVersions(version, previous.version) <= 0) {
    errors.add('version', `Must be newer than ${previous.version}, the release it replaces.`);
  }
  const fileName = typeof body.fileName === 'string' ? body.fileName.trim() : '';
  if (!fileName) errors.add('file', 'Choose the firmware image file.');
  else if (!FIRMWARE_EXTENSIONS.some((ext) => fileName.toLowerCase().endsWith(ext)))
    errors.add('file', `Use a firmware image: ${FIRMWARE_EXTENSIONS.join(', ')}.`);
  const fileSize = typeof body.fileSize === 'number' && Number.isInteger(body.fileSize) ? body.fileSize : -1;
  if (fileName && (fileSize < 1 || fileSize > FIRMWARE_MAX_BYTES))
    errors.add('file', fileSize === 0 ? 'The file is empty.' : 'The file must be at most 64 MiB.');
  const sha256 = typeof body.sha256 === 'string' ? body.sha256.toLowerCase() : '';
  if (!/^[0-9a-f]{64}$/.test(sha256)) errors.add('sha256', 'Send the SHA-256 of the file as 64 hex digits.');
  const notes = typeof body.notes === 'string' ? body.notes.trim() : '';
  if (notes.length > 4000) errors.add('notes', 'Release notes must be at most 4000 characters.');
  const rawHardware = Array.isArray(body.compatibleHardware) ? body.compatibleHardware : [];
  const compatibleHardware = [
    ...new Set(
      rawHardware
        .filter((h): h is string => typeof h === 'string')
        .map((h) => h.trim())
        .filter(Boolean),
    ),
  ];
  if (compatibleHardware.some((h) => h.length > 40))
    errors.add('compatibleHardware', 'Each revision at most 40 characters.');
  const currentVersionMin = readVersion(errors, 'currentVersionMin', body.currentVersionMin, false);
  const currentVersionMax = readVersion(errors, 'currentVersionMax', body.currentVersionMax, false);
  if (currentVersionMin && currentVersionMax && compareVersions(currentVersionMin, currentVersionMax) > 0)
    errors.add('currentVersionMax', 'Must not be older than the lowest version.');
  if (version && currentVersionMin && compareVersions(currentVersionMin, version) >= 0)
    errors.add('currentVersionMin', 'Must be older than the release itself.');
  errors.throwIfAny();
  return {
    id: `fw-${crypto.randomUUID()}`,
    deviceType: deviceType as DeviceType,
    modelId,
    oemId,
    version: version as string,
    replacesReleaseId: previous?.id ?? null,
    replacesVersion: previous?.version ?? null,
    fileName,
    fileSize,
    sha256,
    notes,
    compatibleHardware,
    currentVersionMin,
    currentVersionMax,
    createdBy: by,
    createdAt: Date.now(),
  };
}

function intIn(errors: FieldErrors, field: string, value: unknown, min: number, max: number, label: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    errors.add(field, `${label} must be a whole number from ${min} to ${max}.`);
    return min;
  }
  return value;
}

function readPolicy(errors: FieldErrors, raw: unknown): RolloutPolicy {
  const p = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const pre = (typeof p.preconditions === 'object' && p.preconditions !== null ? p.preconditions : {}) as Record<
    string,
    unknown
  >;
  return {
    canaryPercent: intIn(errors, 'policy.canaryPercent', p.canaryPercent, 0, 50, 'The canary share'),
    waveSize: intIn(errors, 'policy.waveSize', p.waveSize, 1, ROLLOUT_MAX_DEVICES, 'The wave size'),
    pauseBetweenWavesSec: intIn(errors, 'policy.pauseBetweenWavesSec', p.pauseBetweenWavesSec, 0, 86_400, 'The pause'),
    failureThresholdPercent: intIn(
      errors,
      'policy.failureThresholdPercent',
      p.failureThresholdPercent,
      1,
      100,
      'The failure threshold',
    ),
    minFinishedCount: intIn(
      errors,
      'policy.minFinishedCount',
      p.minFinishedCount,
      1,
      ROLLOUT_MAX_DEVICES,
      'The minimum count',
    ),
    timeoutSec: intIn(errors, 'policy.timeoutSec', p.timeoutSec, 30, 86_400, 'The time-out'),
    maxRetries: intIn(errors, 'policy.maxRetries', p.maxRetries, 0, 5, 'Retries'),
    preconditions: {
      minSoc: intIn(errors, 'policy.preconditions.minSoc', pre.minSoc ?? 0, 0, 100, 'The minimum state of charge'),
      parked: pre.parked === true,
      notCharging: pre.notCharging === true,
      ignitionOff: pre.ignitionOff === true,
      connected: pre.connected === true,
    },
  };
}

/** The devices a release may go to: its kind (and model), in scope, older than it and inside its version range. */
function candidateDevices(ctx: AuthContext, db: WorldDb, release: FirmwareReleaseRecord): Device[] {
  const inScope = deviceFilterFor(ctx, db);
  const busy = new Set<string>();
  for (const r of db.tables.firmwareRollouts.values()) {
    if (r.status !== 'running' && r.status !== 'paused') continue;
    for (const u of updatesOf(db, r.id)) if (!isTerminal(u.phase)) busy.add(u.deviceId);
  }
  return db.tables[DEVICE_TABLE[release.deviceType]].all().filter((d) => {
    // A device is reached over the air only through its vehicle's telematics: one on the shelf takes its firmware
    // when it is fitted. In a rollout it would wait for ever and hold its wave (and every wave after it).
    if (d.vehicleId === null) return false;
    if (release.modelId ? d.modelId !== release.modelId : d.oemId !== release.oemId) return false;
    if (!inScope(d) || busy.has(d.id)) return false;
    if (compareVersions(d.firmwareVersion, release.version) >= 0) return false;
    if (release.currentVersionMin && compareVersions(d.firmwareVersion, release.currentVersionMin) < 0) return false;
    if (release.currentVersionMax && compareVersions(d.firmwareVersion, release.currentVersionMax) > 0) return false;
    return true;
  });
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

function newRollout(
  db: WorldDb,
  ctx: AuthContext,
  release: FirmwareReleaseRecord,
  devices: Device[],
  policy: RolloutPolicy,
  target: { kind: FirmwareRolloutRecord['targetKind']; label: string; rollbackOf: string | null },
  knobs: SimulationKnobs,
): FirmwareRolloutRecord {
  const simulation = simulationOf(knobs);
  const now = Date.now();
  const id = `rol-${crypto.randomUUID()}`;
  // A stable shuffle, so that the canary is not always the oldest devices.
  const ordered = [...devices].sort((a, b) => hashString(`${id}:${a.id}`) - hashString(`${id}:${b.id}`));
  const waves = planWaves(ordered.length, policy.canaryPercent, policy.waveSize);
  let index = 0;
  waves.forEach((size, wave) => {
    for (let k = 0; k < size; k += 1) {
      const d = ordered[index++] as Device;
      if (k < (knobs.waveFailures?.[wave] ?? 0)) simulation.failSerials.push(d.serialNumber);
      else if (k < (knobs.waveFailures?.[wave] ?? 0) + (knobs.waveSilent?.[wave] ?? 0))
        simulation.silentSerials.push(d.serialNumber);
      const row = queuedOtaUpdate(id, release, d, wave, now);
      db.tables.otaUpdates.insert(row);
    }
  });
  const rollout: FirmwareRolloutRecord = {
    id,
    releaseId: release.id,
    version: release.version,
    deviceType: release.deviceType,
    modelId: release.modelId,
    oemId: release.oemId,
    targetKind: target.kind,
    targetLabel: target.label,
    deviceCount: ordered.length,
    rollbackOf: target.rollbackOf,
    status: 'running',
    pauseReason: null,
    policy,
    simulation,
    waveCount: waves.length,
    currentWave: 0,
    waveStartedAt: now,
    nextWaveAt: null,
    thresholdResumedWave: null,
    startedAt: now,
    finishedAt: null,
    advancedAt: now,
    createdBy: ctx.user.name,
    createdAt: now,
    updatedAt: now,
  };
  return db.tables.firmwareRollouts.insert(rollout);
}

function simulationOf(knobs: SimulationKnobs): RolloutSimulation {
  const speed = typeof knobs.speed === 'number' && knobs.speed > 0 && knobs.speed <= 100 ? knobs.speed : 1;
  return {
    speed,
    failSerials: [...(knobs.failSerials ?? [])],
    silentSerials: [...(knobs.silentSerials ?? [])],
    random: knobs.random !== false,
  };
}

/** Firmware releases (`FOTA`), staged rollouts (`FOTA`) and the Device OTA history (`FOTA.h`), decision 0074. */
export function createFirmwareHandlers(http: ApiHttp, options: FirmwareHandlerOptions = {}) {
  const scopedRelease = (ctx: AuthContext, db: WorldDb, id: string) => {
    const release = db.tables.firmwareReleases.get(id);
    if (!release || !firmwareFilterFor(ctx)(release)) throw notFound('Firmware release');
    return release;
  };
  const scopedRollout = (ctx: AuthContext, db: WorldDb, id: string) => {
    const rollout = db.tables.firmwareRollouts.get(id);
    if (!rollout || !firmwareFilterFor(ctx)(rollout)) throw notFound('Rollout');
    return settleRollout(db, rollout, Date.now(), options.onUpdate);
  };

  return [
    http.get('/firmware-releases', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'FOTA');
      const query = parseListQuery(new URL(request.url), RELEASE_LIST);
      const sees = firmwareFilterFor(ctx);
      const page = applyListQuery(db.tables.firmwareReleases.all().filter(sees), query, RELEASE_LIST);
      return response(200).json({ ...page, items: page.items.map((r) => releaseApi(db, r)) });
    }),

    http.post('/firmware-releases', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'FOTA', ACTION.ADD);
      const release = readRelease(ctx, db, await readJsonObject(request), ctx.user.name);
      db.tables.firmwareReleases.insert(release);
      recordAudit(
        db,
        ctx,
        AUDIT_ENTITY[release.deviceType],
        release.id,
        'Add',
        `Uploaded ${release.deviceType} firmware ${release.version} (${release.fileName})`,
      );
      await db.persist();
      return response(201).json(releaseApi(db, release));
    }),

    http.get('/firmware-releases/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'FOTA');
      return response(200).json(releaseApi(db, scopedRelease(ctx, db, params.id)));
    }),

    http.get('/firmware-rollouts', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'FOTA');
      const query = parseListQuery(new URL(request.url), ROLLOUT_LIST);
      const sees = firmwareFilterFor(ctx);
      const now = Date.now();
      const rows = db.tables.firmwareRollouts
        .all()
        .filter(sees)
        .map((r) => settleRollout(db, r, now, options.onUpdate).rollout);
      await db.persist();
      const page = applyListQuery(rows, query, ROLLOUT_LIST);
      return response(200).json({ ...page, items: page.items.map((r) => rolloutApi(db, r)) });
    }),

    http.post('/firmware-rollouts', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'FOTA', ACTION.ASSIGN);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const release = typeof body.releaseId === 'string' ? db.tables.firmwareReleases.get(body.releaseId) : undefined;
      if (!release || !firmwareFilterFor(ctx)(release)) errors.add('releaseId', 'Choose a release to roll out.');
      const policy = readPolicy(errors, body.policy);
      if (
        !errors.has('policy.minFinishedCount') &&
        !errors.has('policy.waveSize') &&
        policy.minFinishedCount > policy.waveSize
      )
        errors.add('policy.minFinishedCount', 'Must not be more than the wave size, or a wave could never pause.');
      const target = (typeof body.target === 'object' && body.target !== null ? body.target : {}) as Record<
        string,
        unknown
      >;
      let devices: Device[] = [];
      let label = '';
      const kind = target.kind;
      if (kind !== 'group' && kind !== 'model' && kind !== 'filter') {
        errors.add('target', 'Choose where to roll out: a device group, a vehicle model or a filter.');
      } else if (release) {
        const candidates = candidateDevices(ctx, db, release);
        if (kind === 'group') {
          const group = typeof target.groupId === 'string' ? db.tables.deviceGroups.get(target.groupId) : undefined;
          if (!group || !ownerInScope(ctx, db, group.ownerKind, group.ownerId))
            errors.add('target.groupId', 'Choose a device group.');
          else {
            const members = new Set(groupMembers(ctx, db, group));
            devices = candidates.filter((d) => d.vehicleId !== null && members.has(d.vehicleId));
            label = `Group ${group.name}`;
          }
        } else if (kind === 'model') {
          const model = typeof target.modelId === 'string' ? db.tables.models.get(target.modelId) : undefined;
          if (model?.kind !== 'EV') errors.add('target.modelId', 'Choose a vehicle model.');
          else {
            devices = candidates.filter(
              (d) => d.vehicleId !== null && db.tables.vehicles.get(d.vehicleId)?.modelId === model.id,
            );
            label = `Model ${model.name}`;
          }
        } else {
          const filter = (typeof target.filter === 'object' && target.filter !== null ? target.filter : {}) as Record<
            string,
            unknown
          >;
          const min = readVersion(errors, 'target.filter.versionMin', filter.versionMin, false);
          const max = readVersion(errors, 'target.filter.versionMax', filter.versionMax, false);
          const q = typeof filter.q === 'string' ? filter.q.trim().toLowerCase() : '';
          devices = candidates.filter(
            (d) =>
              (!min || compareVersions(d.firmwareVersion, min) >= 0) &&
              (!max || compareVersions(d.firmwareVersion, max) <= 0) &&
              (!q || d.serialNumber.toLowerCase().includes(q)),
          );
          label = ['Filter', min ? `from ${min}` : '', max ? `to ${max}` : '', q ? `serial "${q}"` : '']
            .filter(Boolean)
            .join(' ');
        }
        if (!errors.has('target.groupId') && !errors.has('target.modelId') && devices.length === 0)
          errors.add(
            'target',
            'No device in this target can take the release (kind, model, version range, not fitted to a vehicle, or already updating).',
          );
        if (devices.length > ROLLOUT_MAX_DEVICES)
          errors.add(
            'target',
            `At most ${ROLLOUT_MAX_DEVICES.toLocaleString('en')} devices per rollout; narrow the target.`,
          );
      }
      errors.throwIfAny();
      const rollout = newRollout(
        db,
        ctx,
        release as FirmwareReleaseRecord,
        devices,
        policy,
        { kind: kind as 'group', label, rollbackOf: null },
        options.simulation?.() ?? {},
      );
      recordAudit(
        db,
        ctx,
        'Command',
        rollout.id,
        'Assign',
        `Started rollout of ${rollout.version} to ${devices.length} devices (${label})`,
      );
      await db.persist();
      return response(201).json(rolloutApi(db, rollout));
    }),

    http.get('/firmware-rollouts/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'FOTA');
      const { rollout, updates } = scopedRollout(ctx, db, params.id);
      await db.persist();
      return response(200).json(rolloutApi(db, rollout, updates));
    }),

    http.get('/firmware-rollouts/{id}/devices', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'FOTA');
      const query = parseListQuery(new URL(request.url), OTA_LIST);
      const { updates } = scopedRollout(ctx, db, params.id);
      await db.persist();
      const page = applyListQuery(
        updates,
        query.sort.length ? query : { ...query, sort: [{ field: 'wave', direction: 'asc' }] },
        OTA_LIST,
      );
      return response(200).json({ ...page, items: page.items.map(otaApi) });
    }),

    http.post('/firmware-rollouts/{id}/pause', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'FOTA', ACTION.CHANGE_STATUS);
      const { rollout } = scopedRollout(ctx, db, params.id);
      if (rollout.status !== 'running')
        throw conflict(`Only a running rollout can be paused; this one is ${rollout.status}.`);
      const next = db.tables.firmwareRollouts.update(rollout.id, {
        ...pauseRollout(rollout, `Paused by ${ctx.user.name}`),
        updatedAt: Date.now(),
      }) as FirmwareRolloutRecord;
      recordAudit(db, ctx, 'Command', rollout.id, 'Change Status', `Paused rollout of ${rollout.version}`);
      await db.persist();
      return response(200).json(rolloutApi(db, next));
    }),

    http.post('/firmware-rollouts/{id}/resume', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'FOTA', ACTION.CHANGE_STATUS);
      const { rollout } = scopedRollout(ctx, db, params.id);
      if (rollout.status !== 'paused')
        throw conflict(`Only a paused rollout can be resumed; this one is ${rollout.status}.`);
      const next = db.tables.firmwareRollouts.update(rollout.id, {
        ...resumeRollout(rollout),
        updatedAt: Date.now(),
      }) as FirmwareRolloutRecord;
      recordAudit(db, ctx, 'Command', rollout.id, 'Change Status', `Resumed rollout of ${rollout.version}`);
      await db.persist();
      return response(200).json(rolloutApi(db, next));
    }),

    http.post('/firmware-rollouts/{id}/cancel', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'FOTA', ACTION.DELETE);
      const { rollout, updates } = scopedRollout(ctx, db, params.id);
      if (rollout.status !== 'running' && rollout.status !== 'paused')
        throw conflict(`Only a running or paused rollout can be cancelled; this one is ${rollout.status}.`);
      const now = Date.now();
      const { rollout: cancelled, changed } = cancelRollout(rollout, updates, now);
      for (const u of changed) {
        const row = db.tables.otaUpdates.update(u.id, u as Partial<OtaUpdateRecord>);
        if (row) options.onUpdate?.(row);
      }
      const next = db.tables.firmwareRollouts.update(rollout.id, {
        ...cancelled,
        updatedAt: now,
      }) as FirmwareRolloutRecord;
      recordAudit(db, ctx, 'Command', rollout.id, 'Change Status', `Cancelled rollout of ${rollout.version}`);
      await db.persist();
      return response(200).json(rolloutApi(db, next));
    }),

    http.post('/firmware-rollouts/{id}/rollback', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'FOTA', ACTION.ASSIGN);
      const { rollout, updates } = scopedRollout(ctx, db, params.id);
      const release = db.tables.firmwareReleases.get(rollout.releaseId);
      const previous = release?.replacesReleaseId
        ? db.tables.firmwareReleases.get(release.replacesReleaseId)
        : undefined;
      if (!previous)
        throw conflict(`${rollout.version} replaces no earlier release, so there is nothing to roll back to.`);
      const failedIds = new Set(updates.filter((u) => u.phase === 'failed').map((u) => u.deviceId));
      const devices = db.tables[DEVICE_TABLE[rollout.deviceType]].all().filter((d) => failedIds.has(d.id));
      if (devices.length === 0) throw conflict('No device of this rollout failed: there is nothing to roll back.');
      const policy: RolloutPolicy = {
        ...rollout.policy,
        canaryPercent: 0,
        waveSize: devices.length,
        minFinishedCount: Math.min(rollout.policy.minFinishedCount, devices.length),
        failureThresholdPercent: 100,
      };
      const next = newRollout(
        db,
        ctx,
        previous,
        devices,
        policy,
        {
          kind: 'rollback',
          label: `Rollback of ${rollout.version}: ${devices.length} failed devices`,
          rollbackOf: rollout.id,
        },
        { speed: rollout.simulation.speed, random: rollout.simulation.random },
      );
      recordAudit(
        db,
        ctx,
        'Command',
        next.id,
        'Assign',
        `Rolled back ${devices.length} failed devices of ${rollout.version} to ${previous.version}`,
      );
      await db.persist();
      return response(201).json(rolloutApi(db, next));
    }),

    http.get('/ota-updates', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      const query = parseListQuery(new URL(request.url), OTA_LIST);
      // The fleet-wide history needs FOTA.h; one vehicle's or device's history is also open to its details page's
      // OTA history key (vh.l.d.ota, BMS.l.d.ota, MCU.l.d.ota).
      if (!allows(ctx, 'FOTA.h')) {
        const deviceId = query.filters.get('deviceId')?.[0];
        const vehicleId = query.filters.get('vehicleId')?.[0];
        const kind = deviceId ? otaKindOf(db, deviceId) : null;
        const ok =
          (vehicleId !== undefined && allows(ctx, 'vh.l.d.ota')) ||
          (kind === 'BMS' && allows(ctx, 'BMS.l.d.ota')) ||
          (kind === 'MCU' && allows(ctx, 'MCU.l.d.ota'));
        if (!ok) throw forbidden();
      }
      // Settle open rollouts first, so that the history shows where they are now.
      const sees = firmwareFilterFor(ctx);
      const now = Date.now();
      for (const r of db.tables.firmwareRollouts.all()) if (sees(r)) settleRollout(db, r, now, options.onUpdate);
      await db.persist();
      const inScope = deviceFilterFor(ctx, db);
      const rows = db.tables.otaUpdates.all().filter((u) => {
        if (u.sentAt === null) return false;
        const device = db.tables[DEVICE_TABLE[u.deviceType]].get(u.deviceId);
        return device !== undefined && inScope(device);
      });
      const page = applyListQuery(rows, query, OTA_LIST);
      return response(200).json({ ...page, items: page.items.map(otaApi) });
    }),
  ];
}
