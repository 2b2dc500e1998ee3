import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { groupMembers } from '../device-groups/device-group-fields';
import { ownerInScope, ownerScopeOf } from '../device-groups/owner-scope';
import { deviceScopeOf } from '../devices/device-scope';
import type { Schemas } from '../lib/api-types';
import { conflict, FieldErrors, notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { ROLLOUT_DEVICE_LIST, ROLLOUT_LIST } from './firmware-list-spec';
import { firmwareInScope, firmwareScopeOf } from './firmware-scope';
import type { FirmwareDeps, FirmwareStore } from './firmware-store';
import {
  type FirmwareDevice,
  type FirmwareRelease,
  type OtaUpdateRecord,
  otaApi,
  queuedOtaUpdate,
  ROLLOUT_AUDIT_ENTITY,
  ROLLOUT_MAX_DEVICES,
  type RolloutRecord,
  type RolloutTargetKind,
} from './firmware-types';
import { readVersion } from './release-fields';
import {
  cancelRollout,
  compareVersions,
  pauseRollout,
  planWaves,
  type RolloutPolicy,
  resumeRollout,
  rolloutOrder,
  summariseWaves,
} from './rollout-engine';

type ApiRollout = Schemas['FirmwareRollout'];
const iso = (ms: number) => new Date(ms).toISOString();

/** A rollout as the API shows it, with its waves summed over its device updates. */
export function rolloutApi(r: RolloutRecord, updates: readonly OtaUpdateRecord[]): ApiRollout {
  return {
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
    nextWaveAt: r.nextWaveAt === null ? null : iso(r.nextWaveAt),
    rollbackOf: r.rollbackOf,
    startedAt: iso(r.startedAt),
    finishedAt: r.finishedAt === null ? null : iso(r.finishedAt),
    createdBy: r.createdBy,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    waves: summariseWaves(r.waveCount, updates),
  };
}

/** The rollout, or the contract's 404 when there is none or it is outside the caller's firmware scope. */
export async function rolloutOr404(store: FirmwareStore, caller: Caller, id: string): Promise<RolloutRecord> {
  const rollout = await store.getRollout(id);
  if (!rollout || !firmwareInScope(firmwareScopeOf(caller), rollout)) throw notFound('Rollout');
  return rollout;
}

/** GET /firmware-rollouts; needs `FOTA`. */
export async function listFirmwareRollouts(
  deps: FirmwareDeps,
  caller: Caller,
  input: ListParams,
): Promise<Schemas['FirmwareRolloutPage']> {
  requirePermission(caller, 'FOTA');
  const query = parseListQuery(input, ROLLOUT_LIST);
  const { items, total } = await deps.firmware.listRollouts(firmwareScopeOf(caller), query);
  const api = await Promise.all(items.map(async (r) => rolloutApi(r, await deps.firmware.updatesOf(r.id))));
  return { items: api, total, page: query.page, pageSize: query.pageSize };
}

/** GET /firmware-rollouts/{id}. */
export async function getFirmwareRollout(deps: FirmwareDeps, caller: Caller, input: { id: string }) {
  requirePermission(caller, 'FOTA');
  const rollout = await rolloutOr404(deps.firmware, caller, input.id);
  return rolloutApi(rollout, await deps.firmware.updatesOf(rollout.id));
}

/** GET /firmware-rollouts/{id}/devices: one page of its device updates, in wave order unless sorted. */
export async function listFirmwareRolloutDevices(
  deps: FirmwareDeps,
  caller: Caller,
  input: { id: string; list: ListParams },
): Promise<Schemas['OtaUpdatePage']> {
  requirePermission(caller, 'FOTA');
  const query = parseListQuery(input.list, ROLLOUT_DEVICE_LIST);
  const rollout = await rolloutOr404(deps.firmware, caller, input.id);
  const { items, total } = await deps.firmware.listUpdates({ rolloutId: rollout.id }, query);
  return { items: items.map(otaApi), total, page: query.page, pageSize: query.pageSize };
}

type Loose = Record<string, unknown>;
const objectOr = (value: unknown): Loose => (typeof value === 'object' && value !== null ? (value as Loose) : {});

function intIn(errors: FieldErrors, field: string, value: unknown, min: number, max: number, label: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    errors.add(field, `${label} must be a whole number from ${min} to ${max}.`);
    return min;
  }
  return value;
}

/** The rollout policy (openapi.yaml RolloutPolicy), every field checked; a wave must be able to pause. */
export function readPolicy(errors: FieldErrors, raw: unknown): RolloutPolicy {
  const p = objectOr(raw);
  const pre = objectOr(p.preconditions);
  const flag = (field: string, value: unknown) => {
    if (value !== undefined && typeof value !== 'boolean')
      errors.add(`policy.preconditions.${field}`, 'True or false.');
    return value === true;
  };
  const policy: RolloutPolicy = {
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
      parked: flag('parked', pre.parked),
      notCharging: flag('notCharging', pre.notCharging),
      ignitionOff: flag('ignitionOff', pre.ignitionOff),
      connected: flag('connected', pre.connected),
    },
  };
  if (
    !errors.has('policy.minFinishedCount') &&
    !errors.has('policy.waveSize') &&
    policy.minFinishedCount > policy.waveSize
  )
    errors.add('policy.minFinishedCount', 'Must not be more than the wave size, or a wave could never pause.');
  return policy;
}

/** The candidates whose version is older than the release and inside its current-version range. */
function takesRelease(release: FirmwareRelease, d: FirmwareDevice): boolean {
  if (compareVersions(d.firmwareVersion, release.version) >= 0) return false;
  if (release.currentVersionMin && compareVersions(d.firmwareVersion, release.currentVersionMin) < 0) return false;
  if (release.currentVersionMax && compareVersions(d.firmwareVersion, release.currentVersionMax) > 0) return false;
  return true;
}

/** A new rollout of the release to the devices, in waves of the policy, in the stable shuffled order. */
function plan(
  caller: Caller,
  release: FirmwareRelease,
  devices: readonly FirmwareDevice[],
  policy: RolloutPolicy,
  target: { kind: RolloutTargetKind; label: string; rollbackOf: string | null },
  now: number,
): { rollout: RolloutRecord; updates: OtaUpdateRecord[] } {
  const id = `rol-${crypto.randomUUID()}`;
  const ordered = rolloutOrder(id, devices);
  const waves = planWaves(ordered.length, policy.canaryPercent, policy.waveSize);
  const updates: OtaUpdateRecord[] = [];
  let index = 0;
  waves.forEach((size, wave) => {
    for (let k = 0; k < size; k += 1) {
      const d = ordered[index++] as FirmwareDevice;
      updates.push(queuedOtaUpdate(id, release, d, wave, now));
    }
  });
  const rollout: RolloutRecord = {
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
    waveCount: waves.length,
    currentWave: 0,
    waveStartedAt: now,
    nextWaveAt: null,
    thresholdResumedWave: null,
    startedAt: now,
    finishedAt: null,
    advancedAt: now,
    createdBy: caller.user.name,
    createdAt: now,
    updatedAt: now,
  };
  return { rollout, updates };
}

/** What a rollout's audit entry lists of it. */
const audited = (r: RolloutRecord) => ({
  status: r.status,
  pauseReason: r.pauseReason,
  releaseId: r.releaseId,
  version: r.version,
  targetKind: r.targetKind,
  targetLabel: r.targetLabel,
  deviceCount: r.deviceCount,
  rollbackOf: r.rollbackOf,
});

/**
 * POST /firmware-rollouts (decision 0074): rolls a release out in waves to a device group, a vehicle model or a
 * filter. Needs `FOTA` with Assign. The devices are those of the release's kind (and model) in the target and the
 * caller's device scope, fitted to a vehicle, in no other open rollout, older than the release and inside its range;
 * none -> 400 on `target`. At most 10,000.
 */
export async function createFirmwareRollout(
  deps: FirmwareDeps,
  caller: Caller,
  input: { releaseId?: unknown; target?: unknown; policy?: unknown },
): Promise<ApiRollout> {
  requirePermission(caller, 'FOTA', ACTION.ASSIGN);
  const store = deps.firmware;
  const errors = new FieldErrors();
  const found = typeof input.releaseId === 'string' ? await store.getRelease(input.releaseId) : undefined;
  const release = found && firmwareInScope(firmwareScopeOf(caller), found) ? found : undefined;
  if (!release) errors.add('releaseId', 'Choose a release to roll out.');
  const policy = readPolicy(errors, input.policy);
  const target = objectOr(input.target);
  let devices: FirmwareDevice[] = [];
  let label = '';
  const kind = target.kind;
  if (kind !== 'group' && kind !== 'model' && kind !== 'filter') {
    errors.add('target', 'Choose where to roll out: a device group, a vehicle model or a filter.');
  } else if (release) {
    const candidates = (await store.candidates(release, deviceScopeOf(caller))).filter((d) => takesRelease(release, d));
    if (kind === 'group') {
      const group = typeof target.groupId === 'string' ? await deps.deviceGroups.get(target.groupId) : undefined;
      const owner = group && (await deps.deviceGroups.owner(group.ownerKind, group.ownerId));
      if (!group || !owner || !ownerInScope(ownerScopeOf(caller), owner))
        errors.add('target.groupId', 'Choose a device group.');
      else {
        const members = new Set(await groupMembers(deps.deviceGroups, caller, group));
        devices = candidates.filter((d) => d.vehicleId !== null && members.has(d.vehicleId));
        label = `Group ${group.name}`;
      }
    } else if (kind === 'model') {
      const model = typeof target.modelId === 'string' ? await store.model(target.modelId) : undefined;
      if (model?.kind !== 'EV') errors.add('target.modelId', 'Choose a vehicle model.');
      else {
        devices = candidates.filter((d) => d.vehicleModelId === model.id);
        label = `Model ${model.name}`;
      }
    } else {
      const filter = objectOr(target.filter);
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
  if (!release) throw new Error('unreachable: fields were checked');
  const now = deps.now();
  const { rollout, updates } = plan(
    caller,
    release,
    devices,
    policy,
    { kind: kind as RolloutTargetKind, label, rollbackOf: null },
    now.getTime(),
  );
  return deps.transact(async (tx) => {
    await tx.firmware.insertRollout(rollout, updates);
    // Its first wave starts as soon as the server's job queue takes it (decision 0127).
    await tx.firmware.scheduleAdvance?.(rollout.id, now.getTime(), 'at');
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: ROLLOUT_AUDIT_ENTITY,
        entityId: rollout.id,
        action: 'Assign',
        summary: `Started rollout of ${rollout.version} to ${devices.length} devices (${label})`,
        changes: diffFields(null, audited(rollout)),
      },
      now,
    );
    return rolloutApi(rollout, updates);
  });
}

type StateAction = 'pause' | 'resume' | 'cancel';
const STATE_ACTION_BIT: Record<StateAction, number> = {
  pause: ACTION.CHANGE_STATUS,
  resume: ACTION.CHANGE_STATUS,
  cancel: ACTION.DELETE,
};

/**
 * POST /firmware-rollouts/{id}/pause|resume|cancel: the state machine's transitions (decision 0074). Pause and resume
 * need `FOTA` with Change Status, cancel with Delete; a rollout in another state answers 409. Read again inside the
 * transaction, so two at once change it once. Audited as Command / Update.
 */
export async function changeFirmwareRolloutState(
  deps: FirmwareDeps,
  caller: Caller,
  input: { id: string; action: StateAction },
): Promise<ApiRollout> {
  requirePermission(caller, 'FOTA', STATE_ACTION_BIT[input.action]);
  await rolloutOr404(deps.firmware, caller, input.id);
  const now = deps.now();
  return deps.transact(async (tx) => {
    const rollout = await rolloutOr404(tx.firmware, caller, input.id);
    let updates = await tx.firmware.updatesOf(rollout.id);
    let next: RolloutRecord;
    if (input.action === 'pause') {
      if (rollout.status !== 'running')
        throw conflict(`Only a running rollout can be paused; this one is ${rollout.status}.`);
      next = pauseRollout(rollout, `Paused by ${caller.user.name}`);
    } else if (input.action === 'resume') {
      if (rollout.status !== 'paused')
        throw conflict(`Only a paused rollout can be resumed; this one is ${rollout.status}.`);
      next = resumeRollout(rollout);
    } else {
      if (rollout.status !== 'running' && rollout.status !== 'paused')
        throw conflict(`Only a running or paused rollout can be cancelled; this one is ${rollout.status}.`);
      const cancelled = cancelRollout(rollout, updates, now.getTime());
      next = cancelled.rollout;
      await tx.firmware.saveUpdates(cancelled.changed);
      const byId = new Map(cancelled.changed.map((u) => [u.id, u]));
      updates = updates.map((u) => byId.get(u.id) ?? u);
    }
    next = { ...next, updatedAt: now.getTime() };
    if (!(await tx.firmware.saveRollout(next, rollout.status)))
      throw conflict('The rollout changed meanwhile; read it again.');
    // The next advance decides what follows: devices of a resumed wave are sent, a cancelled rollout finishes.
    await tx.firmware.scheduleAdvance?.(rollout.id, now.getTime(), 'no-later');
    const verb = { pause: 'Paused', resume: 'Resumed', cancel: 'Cancelled' }[input.action];
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: ROLLOUT_AUDIT_ENTITY,
        entityId: rollout.id,
        action: 'Update',
        summary: `${verb} rollout of ${rollout.version}`,
        changes: diffFields(audited(rollout), audited(next)),
      },
      now,
    );
    return rolloutApi(next, updates);
  });
}

/**
 * POST /firmware-rollouts/{id}/rollback: a new one-wave rollout (same preconditions) of the release the rolled-out one
 * replaces, to its failed devices. Needs `FOTA` with Assign; 409 when there is no earlier release or no failed device.
 */
export async function rollbackFirmwareRollout(
  deps: FirmwareDeps,
  caller: Caller,
  input: { id: string },
): Promise<ApiRollout> {
  requirePermission(caller, 'FOTA', ACTION.ASSIGN);
  const store = deps.firmware;
  const rollout = await rolloutOr404(store, caller, input.id);
  const release = await store.getRelease(rollout.releaseId);
  const previous = release?.replacesReleaseId ? await store.getRelease(release.replacesReleaseId) : undefined;
  if (!previous) throw conflict(`${rollout.version} replaces no earlier release, so there is nothing to roll back to.`);
  const failedIds = (await store.updatesOf(rollout.id)).filter((u) => u.phase === 'failed').map((u) => u.deviceId);
  const devices = await store.devices(rollout.deviceType, failedIds);
  if (devices.length === 0) throw conflict('No device of this rollout failed: there is nothing to roll back.');
  const policy: RolloutPolicy = {
    ...rollout.policy,
    canaryPercent: 0,
    waveSize: devices.length,
    minFinishedCount: Math.min(rollout.policy.minFinishedCount, devices.length),
    failureThresholdPercent: 100,
  };
  const now = deps.now();
  const planned = plan(
    caller,
    previous,
    devices,
    policy,
    {
      kind: 'rollback',
      label: `Rollback of ${rollout.version}: ${devices.length} failed devices`,
      rollbackOf: rollout.id,
    },
    now.getTime(),
  );
  return deps.transact(async (tx) => {
    await tx.firmware.insertRollout(planned.rollout, planned.updates);
    await tx.firmware.scheduleAdvance?.(planned.rollout.id, now.getTime(), 'at');
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: ROLLOUT_AUDIT_ENTITY,
        entityId: planned.rollout.id,
        action: 'Assign',
        summary: `Rolled back ${devices.length} failed devices of ${rollout.version} to ${previous.version}`,
        changes: diffFields(null, audited(planned.rollout)),
      },
      now,
    );
    return rolloutApi(planned.rollout, planned.updates);
  });
}
