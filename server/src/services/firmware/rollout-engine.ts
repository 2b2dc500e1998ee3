/**
 * The staged-rollout state machine (decision 0074), once for the server and the demo: pure functions over a rollout
 * and its per-device updates. Whoever hears the devices hands their reports to {@link applyDeviceReport}, then moves
 * the rollout to an instant with {@link advanceRolloutAt} (dispatch under the preconditions, the silent-device
 * time-out, the waves, the threshold pause, completion). The server does both from the devices' OTA progress over
 * MQTT and its job queue (`advance-rollout.ts`, decision 0127); the demo from its simulated devices
 * (`mocks/world/firmware-rollout.ts`, decision 0075).
 */
import type { RolloutProgress } from '@/domain/live-payloads';

/** Firmware update status (portal spec §3): Pending/command sent 0, In Progress 1, Completed 2, Failed 3, Device Offline 4. */
export type OtaStatus = 0 | 1 | 2 | 3 | 4;

/**
 * Where one device is in a rollout. `queued`: its wave has not started; `waiting`: its wave started but a precondition
 * fails (the reason is kept); `sent`: the install command went out; `installing`; then `completed` or `failed`;
 * `offline`: the device could not be reached and is retried when it reconnects; `skipped`: cancelled before it was sent.
 */
export type OtaPhase = 'queued' | 'waiting' | 'sent' | 'installing' | 'completed' | 'failed' | 'offline' | 'skipped';

export const PHASE_STATUS: Record<OtaPhase, OtaStatus> = {
  queued: 0,
  waiting: 0,
  sent: 0,
  installing: 1,
  completed: 2,
  failed: 3,
  offline: 4,
  skipped: 0,
};

export interface Preconditions {
  /** State of charge must be at least this (0 = no check). */
  minSoc: number;
  parked: boolean;
  notCharging: boolean;
  ignitionOff: boolean;
  connected: boolean;
}

export interface RolloutPolicy {
  /** Share of the devices in the first (canary) wave, 0-50; 0 = no canary wave. */
  canaryPercent: number;
  /** Devices per wave after the canary. */
  waveSize: number;
  /** Wait after a wave has finished before the next one starts. */
  pauseBetweenWavesSec: number;
  /** The rollout pauses itself when more than this share of a wave's finished devices failed... */
  failureThresholdPercent: number;
  /** ...once at least this many devices of the wave have finished. */
  minFinishedCount: number;
  /** A device that reports no progress for this long while installing has failed (timed out). */
  timeoutSec: number;
  /** How often a failed install is tried again (a time-out is not retried: the device may be bricked). */
  maxRetries: number;
  preconditions: Preconditions;
}

export type RolloutStatus = 'running' | 'paused' | 'cancelled' | 'completed';

/** A rollout's state as the state machine reads and writes it (instants in epoch ms). */
export interface RolloutState {
  id: string;
  status: RolloutStatus;
  pauseReason: string | null;
  policy: RolloutPolicy;
  waveCount: number;
  /** The wave being installed (0 = canary, or the first wave). */
  currentWave: number;
  waveStartedAt: number;
  /** Set once the current wave finished: when the next starts. */
  nextWaveAt: number | null;
  /** A wave whose threshold pause was resumed does not pause again. */
  thresholdResumedWave: number | null;
  startedAt: number;
  finishedAt: number | null;
  /** Up to when the rollout has been advanced. */
  advancedAt: number;
}

export interface OtaUpdateState {
  id: string;
  deviceId: string;
  deviceSerial: string;
  vehicleId: string | null;
  wave: number;
  phase: OtaPhase;
  status: OtaStatus;
  attempt: number;
  waitingReason: string | null;
  failureReason: string | null;
  progress: number;
  sentAt: number | null;
  startedAt: number | null;
  finishedAt: number | null;
  lastReportAt: number | null;
}

/** What the preconditions look at: the vehicle's state at one instant. */
export interface VehicleCondition {
  soc: number;
  parked: boolean;
  charging: boolean;
  ignitionOn: boolean;
  connected: boolean;
}

const DRIVING: ReadonlySet<number> = new Set([64, 66, 67]);
const CHARGING: ReadonlySet<number> = new Set([80, 81, 82]);
const IGNITION_OFF: ReadonlySet<number> = new Set([0, 96]);

/** What the preconditions see of a vehicle from its latest state: state of charge, state code and whether it is live. */
export function vehicleConditionOf(v: { soc: number; stateCode: number; isLive: boolean }): VehicleCondition {
  return {
    soc: v.soc,
    parked: !DRIVING.has(v.stateCode),
    charging: CHARGING.has(v.stateCode),
    ignitionOn: !IGNITION_OFF.has(v.stateCode),
    connected: v.isLive,
  };
}

/** Why a device must wait, or null when every precondition holds. */
export function preconditionFailure(pre: Preconditions, v: VehicleCondition | null): string | null {
  if (!v) return pre.connected ? 'Not fitted to a vehicle that reports its state' : null;
  const reasons: string[] = [];
  if (pre.connected && !v.connected) reasons.push('not connected');
  if (pre.minSoc > 0 && v.soc < pre.minSoc)
    reasons.push(`state of charge ${Math.round(v.soc)} % below ${pre.minSoc} %`);
  if (pre.parked && !v.parked) reasons.push('not parked');
  if (pre.notCharging && v.charging) reasons.push('charging');
  if (pre.ignitionOff && v.ignitionOn) reasons.push('ignition on');
  if (reasons.length === 0) return null;
  const text = reasons.join(', ');
  return `${text[0]?.toUpperCase()}${text.slice(1)}`;
}

/** Splits `count` devices into waves: the canary share first (at least one device when the share is above 0). */
export function planWaves(count: number, canaryPercent: number, waveSize: number): number[] {
  const sizes: number[] = [];
  let left = count;
  if (canaryPercent > 0 && left > 0) {
    const canary = Math.min(left, Math.max(1, Math.ceil((count * canaryPercent) / 100)));
    sizes.push(canary);
    left -= canary;
  }
  const size = Math.max(1, waveSize);
  while (left > 0) {
    const next = Math.min(size, left);
    sizes.push(next);
    left -= next;
  }
  return sizes;
}

/** FNV-1a of a text: the stable shuffle of a rollout's devices (and the demo simulation's per-device dice). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The devices of a new rollout in their stable shuffled order, so that the canary is not always the oldest devices. */
export function rolloutOrder<T extends { id: string }>(rolloutId: string, devices: readonly T[]): T[] {
  return [...devices].sort((a, b) => hashString(`${rolloutId}:${a.id}`) - hashString(`${rolloutId}:${b.id}`));
}

const TERMINAL: ReadonlySet<OtaPhase> = new Set(['completed', 'failed', 'skipped']);
export const isTerminal = (phase: OtaPhase) => TERMINAL.has(phase);

/** The update in another phase, with the status of that phase. */
export function withPhase<U extends OtaUpdateState>(u: U, phase: OtaPhase, changes: Partial<OtaUpdateState> = {}): U {
  return { ...u, ...changes, phase, status: PHASE_STATUS[phase] };
}

export interface WaveSummary {
  wave: number;
  total: number;
  completed: number;
  failed: number;
  inProgress: number;
  waiting: number;
  pending: number;
  skipped: number;
}

export function summariseWaves(waveCount: number, updates: readonly Pick<OtaUpdateState, 'wave' | 'phase'>[]) {
  const waves: WaveSummary[] = Array.from({ length: waveCount }, (_, wave) => ({
    wave,
    total: 0,
    completed: 0,
    failed: 0,
    inProgress: 0,
    waiting: 0,
    pending: 0,
    skipped: 0,
  }));
  for (const u of updates) {
    const w = waves[u.wave];
    if (!w) continue;
    w.total += 1;
    if (u.phase === 'completed') w.completed += 1;
    else if (u.phase === 'failed') w.failed += 1;
    else if (u.phase === 'installing' || u.phase === 'sent') w.inProgress += 1;
    else if (u.phase === 'waiting' || u.phase === 'offline') w.waiting += 1;
    else if (u.phase === 'skipped') w.skipped += 1;
    else w.pending += 1;
  }
  return waves;
}

/** True when the rollout may still change (running, paused, or cancelled with devices still installing). */
export const isOpen = (r: Pick<RolloutState, 'status' | 'finishedAt'>) =>
  r.status !== 'completed' && !(r.status === 'cancelled' && r.finishedAt !== null);

/**
 * The rollout-level decisions at instant `t`: threshold pause, wave end, next wave, completion. `speed` runs the pause
 * between waves faster (the demo's simulated clock; 1 for real devices). Returns the same object when nothing changed.
 */
export function stepRollout<R extends RolloutState>(
  rollout: R,
  updates: readonly Pick<OtaUpdateState, 'wave' | 'phase'>[],
  t: number,
  speed = 1,
): R {
  if (rollout.status === 'completed') return rollout;
  const wave = summariseWaves(rollout.waveCount, updates)[rollout.currentWave];
  if (!wave) return rollout;
  const finished = wave.completed + wave.failed;
  const open = wave.total - finished - wave.skipped;
  if (rollout.status === 'cancelled') {
    const anyInFlight = updates.some((u) => u.phase === 'sent' || u.phase === 'installing');
    return anyInFlight || rollout.finishedAt !== null ? rollout : { ...rollout, finishedAt: t };
  }
  const { failureThresholdPercent, minFinishedCount } = rollout.policy;
  if (
    rollout.status === 'running' &&
    rollout.thresholdResumedWave !== rollout.currentWave &&
    finished >= Math.max(1, minFinishedCount) &&
    (wave.failed / finished) * 100 > failureThresholdPercent
  ) {
    const share = Math.round((wave.failed / finished) * 100);
    return {
      ...rollout,
      status: 'paused',
      pauseReason: `Paused by itself: ${wave.failed} of ${finished} finished devices of wave ${rollout.currentWave + 1} failed (${share} % > ${failureThresholdPercent} %)`,
    };
  }
  if (rollout.status !== 'running' || open > 0) return rollout;
  if (rollout.currentWave + 1 >= rollout.waveCount) return { ...rollout, status: 'completed', finishedAt: t };
  if (rollout.nextWaveAt === null) {
    return { ...rollout, nextWaveAt: t + (rollout.policy.pauseBetweenWavesSec * 1000) / speed };
  }
  if (t < rollout.nextWaveAt) return rollout;
  return { ...rollout, currentWave: rollout.currentWave + 1, waveStartedAt: t, nextWaveAt: null };
}

/** True when the device's wave is open: an earlier wave, or the current one once it has started. */
export const waveOpen = (rollout: RolloutState, u: Pick<OtaUpdateState, 'wave'>) =>
  u.wave < rollout.currentWave || (u.wave === rollout.currentWave && rollout.nextWaveAt === null);

/** What a device reports of its install (the OTA progress topic): In Progress 1, Completed 2 or Failed 3. */
export interface DeviceReport {
  status: 1 | 2 | 3;
  /** Percent, 0-100. */
  progress: number;
  /** Why it failed (Failed only). */
  reason?: string | null;
  /** When the report was heard (epoch ms). */
  at: number;
}

/** The reason a failed install is stored with when the device gave none. */
export const NO_REASON_FAILURE = 'The device reported a failed install.';

/**
 * A device's report applied to its update: the first report of a sent install starts it, progress moves forward
 * only, Completed finishes it, Failed is retried while the policy allows (the next attempt queues again) and fails it
 * after. Only a sent or installing update takes a report; anything else answers the same object.
 */
export function applyDeviceReport<U extends OtaUpdateState>(policy: RolloutPolicy, u: U, report: DeviceReport): U {
  if (u.phase !== 'sent' && u.phase !== 'installing') return u;
  const startedAt = u.startedAt ?? report.at;
  if (report.status === 2) {
    return withPhase(u, 'completed', { progress: 100, startedAt, finishedAt: report.at, lastReportAt: report.at });
  }
  if (report.status === 3) {
    const reason = report.reason?.trim() ? report.reason.trim() : NO_REASON_FAILURE;
    if (u.attempt < policy.maxRetries) {
      return withPhase(u, 'queued', {
        attempt: u.attempt + 1,
        failureReason: `Attempt ${u.attempt + 1} failed: ${reason}; retrying`,
        progress: 0,
        sentAt: null,
        startedAt: null,
        lastReportAt: null,
      });
    }
    return withPhase(u, 'failed', { failureReason: reason, startedAt, finishedAt: report.at, lastReportAt: report.at });
  }
  const progress = Math.max(u.progress, Math.min(100, Math.max(0, Math.floor(report.progress))));
  if (u.phase === 'sent') return withPhase(u, 'installing', { startedAt, lastReportAt: report.at, progress });
  return { ...u, progress, lastReportAt: report.at };
}

/**
 * The silent-device time-out: a sent or installing device that has reported nothing for the policy's `timeoutSec`
 * (since its last report, or since the install was sent) fails; a time-out is not retried (the device may be
 * bricked). `speed` runs the time-out faster (the demo's simulated clock; 1 for real devices).
 */
export function timeOutSilent<U extends OtaUpdateState>(policy: RolloutPolicy, u: U, t: number, speed = 1): U {
  if (u.phase !== 'sent' && u.phase !== 'installing') return u;
  const since = u.lastReportAt ?? u.startedAt ?? u.sentAt;
  if (since === null) return u;
  const timeoutMs = (policy.timeoutSec * 1000) / speed;
  if (t - since < timeoutMs) return u;
  return withPhase(u, 'failed', {
    finishedAt: since + timeoutMs,
    failureReason: `Timed out: no progress report for ${policy.timeoutSec} s`,
  });
}

const AWAITING_DISPATCH: ReadonlySet<OtaPhase> = new Set(['queued', 'waiting', 'offline']);

/**
 * One device of a running rollout whose wave is open, at instant `t`: Device Offline (retried when it reconnects)
 * when its vehicle is not connected and the policy does not require it; waiting with the reason while a
 * precondition fails; otherwise its install is sent. Anything else answers the same object.
 */
export function dispatchDevice<U extends OtaUpdateState>(
  rollout: RolloutState,
  u: U,
  condition: VehicleCondition | null,
  t: number,
): U {
  if (!AWAITING_DISPATCH.has(u.phase)) return u;
  if (rollout.status !== 'running' || !waveOpen(rollout, u)) return u;
  const { preconditions } = rollout.policy;
  if (condition && !condition.connected && !preconditions.connected) {
    return u.phase === 'offline' ? u : withPhase(u, 'offline', { waitingReason: 'Device offline' });
  }
  const why = preconditionFailure(preconditions, condition);
  if (why)
    return u.phase === 'waiting' && u.waitingReason === why ? u : withPhase(u, 'waiting', { waitingReason: why });
  return withPhase(u, 'sent', { waitingReason: null, sentAt: t, progress: 0 });
}

/**
 * Moves a rollout to instant `t` (its devices' reports already applied): silent devices time out, devices of open
 * waves are dispatched, then the rollout-level decisions run until nothing changes (a wave that opens at `t` has its
 * devices dispatched at `t`). Returns the rollout, every update, and those that changed (by id); inputs are not
 * mutated. `speed` as in {@link stepRollout}.
 */
export function advanceRolloutAt<R extends RolloutState, U extends OtaUpdateState>(
  rollout: R,
  updates: readonly U[],
  t: number,
  conditionOf: (vehicleId: string | null, t: number) => VehicleCondition | null,
  speed = 1,
): { rollout: R; updates: U[]; changed: Map<string, U> } {
  const changed = new Map<string, U>();
  let state = rollout;
  const dispatchAll = (list: readonly U[]) =>
    list.map((u) => {
      let next = timeOutSilent(state.policy, u, t, speed);
      if (AWAITING_DISPATCH.has(next.phase) && state.status === 'running' && waveOpen(state, next))
        next = dispatchDevice(state, next, conditionOf(next.vehicleId, t), t);
      if (next !== u) changed.set(next.id, next);
      return next;
    });
  let current = dispatchAll(updates);
  let next = stepRollout(state, current, t, speed);
  while (next !== state) {
    const opened = next.currentWave !== state.currentWave;
    state = next;
    if (opened) current = dispatchAll(current);
    next = stepRollout(state, current, t, speed);
  }
  return { rollout: { ...state, advancedAt: Math.max(state.advancedAt, t) }, updates: current, changed };
}

/** A rollout's progress summed over its devices: the payload of the live rollout topic (live-topics.md). */
export function rolloutProgressOf(
  rollout: Pick<RolloutState, 'id' | 'status' | 'currentWave' | 'waveCount'> & { releaseId: string },
  updates: readonly Pick<OtaUpdateState, 'wave' | 'phase'>[],
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

/** Pause (by a user): devices already installing finish; no new device starts. */
export function pauseRollout<R extends RolloutState>(r: R, reason: string): R {
  return r.status === 'running' ? { ...r, status: 'paused', pauseReason: reason } : r;
}

/** Resume: a wave paused by its threshold goes on without pausing again for that wave. */
export function resumeRollout<R extends RolloutState>(r: R): R {
  if (r.status !== 'paused') return r;
  return { ...r, status: 'running', pauseReason: null, thresholdResumedWave: r.currentWave };
}

/** Cancel: devices not yet sent are skipped; devices already installing finish. */
export function cancelRollout<R extends RolloutState, U extends OtaUpdateState>(
  r: R,
  updates: readonly U[],
  now: number,
): { rollout: R; changed: U[] } {
  const changed = updates
    .filter((u) => u.phase === 'queued' || u.phase === 'waiting' || u.phase === 'offline')
    .map((u) => withPhase(u, 'skipped', { waitingReason: 'Rollout cancelled before install' }));
  const inFlight = updates.some((u) => u.phase === 'sent' || u.phase === 'installing');
  return {
    rollout: { ...r, status: 'cancelled', pauseReason: null, finishedAt: inFlight ? null : now, nextWaveAt: null },
    changed,
  };
}

/** Semantic versions: `MAJOR.MINOR.PATCH` with an optional `-pre` part. */
export const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?$/;

/** Compares two versions (a pre-release is older than its release); non-semver strings compare by their numbers. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const m = SEMVER.exec(v);
    if (m) return { nums: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] ?? null };
    const nums = v
      .split(/[^\d]+/)
      .filter(Boolean)
      .map(Number);
    return { nums: [nums[0] ?? 0, nums[1] ?? 0, nums[2] ?? 0], pre: null };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i += 1) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === null) return 1;
  if (y.pre === null) return -1;
  return x.pre < y.pre ? -1 : 1;
}
