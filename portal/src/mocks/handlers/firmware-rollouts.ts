import { ACTION } from '@/domain/permissions';
import type { WorldDb } from '../world/db';
import {
  type FirmwareReleaseRecord,
  type FirmwareRolloutRecord,
  type OtaUpdateRecord,
  queuedOtaUpdate,
} from '../world/firmware';
import {
  cancelRollout,
  compareVersions,
  isTerminal,
  pauseRollout,
  planWaves,
  type RolloutPolicy,
  type RolloutSimulation,
  resumeRollout,
} from '../world/firmware-rollout';
import { hashString } from '../world/prng';
import type { Device } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { groupMembers, ownerInScope } from './lib/access-scope';
import { recordAudit } from './lib/audit-log';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors, readJsonObject } from './lib/body';
import { conflict, notFound } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { deviceFilterFor, firmwareFilterFor } from './lib/scope';

import {
  DEVICE_TABLE,
  type FirmwareHandlerOptions,
  OTA_LIST,
  otaApi,
  readVersion,
  rolloutApi,
  type SimulationKnobs,
  settleRollout,
  updatesOf,
} from './lib/firmware';

/** At most this many devices in one rollout. */
export const ROLLOUT_MAX_DEVICES = 10_000;

export const ROLLOUT_LIST: ListSpec<FirmwareRolloutRecord> = {
  sortable: { createdAt: (r) => r.createdAt, status: (r) => r.status },
  filterable: { status: (r) => r.status, releaseId: (r) => r.releaseId },
  searchable: [(r) => r.version, (r) => r.targetLabel],
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};

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

/** Staged firmware rollouts (`FOTA`): list, start in waves, get, devices, pause, resume, cancel, rollback; decision 0074. */
export function createFirmwareRolloutHandlers(http: ApiHttp, options: FirmwareHandlerOptions = {}) {
  const scopedRollout = (ctx: AuthContext, db: WorldDb, id: string) => {
    const rollout = db.tables.firmwareRollouts.get(id);
    if (!rollout || !firmwareFilterFor(ctx)(rollout)) throw notFound('Rollout');
    return settleRollout(db, rollout, Date.now(), options.onUpdate);
  };

  return [
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
      await recordAudit(
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
      await recordAudit(db, ctx, 'Command', rollout.id, 'Change Status', `Paused rollout of ${rollout.version}`);
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
      await recordAudit(db, ctx, 'Command', rollout.id, 'Change Status', `Resumed rollout of ${rollout.version}`);
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
      await recordAudit(db, ctx, 'Command', rollout.id, 'Change Status', `Cancelled rollout of ${rollout.version}`);
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
      await recordAudit(
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
  ];
}
