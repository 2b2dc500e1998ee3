import { describe, expect, test } from 'vitest';
import {
  advanceFirmwareRollout,
  applyOtaProgress,
  installCommandId,
  LOST_AT_RESTART,
  recoverInstallsAfterRestart,
  rolloutProgressTopic,
} from './advance-rollout';
import type { RolloutRunDeps, RolloutRunStore } from './firmware-store';
import type { OtaUpdateRecord, RolloutRecord } from './firmware-types';
import { planWaves, type RolloutPolicy, resumeRollout, type VehicleCondition } from './rollout-engine';

/**
 * The wave logic as the server runs it (decision 0127): through `advanceFirmwareRollout` (the job queue's work) and
 * `applyOtaProgress` (a device's report), over an in-memory store.
 */

const READY: VehicleCondition = { soc: 90, parked: true, charging: false, ignitionOn: false, connected: true };

const POLICY: RolloutPolicy = {
  canaryPercent: 0,
  waveSize: 3,
  pauseBetweenWavesSec: 0,
  failureThresholdPercent: 50,
  minFinishedCount: 2,
  timeoutSec: 60,
  maxRetries: 0,
  preconditions: { minSoc: 30, parked: true, notCharging: false, ignitionOff: false, connected: true },
};

const T0 = 1_767_600_000_000;

function world(count: number, policy: Partial<RolloutPolicy> = {}) {
  const p = { ...POLICY, ...policy };
  const waves = planWaves(count, p.canaryPercent, p.waveSize);
  let rollout: RolloutRecord = {
    id: 'rol-1',
    releaseId: 'fw-2',
    version: '2.0.0',
    deviceType: 'BMS',
    modelId: 'm-1',
    oemId: 'oem-1',
    targetKind: 'filter',
    targetLabel: 'Filter',
    deviceCount: count,
    rollbackOf: null,
    createdBy: 'Test',
    createdAt: T0,
    updatedAt: T0,
    status: 'running',
    pauseReason: null,
    policy: p,
    waveCount: waves.length,
    currentWave: 0,
    waveStartedAt: T0,
    nextWaveAt: null,
    thresholdResumedWave: null,
    startedAt: T0,
    finishedAt: null,
    advancedAt: T0,
  };
  const updates = new Map<string, OtaUpdateRecord>();
  let i = 0;
  waves.forEach((size, wave) => {
    for (let k = 0; k < size; k += 1, i += 1) {
      const u: OtaUpdateRecord = {
        id: `ota-${i}`,
        rolloutId: rollout.id,
        releaseId: 'fw-2',
        deviceId: `dev-${i}`,
        deviceSerial: `SN${i}`,
        deviceType: 'BMS',
        modelId: 'm-1',
        oemId: 'oem-1',
        vehicleId: `veh-${i}`,
        fromVersion: '1.0.0',
        toVersion: '2.0.0',
        wave,
        phase: 'queued',
        status: 0,
        attempt: 0,
        waitingReason: null,
        failureReason: null,
        progress: 0,
        sentAt: null,
        startedAt: null,
        finishedAt: null,
        lastReportAt: null,
        createdAt: T0,
      };
      updates.set(u.id, u);
    }
  });
  const conditions = new Map<string, VehicleCondition>([...updates.values()].map((u) => [u.vehicleId ?? '', READY]));
  const versions = new Map<string, string>();
  const schedule: { at: number | null }[] = [];
  const published: { topic: string; message: Record<string, unknown> }[] = [];
  let clock = T0;
  const store = {
    async lockRollout(id: string) {
      return id === rollout.id ? rollout : undefined;
    },
    async getRollout(id: string) {
      return id === rollout.id ? rollout : undefined;
    },
    async updatesOf() {
      return [...updates.values()];
    },
    async saveUpdates(list: OtaUpdateRecord[]) {
      for (const u of list) updates.set(u.id, u);
    },
    async saveRollout(next: RolloutRecord, from: string) {
      if (rollout.status !== from) return false;
      rollout = next;
      return true;
    },
    async scheduleAdvance(_id: string, at: number | null, mode: 'at' | 'no-later') {
      const last = schedule.at(-1)?.at ?? null;
      schedule.push({ at: mode === 'at' || last === null || at === null ? at : Math.min(last, at) });
    },
    async vehicleConditions(ids: readonly string[]) {
      return new Map(ids.flatMap((id) => (conditions.has(id) ? [[id, conditions.get(id) as VehicleCondition]] : [])));
    },
    async rolloutsInFlight() {
      return [...updates.values()].some((u) => u.phase === 'sent' || u.phase === 'installing') ? [rollout.id] : [];
    },
    async openUpdateOf(deviceId: string) {
      return [...updates.values()].find(
        (u) => u.deviceId === deviceId && (u.phase === 'sent' || u.phase === 'installing'),
      );
    },
    async setFirmwareVersion(deviceId: string, version: string) {
      versions.set(deviceId, version);
    },
  } as unknown as RolloutRunStore;
  const deps: RolloutRunDeps = {
    firmware: store,
    now: () => new Date(clock),
    transact: (work) => work({ firmware: store }),
    publish: (topic, message) => {
      published.push({ topic, message: message as Record<string, unknown> });
    },
  };
  return {
    deps,
    conditions,
    versions,
    schedule,
    published,
    get rollout() {
      return rollout;
    },
    set rollout(r: RolloutRecord) {
      rollout = r;
    },
    update: (n: number) => updates.get(`ota-${n}`) as OtaUpdateRecord,
    at(ms: number) {
      clock = T0 + ms;
    },
    advance: () => advanceFirmwareRollout(deps, { rolloutId: 'rol-1' }),
    report(
      n: number,
      status: 1 | 2 | 3,
      progress = 0,
      extra: { reason?: string; commandId?: string; vehicleId?: string } = {},
    ) {
      const u = updates.get(`ota-${n}`) as OtaUpdateRecord;
      return applyOtaProgress(deps, {
        vehicleId: extra.vehicleId ?? (u.vehicleId as string),
        report: {
          deviceUid: u.deviceId,
          releaseId: 'fw-2',
          status,
          progress,
          ...(extra.commandId ? { commandId: extra.commandId } : {}),
          ...(extra.reason ? { reason: extra.reason } : {}),
        },
        at: new Date(clock),
      });
    },
  };
}

describe('advancing a rollout through the service', () => {
  test('sends the first wave only, with one install request per device on its vehicle’s command topic', async () => {
    const w = world(7);
    const result = await w.advance();
    expect(result.sent.map((u) => u.id)).toEqual(['ota-0', 'ota-1', 'ota-2']);
    expect(w.update(3).phase).toBe('queued');
    const requests = w.published.filter((p) => p.topic.endsWith('/commands'));
    expect(requests.map((p) => p.topic)).toEqual([
      'voltline/v1/vehicles/veh-0/commands',
      'voltline/v1/vehicles/veh-1/commands',
      'voltline/v1/vehicles/veh-2/commands',
    ]);
    expect(requests[0]?.message).toMatchObject({
      kind: 'OTA',
      deviceUid: 'dev-0',
      releaseId: 'fw-2',
      commandId: installCommandId(w.update(0)),
    });
    // The rollout's summary goes to its progress topic; the next run is the sent devices' time-out.
    expect(w.published.at(-1)).toMatchObject({
      topic: rolloutProgressTopic('rol-1'),
      message: { inProgress: 3, pending: 4 },
    });
    expect(result.nextAt).toBe(T0 + 60_000);
  });

  test('a failing precondition keeps a device waiting with its reason, re-checked soon, sent once it holds', async () => {
    const w = world(1);
    w.conditions.set('veh-0', { ...READY, soc: 12, parked: false });
    const first = await w.advance();
    expect(w.update(0)).toMatchObject({
      phase: 'waiting',
      waitingReason: 'State of charge 12 % below 30 %, not parked',
    });
    expect(first.nextAt).toBe(T0 + 2_000);
    expect(w.published.filter((p) => p.topic.endsWith('/commands'))).toHaveLength(0);
    w.conditions.set('veh-0', READY);
    w.at(2_000);
    await w.advance();
    expect(w.update(0)).toMatchObject({ phase: 'sent', waitingReason: null, sentAt: T0 + 2_000 });
    // A disconnected vehicle without the connected precondition: Device Offline, retried when it reconnects.
    const offline = world(1, { preconditions: { ...POLICY.preconditions, connected: false } });
    offline.conditions.set('veh-0', { ...READY, connected: false });
    await offline.advance();
    expect(offline.update(0)).toMatchObject({ phase: 'offline', status: 4 });
  });

  test('devices’ reports install them; the next wave starts when the wave has finished; then the rollout completes', async () => {
    const w = world(4);
    await w.advance();
    for (const n of [0, 1, 2]) expect((await w.report(n, 1, 0)).ok).toBe(true);
    await w.advance();
    // Installing: the next look is at the devices' time-out.
    expect(w.schedule.at(-1)?.at).toBe(T0 + 60_000);
    w.at(5_000);
    expect((await w.report(0, 1, 40)).ok).toBe(true);
    expect(w.update(0)).toMatchObject({ phase: 'installing', status: 1, progress: 40, lastReportAt: T0 + 5_000 });
    for (const n of [0, 1, 2]) await w.report(n, 2, 100);
    expect(w.versions.get('dev-0')).toBe('2.0.0');
    // The report brought the rollout's job forward to now.
    expect(w.schedule.at(-1)?.at).toBe(T0 + 5_000);
    await w.advance();
    expect(w.rollout.currentWave).toBe(1);
    expect(w.update(3).phase).toBe('sent');
    await w.report(3, 1, 0);
    await w.report(3, 2, 100);
    const last = await w.advance();
    expect(w.rollout).toMatchObject({ status: 'completed', finishedAt: T0 + 5_000 });
    expect(last.nextAt).toBeNull();
    expect(w.schedule.at(-1)?.at).toBeNull();
  });

  test('halts the rollout once a wave’s failures pass the threshold after the minimum count', async () => {
    const w = world(6, { failureThresholdPercent: 40, minFinishedCount: 2 });
    await w.advance();
    for (const n of [0, 1, 2]) await w.report(n, 1, 0);
    await w.report(0, 3, 30, { reason: 'Flash write error' });
    await w.advance();
    // One finished device is below the minimum count: still running.
    expect(w.rollout.status).toBe('running');
    await w.report(1, 3, 10);
    await w.advance();
    expect(w.rollout.status).toBe('paused');
    expect(w.rollout.pauseReason).toBe('Paused by itself: 2 of 2 finished devices of wave 1 failed (100 % > 40 %)');
    expect(w.update(0)).toMatchObject({ phase: 'failed', status: 3, failureReason: 'Flash write error' });
    expect(w.update(1).failureReason).toBe('The device reported a failed install.');
    // The device still installing finishes while paused; the next wave does not start.
    await w.report(2, 2, 100);
    await w.advance();
    expect([3, 4, 5].map((n) => w.update(n).phase)).toEqual(['queued', 'queued', 'queued']);
    // Resumed by a user, the same wave does not pause again and the next one starts.
    w.rollout = resumeRollout(w.rollout);
    await w.advance();
    expect(w.rollout.currentWave).toBe(1);
    expect(w.update(3).phase).toBe('sent');
  });

  test('retries a failed install while the policy allows; a report of the earlier attempt changes nothing', async () => {
    const w = world(1, { maxRetries: 1, failureThresholdPercent: 100 });
    await w.advance();
    const firstCommand = installCommandId(w.update(0));
    await w.report(0, 1, 0);
    await w.report(0, 3, 20, { reason: 'Checksum mismatch' });
    expect(w.update(0)).toMatchObject({
      phase: 'queued',
      attempt: 1,
      failureReason: 'Attempt 1 failed: Checksum mismatch; retrying',
    });
    await w.advance();
    expect(w.update(0).phase).toBe('sent');
    expect(installCommandId(w.update(0))).not.toBe(firstCommand);
    expect(await w.report(0, 2, 100, { commandId: firstCommand })).toEqual({ ok: false, refusal: 'stale-attempt' });
    expect(await w.report(0, 2, 100, { vehicleId: 'veh-9' })).toEqual({ ok: false, refusal: 'other-vehicle' });
    await w.report(0, 1, 0);
    await w.report(0, 3, 20);
    expect(w.update(0)).toMatchObject({ phase: 'failed', attempt: 1 });
    await w.advance();
    expect(w.rollout.status).toBe('completed');
  });

  test('a silent device times out after the policy’s time-out since its last report, and is not retried', async () => {
    const w = world(2, { timeoutSec: 30, maxRetries: 2, failureThresholdPercent: 100 });
    await w.advance();
    await w.report(0, 1, 0);
    w.at(10_000);
    await w.report(0, 1, 25);
    await w.report(1, 1, 0);
    // Device 1 reported at 10 s, device 0 at 10 s too; the job is due at the first deadline.
    w.at(39_000);
    const early = await w.advance();
    expect(w.update(0).phase).toBe('installing');
    expect(early.nextAt).toBe(T0 + 40_000);
    w.at(40_000);
    await w.report(1, 2, 100);
    await w.advance();
    expect(w.update(0)).toMatchObject({
      phase: 'failed',
      status: 3,
      attempt: 0,
      progress: 25,
      finishedAt: T0 + 40_000,
      failureReason: 'Timed out: no progress report for 30 s',
    });
    expect(w.rollout.status).toBe('completed');
    // A device that never answers its install request times out from when it was sent.
    const mute = world(1, { timeoutSec: 30 });
    await mute.advance();
    mute.at(30_000);
    await mute.advance();
    expect(mute.update(0)).toMatchObject({ phase: 'failed', finishedAt: T0 + 30_000 });
  });

  test('a report for a device with no install in flight, or of another release, changes nothing', async () => {
    const w = world(4);
    expect(await w.report(0, 1, 0)).toEqual({ ok: false, refusal: 'unknown-update' });
    await w.advance();
    const u = w.update(0);
    const other = await applyOtaProgress(w.deps, {
      vehicleId: 'veh-0',
      report: { deviceUid: u.deviceId, releaseId: 'fw-9', status: 1, progress: 0 },
      at: new Date(T0),
    });
    expect(other).toEqual({ ok: false, refusal: 'other-release' });
    expect(await w.report(0, 4 as 1, 0)).toEqual({ ok: false, refusal: 'ignored-status' });
    expect(w.update(0).phase).toBe('sent');
  });

  describe('installs left in flight at a restart (no session carries them any more)', () => {
    /**
     * Four devices in flight at 61 s (the time-out is 60 s): 0 sent at 0 s and silent since, past its deadline; 1 and
     * 2 installing, last heard of at 30 s; 3 sent at 20 s (its vehicle was not ready before).
     */
    async function inFlight(maxRetries: number) {
      const w = world(4, { waveSize: 4, maxRetries });
      w.conditions.set('veh-3', { ...READY, soc: 12 });
      await w.advance();
      w.conditions.set('veh-3', READY);
      w.at(20_000);
      await w.advance();
      w.at(30_000);
      await w.report(1, 1, 30);
      await w.report(2, 1, 30);
      w.at(61_000);
      expect([0, 1, 2, 3].map((n) => w.update(n).phase)).toEqual(['sent', 'installing', 'installing', 'sent']);
      return w;
    }

    test('past the deadline: timed out; no session: the attempt failed, retried; a session: the request again', async () => {
      const w = await inFlight(1);
      const sentBefore = w.published.filter((p) => p.topic.endsWith('/commands')).length;
      // Started at 55 s: every install was last heard of by the process before.
      const sessions = new Set(['veh-1', 'veh-3']);
      const counts = await recoverInstallsAfterRestart(w.deps, {
        sessionOf: (id) => sessions.has(id) || (id === 'veh-0' ? undefined : false),
        startedAt: T0 + 55_000,
      });
      // Device 0: past its deadline whatever its session (the time-out is not retried).
      expect(w.update(0)).toMatchObject({ phase: 'failed', failureReason: 'Timed out: no progress report for 60 s' });
      // Device 2: no session, its attempt failed and is retried: queued for the next advance, attempt 1.
      expect(w.update(2)).toMatchObject({
        phase: 'queued',
        attempt: 1,
        failureReason: `Attempt 1 failed: ${LOST_AT_RESTART}; retrying`,
      });
      // Devices 1 and 3: a session, so the same request again (same attempt, same command id); nothing else changed.
      expect(w.update(1)).toMatchObject({ phase: 'installing', attempt: 0, progress: 30 });
      expect(w.update(3)).toMatchObject({ phase: 'sent', attempt: 0, sentAt: T0 + 20_000 });
      const again = w.published.filter((p) => p.topic.endsWith('/commands')).slice(sentBefore);
      expect(again.map((p) => [p.topic, p.message.commandId])).toEqual([
        ['voltline/v1/vehicles/veh-1/commands', installCommandId(w.update(1))],
        ['voltline/v1/vehicles/veh-3/commands', installCommandId(w.update(3))],
      ]);
      expect(counts).toEqual({ timedOut: 1, lost: 1, resent: 2 });
      // The rollout's job is due (now at the latest); its advance sends the retried device its next attempt.
      expect(w.schedule.at(-1)?.at).toBeLessThanOrEqual(T0 + 61_000);
      await w.advance();
      expect(w.update(2)).toMatchObject({ phase: 'sent', attempt: 1, sentAt: T0 + 61_000 });
      expect(w.published.filter((p) => p.topic.endsWith('/commands')).at(-1)?.message.commandId).toBe(
        installCommandId(w.update(2)),
      );
    });

    test('without retries left, an install whose vehicle has no session fails with the reason', async () => {
      const w = await inFlight(0);
      await recoverInstallsAfterRestart(w.deps, { sessionOf: () => false, startedAt: T0 + 55_000 });
      expect(w.update(0).failureReason).toBe('Timed out: no progress report for 60 s');
      for (const n of [1, 2, 3]) expect(w.update(n)).toMatchObject({ phase: 'failed', failureReason: LOST_AT_RESTART });
    });

    test('installs this process sent, or heard of since it started, are left alone', async () => {
      const w = await inFlight(1);
      const before = w.published.length;
      // Started before the sends: every install in flight is this process's own.
      const counts = await recoverInstallsAfterRestart(w.deps, { sessionOf: () => false, startedAt: T0 });
      expect(counts).toEqual({ timedOut: 0, lost: 0, resent: 0 });
      expect([0, 1, 2, 3].map((n) => w.update(n).phase)).toEqual(['sent', 'installing', 'installing', 'sent']);
      expect(w.published.length).toBe(before);
      // Started at 25 s: devices 1 and 2 (heard of at 30 s) are left alone, even without a session.
      const later = await recoverInstallsAfterRestart(w.deps, {
        sessionOf: (id) => id === 'veh-3',
        startedAt: T0 + 25_000,
      });
      expect(later).toEqual({ timedOut: 1, lost: 0, resent: 1 });
      expect([0, 1, 2, 3].map((n) => w.update(n).phase)).toEqual(['failed', 'installing', 'installing', 'sent']);
    });
  });
});
