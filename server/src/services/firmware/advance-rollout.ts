import type { CommandRequest, OtaProgress } from '@/domain/live-payloads';
import { conflict } from '../lib/app-error';
import { commandTopicOf } from '../commands/send-commands';
import type { RolloutRunDeps } from './firmware-store';
import type { OtaUpdateRecord, RolloutRecord } from './firmware-types';
import {
  advanceRolloutAt,
  applyDeviceReport,
  type DeviceReport,
  hashString,
  isOpen,
  type OtaUpdateState,
  rolloutProgressOf,
  timeOutSilent,
  waveOpen,
} from './rollout-engine';

/**
 * Firmware rollouts on real devices (issue 35 item 3, decision 0127): the server advances a rollout when its job in
 * the queue is due, and applies the devices' OTA progress as it arrives. Both run the state machine of
 * `rollout-engine.ts` (decision 0074), the one the demo runs on its simulated devices.
 */

/** How soon an open wave's waiting devices are looked at again (their vehicle's state may have changed). */
export const WAITING_RECHECK_MS = 2_000;

/** The rollout progress topic (live-topics.md). */
export const rolloutProgressTopic = (rolloutId: string) => `voltline/v1/rollouts/${rolloutId}/progress`;

/** The install request's command id: one per attempt, so a report of an earlier attempt is told apart. */
export const installCommandId = (u: Pick<OtaUpdateState, 'id' | 'attempt'>) =>
  `ota-${hashString(u.id).toString(36)}-${u.attempt + 1}`;

/** The install request published on the vehicle's command topic when its device's install is sent. */
export function installRequestOf(u: OtaUpdateRecord, ts: number): CommandRequest {
  return {
    v: 1,
    commandId: installCommandId(u),
    vehicleUid: u.vehicleId ?? '',
    deviceUid: u.deviceId,
    kind: 'OTA',
    name: 'FIRMWARE_UPDATE',
    params: { version: u.toVersion, deviceSerial: u.deviceSerial, updateId: u.id, attempt: u.attempt },
    ...(u.releaseId ? { releaseId: u.releaseId } : {}),
    ts,
  };
}

/**
 * When an open rollout must be looked at next: the earliest silent-device deadline of a device in flight, the next
 * wave's start, and soon again while devices of an open wave wait for their vehicle; null when nothing can change
 * without a device's report or a user's action (a paused rollout with nothing in flight, a closed one).
 */
export function nextAdvanceAt(r: RolloutRecord, updates: readonly OtaUpdateState[], now: number): number | null {
  if (!isOpen(r)) return null;
  let at = Number.POSITIVE_INFINITY;
  for (const u of updates) {
    if (u.phase === 'sent' || u.phase === 'installing') {
      const since = u.lastReportAt ?? u.startedAt ?? u.sentAt;
      if (since !== null) at = Math.min(at, since + r.policy.timeoutSec * 1000);
    } else if (
      r.status === 'running' &&
      (u.phase === 'queued' || u.phase === 'waiting' || u.phase === 'offline') &&
      waveOpen(r, u)
    ) {
      at = Math.min(at, now + WAITING_RECHECK_MS);
    }
  }
  if (r.status === 'running' && r.nextWaveAt !== null) at = Math.min(at, r.nextWaveAt);
  if (at === Number.POSITIVE_INFINITY) return r.status === 'running' ? now + WAITING_RECHECK_MS : null;
  return Math.max(at, now);
}

export interface AdvanceResult {
  rollout: RolloutRecord | undefined;
  /** Devices whose install was sent in this step (their request was published). */
  sent: OtaUpdateRecord[];
  changed: OtaUpdateRecord[];
  nextAt: number | null;
}

/**
 * Advances one rollout to now (its job in the queue): in one transaction with the rollout locked, silent devices
 * time out, devices of open waves are sent under the preconditions (the vehicles' latest state), the waves, threshold
 * pause and completion are decided, and the next run is scheduled. Then the sent devices' install requests and the
 * rollout's progress are published. A user's pause or cancel that commits meanwhile wins (409, the job runs again).
 */
export async function advanceFirmwareRollout(
  deps: RolloutRunDeps,
  input: { rolloutId: string },
): Promise<AdvanceResult> {
  const now = deps.now().getTime();
  const result = await deps.transact(async (tx) => {
    const rollout = await tx.firmware.lockRollout(input.rolloutId);
    if (!rollout || !isOpen(rollout)) {
      await tx.firmware.scheduleAdvance(input.rolloutId, null, 'at');
      return { rollout, sent: [], changed: [], updates: [], nextAt: null };
    }
    const updates = await tx.firmware.updatesOf(rollout.id);
    const waiting = updates.filter(
      (u) => (u.phase === 'queued' || u.phase === 'waiting' || u.phase === 'offline') && u.vehicleId !== null,
    );
    const conditions = await tx.firmware.vehicleConditions([...new Set(waiting.map((u) => u.vehicleId as string))]);
    const moved = advanceRolloutAt(rollout, updates, now, (vehicleId) =>
      vehicleId === null ? null : (conditions.get(vehicleId) ?? null),
    );
    const before = new Map(updates.map((u) => [u.id, u]));
    const changed = [...moved.changed.values()];
    await tx.firmware.saveUpdates(changed);
    const statusChanged =
      moved.rollout.status !== rollout.status ||
      moved.rollout.currentWave !== rollout.currentWave ||
      moved.rollout.nextWaveAt !== rollout.nextWaveAt ||
      moved.rollout.finishedAt !== rollout.finishedAt;
    const next: RolloutRecord = {
      ...moved.rollout,
      updatedAt: statusChanged || changed.length > 0 ? now : rollout.updatedAt,
    };
    if (!(await tx.firmware.saveRollout(next, rollout.status)))
      throw conflict('The rollout changed meanwhile; it is advanced again.');
    const nextAt = nextAdvanceAt(next, moved.updates, now);
    await tx.firmware.scheduleAdvance(rollout.id, nextAt, 'at');
    const sent = changed.filter((u) => u.phase === 'sent' && before.get(u.id)?.phase !== 'sent');
    return { rollout: next, sent, changed, updates: moved.updates, nextAt };
  });
  // Published after the commit: a device never hears of an install the database does not hold.
  for (const u of result.sent) {
    if (u.vehicleId) await publishQuietly(deps, commandTopicOf(u.vehicleId), installRequestOf(u, now));
  }
  if (result.rollout && result.updates.length > 0) {
    await publishQuietly(
      deps,
      rolloutProgressTopic(result.rollout.id),
      rolloutProgressOf(result.rollout, result.updates, now),
    );
  }
  return { rollout: result.rollout, sent: result.sent, changed: result.changed, nextAt: result.nextAt };
}

/** Whether a vehicle has a session on the broker now: true, false, or undefined when the broker cannot tell. */
export type SessionOf = (vehicleId: string) => boolean | undefined;

/** Why an install in flight at a restart failed its attempt: its vehicle had no session to carry it on. */
export const LOST_AT_RESTART = 'Lost at a server restart: the vehicle was not connected';

export interface RestartRecovery {
  /** Installs past their silent-device deadline: timed out. */
  timedOut: number;
  /** Installs whose vehicle had no session: their attempt failed, then retried (queued again) or failed. */
  lost: number;
  /** Installs whose vehicle has a session: their install request published again (same attempt). */
  resent: number;
}

/**
 * What a server does at start with the installs the last process left in flight (decision 0127): vehicles' sessions
 * are clean and the embedded broker keeps nothing, so an install request published before the restart, or a device's
 * progress on the way, may be lost. For each open rollout with installs sent or installing and not heard of since
 * `startedAt`, in its transaction with the rollout locked, by the rollout rules: an install past its silent-device deadline times out (`timeOutSilent`, not retried);
 * one whose vehicle has no session now failed its attempt (`applyDeviceReport` with a Failed report: retried while the
 * policy's `maxRetries` allows, queued for the next advance to send again, otherwise failed with the reason); one
 * whose vehicle has a session (or the broker cannot tell) gets its install request again, the same attempt and
 * command id (QoS 1 delivers at least once, so a device takes a repeated command id as the one it runs). The rollout's
 * job is brought forward to now. Nothing is left waiting for a request that will never come.
 */
export async function recoverInstallsAfterRestart(
  deps: RolloutRunDeps,
  input: {
    sessionOf: SessionOf;
    /** When this process started: only installs with no sign of life since (sent or reported before) are looked at. */
    startedAt: number;
  },
): Promise<RestartRecovery> {
  const now = deps.now().getTime();
  const counts: RestartRecovery = { timedOut: 0, lost: 0, resent: 0 };
  for (const rolloutId of await deps.firmware.rolloutsInFlight()) {
    const resend = await deps.transact(async (tx) => {
      const rollout = await tx.firmware.lockRollout(rolloutId);
      if (!rollout || !isOpen(rollout)) return [];
      const changed: OtaUpdateRecord[] = [];
      const again: OtaUpdateRecord[] = [];
      for (const u of await tx.firmware.updatesOf(rolloutId)) {
        if (u.phase !== 'sent' && u.phase !== 'installing') continue;
        // Sent by this process, or reported since it started: carried by a session that is alive.
        if ((u.lastReportAt ?? u.startedAt ?? u.sentAt ?? 0) >= input.startedAt) continue;
        const timedOut = timeOutSilent(rollout.policy, u, now);
        if (timedOut !== u) {
          changed.push(timedOut);
          counts.timedOut += 1;
        } else if (u.vehicleId === null || input.sessionOf(u.vehicleId) === false) {
          const report: DeviceReport = { status: 3, progress: u.progress, reason: LOST_AT_RESTART, at: now };
          changed.push(applyDeviceReport(rollout.policy, u, report));
          counts.lost += 1;
        } else again.push(u);
      }
      await tx.firmware.saveUpdates(changed);
      await tx.firmware.scheduleAdvance(rolloutId, now, 'no-later');
      return again;
    });
    for (const u of resend) {
      if (!u.vehicleId) continue;
      await publishQuietly(deps, commandTopicOf(u.vehicleId), installRequestOf(u, now));
      counts.resent += 1;
    }
  }
  return counts;
}

async function publishQuietly(deps: RolloutRunDeps, topic: string, message: object): Promise<void> {
  try {
    await deps.publish(topic, message);
  } catch {
    // The broker is down: a sent device that never hears its request times out and fails (or is retried).
  }
}

/** Why a device's report changed nothing. */
export type OtaRefusal =
  | 'unknown-update'
  | 'other-vehicle'
  | 'other-release'
  | 'stale-attempt'
  | 'ignored-status'
  | 'unchanged';

/**
 * A device's OTA progress (live-topics.md), heard at `at`: applied to the device's sent install by the state
 * machine's rule, only from the vehicle the install was sent to, for the release it was sent, and (when the report
 * names its command) for the current attempt. A finished install sets the device's firmware version, and brings the
 * rollout's next advance forward to now (the wave may have finished). Pending (0) and Device Offline (4) are not
 * reports of an install and change nothing.
 */
export async function applyOtaProgress(
  deps: RolloutRunDeps,
  input: {
    vehicleId: string;
    report: Pick<OtaProgress, 'deviceUid' | 'releaseId' | 'commandId' | 'status' | 'progress'> & {
      reason?: string | undefined;
    };
    at: Date;
  },
): Promise<{ ok: true; update: OtaUpdateRecord } | { ok: false; refusal: OtaRefusal }> {
  const { report } = input;
  if (report.status !== 1 && report.status !== 2 && report.status !== 3)
    return { ok: false, refusal: 'ignored-status' };
  const status = report.status;
  return deps.transact(async (tx) => {
    const found = await tx.firmware.openUpdateOf(report.deviceUid);
    if (!found?.rolloutId) return { ok: false as const, refusal: 'unknown-update' as const };
    if (found.vehicleId !== input.vehicleId) return { ok: false as const, refusal: 'other-vehicle' as const };
    if (found.releaseId !== report.releaseId) return { ok: false as const, refusal: 'other-release' as const };
    if (report.commandId !== undefined && report.commandId !== installCommandId(found))
      return { ok: false as const, refusal: 'stale-attempt' as const };
    // Read again under the rollout's lock: an advance of the same rollout (a time-out) goes first or after, not between.
    const rollout = await tx.firmware.lockRollout(found.rolloutId);
    const current = await tx.firmware.openUpdateOf(report.deviceUid);
    if (!rollout || current?.id !== found.id || current.attempt !== found.attempt)
      return { ok: false as const, refusal: 'unknown-update' as const };
    const deviceReport: DeviceReport = {
      status,
      progress: report.progress,
      reason: report.reason ?? null,
      at: input.at.getTime(),
    };
    const next = applyDeviceReport(rollout.policy, current, deviceReport);
    if (next === current) return { ok: false as const, refusal: 'unchanged' as const };
    await tx.firmware.saveUpdates([next]);
    if (next.phase === 'completed') await tx.firmware.setFirmwareVersion(next.deviceId, next.toVersion);
    if (next.phase !== current.phase) await tx.firmware.scheduleAdvance(rollout.id, input.at.getTime(), 'no-later');
    return { ok: true as const, update: next };
  });
}
