import { hashString } from './prng';

/**
 * The staged-rollout engine of the demo world (decision 0074): pure functions over a rollout and its per-device
 * updates, advanced by time. The handlers settle a rollout on read and a demo ticker advances it every second; tests
 * call {@link advanceRollout} with chosen instants, so no timer is needed to see a rollout play out.
 */

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

/** Demo-only simulation knobs, fixed when the rollout starts (see mocks/README "Firmware rollouts"). */
export interface RolloutSimulation {
  /** Time runs this many times faster for the simulated devices (1 = realistic demo pace). */
  speed: number;
  /** Serial numbers whose install fails on every attempt. */
  failSerials: string[];
  /** Serial numbers that stop reporting while installing (they time out). */
  silentSerials: string[];
  /** False: no random failures or silent devices, only the injected ones (browser tests). Default true. */
  random?: boolean;
}

export type RolloutStatus = 'running' | 'paused' | 'cancelled' | 'completed';

export interface RolloutState {
  id: string;
  status: RolloutStatus;
  pauseReason: string | null;
  policy: RolloutPolicy;
  simulation: RolloutSimulation;
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
  /** Up to when the engine has advanced. */
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

type Outcome = { kind: 'ok' | 'fail' | 'silent'; durationMs: number; stopAt: number; reason: string };

const FAILURE_REASONS = [
  'Checksum mismatch after download',
  'Flash write error at block 0x3F',
  'Supply voltage dropped during install',
  'Bootloader rejected the image signature',
] as const;

/** How one attempt of one device goes in the demo: about 1 in 12 fail, 1 in 40 go silent; 20-60 s at speed 1. */
export function simulatedOutcome(update: OtaUpdateState, sim: RolloutSimulation): Outcome {
  const h = hashString(`${update.id}:${update.attempt}`);
  const durationMs = (20_000 + (h % 40_001)) / sim.speed;
  const stopAt = 0.2 + ((h >>> 8) % 60) / 100;
  const reason = FAILURE_REASONS[(h >>> 4) % FAILURE_REASONS.length] as string;
  const forcedFail = sim.failSerials.includes(update.deviceSerial);
  const forcedSilent = sim.silentSerials.includes(update.deviceSerial);
  const roll = (h >>> 12) % 120;
  const kind = forcedSilent
    ? 'silent'
    : forcedFail
      ? 'fail'
      : sim.random === false
        ? 'ok'
        : roll < 3
          ? 'silent'
          : roll < 13
            ? 'fail'
            : 'ok';
  return { kind, durationMs, stopAt, reason };
}

/** How long the command takes to reach a device and be acknowledged: 2-5 s at speed 1. */
export function ackDelayMs(update: OtaUpdateState, sim: RolloutSimulation): number {
  return (2000 + (hashString(`${update.id}:ack:${update.attempt}`) % 3001)) / sim.speed;
}

const TERMINAL: ReadonlySet<OtaPhase> = new Set(['completed', 'failed', 'skipped']);
export const isTerminal = (phase: OtaPhase) => TERMINAL.has(phase);

function withPhase(u: OtaUpdateState, phase: OtaPhase, changes: Partial<OtaUpdateState> = {}): OtaUpdateState {
  return { ...u, ...changes, phase, status: PHASE_STATUS[phase] };
}

/** One device at instant `t`: returns the same object when nothing changed. */
function stepDevice(
  rollout: RolloutState,
  u: OtaUpdateState,
  t: number,
  conditionOf: (vehicleId: string | null, t: number) => VehicleCondition | null,
): OtaUpdateState {
  const { policy, simulation } = rollout;
  const waveOpen = u.wave < rollout.currentWave || (u.wave === rollout.currentWave && rollout.nextWaveAt === null);
  switch (u.phase) {
    case 'queued':
    case 'waiting':
    case 'offline': {
      if (rollout.status !== 'running' || !waveOpen) return u;
      const condition = conditionOf(u.vehicleId, t);
      if (condition && !condition.connected && !policy.preconditions.connected) {
        return u.phase === 'offline' ? u : withPhase(u, 'offline', { waitingReason: 'Device offline' });
      }
      const why = preconditionFailure(policy.preconditions, condition);
      if (why)
        return u.phase === 'waiting' && u.waitingReason === why ? u : withPhase(u, 'waiting', { waitingReason: why });
      return withPhase(u, 'sent', { waitingReason: null, sentAt: t, progress: 0 });
    }
    case 'sent': {
      const at = (u.sentAt ?? t) + ackDelayMs(u, simulation);
      if (t < at) return u;
      return withPhase(u, 'installing', { startedAt: at, lastReportAt: at, progress: 0 });
    }
    case 'installing': {
      const outcome = simulatedOutcome(u, simulation);
      const started = u.startedAt ?? t;
      const elapsed = t - started;
      if (outcome.kind === 'ok' && elapsed >= outcome.durationMs) {
        return withPhase(u, 'completed', { progress: 100, finishedAt: started + outcome.durationMs, lastReportAt: t });
      }
      if (outcome.kind === 'fail' && elapsed >= outcome.durationMs * outcome.stopAt) {
        const finishedAt = started + outcome.durationMs * outcome.stopAt;
        if (u.attempt < policy.maxRetries) {
          return withPhase(u, 'queued', {
            attempt: u.attempt + 1,
            failureReason: `Attempt ${u.attempt + 1} failed: ${outcome.reason}; retrying`,
            progress: 0,
            sentAt: null,
            startedAt: null,
            lastReportAt: null,
          });
        }
        return withPhase(u, 'failed', { failureReason: outcome.reason, finishedAt });
      }
      // Progress reports: every 5 % (a silent device stops reporting at `stopAt`).
      const fraction = Math.min(elapsed / outcome.durationMs, outcome.kind === 'ok' ? 1 : outcome.stopAt);
      const progress = Math.floor(fraction * 20) * 5;
      const lastReportAt = progress > u.progress ? started + (progress / 100) * outcome.durationMs : u.lastReportAt;
      const silentFor = t - (lastReportAt ?? started);
      // The time-out is in simulated seconds, like the install durations.
      const timeoutMs = (policy.timeoutSec * 1000) / simulation.speed;
      if (outcome.kind === 'silent' && silentFor >= timeoutMs) {
        return withPhase(u, 'failed', {
          progress,
          lastReportAt,
          finishedAt: (lastReportAt ?? started) + timeoutMs,
          failureReason: `Timed out: no progress report for ${policy.timeoutSec} s`,
        });
      }
      return progress === u.progress ? u : { ...u, progress, lastReportAt };
    }
    default:
      return u;
  }
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

export function summariseWaves(waveCount: number, updates: readonly OtaUpdateState[]): WaveSummary[] {
  const waves = Array.from({ length: waveCount }, (_, wave) => ({
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

/** The rollout-level decisions at instant `t`: threshold pause, wave end, next wave, completion. */
function stepRollout(rollout: RolloutState, updates: readonly OtaUpdateState[], t: number): RolloutState {
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
    return { ...rollout, nextWaveAt: t + (rollout.policy.pauseBetweenWavesSec * 1000) / rollout.simulation.speed };
  }
  if (t < rollout.nextWaveAt) return rollout;
  return { ...rollout, currentWave: rollout.currentWave + 1, waveStartedAt: t, nextWaveAt: null };
}

/** How finely time is stepped: a second of simulated time, but at most 600 steps per call (a long gap is coarser). */
const STEP_MS = 1000;
const MAX_STEPS = 600;

/**
 * Advances a rollout from `rollout.advancedAt` to `now`. Returns the new rollout and the updates that changed (by id);
 * inputs are not mutated.
 */
export function advanceRollout(
  rollout: RolloutState,
  updates: readonly OtaUpdateState[],
  now: number,
  conditionOf: (vehicleId: string | null, t: number) => VehicleCondition | null,
): { rollout: RolloutState; changed: Map<string, OtaUpdateState>; updates: OtaUpdateState[] } {
  const changed = new Map<string, OtaUpdateState>();
  let current = [...updates];
  let state = rollout;
  if (now <= rollout.advancedAt) return { rollout, changed, updates: current };
  const span = now - rollout.advancedAt;
  const step = Math.max(STEP_MS / rollout.simulation.speed, span / MAX_STEPS);
  for (let t = Math.min(now, rollout.advancedAt + step); ; t = Math.min(now, t + step)) {
    current = current.map((u) => {
      const next = stepDevice(state, u, t, conditionOf);
      if (next !== u) changed.set(next.id, next);
      return next;
    });
    // A wave may open or close at this instant: let the devices react to it in the same instant.
    let next = stepRollout(state, current, t);
    while (next !== state) {
      const opened = next.currentWave !== state.currentWave;
      state = next;
      if (opened) {
        current = current.map((u) => {
          const n = stepDevice(state, u, t, conditionOf);
          if (n !== u) changed.set(n.id, n);
          return n;
        });
      }
      next = stepRollout(state, current, t);
    }
    if (t >= now) break;
  }
  return { rollout: { ...state, advancedAt: now }, changed, updates: current };
}

/** Pause (by a user): devices already installing finish; no new device starts. */
export function pauseRollout(r: RolloutState, reason: string): RolloutState {
  return r.status === 'running' ? { ...r, status: 'paused', pauseReason: reason } : r;
}

/** Resume: a wave paused by its threshold goes on without pausing again for that wave. */
export function resumeRollout(r: RolloutState): RolloutState {
  if (r.status !== 'paused') return r;
  return { ...r, status: 'running', pauseReason: null, thresholdResumedWave: r.currentWave };
}

/** Cancel: devices not yet sent are skipped; devices already installing finish. */
export function cancelRollout(
  r: RolloutState,
  updates: readonly OtaUpdateState[],
  now: number,
): { rollout: RolloutState; changed: OtaUpdateState[] } {
  const changed = updates
    .filter((u) => u.phase === 'queued' || u.phase === 'waiting' || u.phase === 'offline')
    .map((u) => withPhase(u, 'skipped', { waitingReason: 'Rollout cancelled before install' }));
  const inFlight = updates.some((u) => u.phase === 'sent' || u.phase === 'installing');
  return {
    rollout: { ...r, status: 'cancelled', pauseReason: null, finishedAt: inFlight ? null : now, nextWaveAt: null },
    changed,
  };
}

/**
 * The demo vehicles' state over time: the seeded state holds for a while after the rollout starts, then the driver
 * parks, switches off, unplugs and the vehicle reconnects (and a low battery is charged), so waiting devices go on.
 */
export function simulatedCondition(
  seeded: VehicleCondition,
  vehicleId: string,
  rolloutStartedAt: number,
  t: number,
  speed: number,
): VehicleCondition {
  const settlesAfter = (15_000 + (hashString(`${vehicleId}:settle`) % 60_001)) / speed;
  if (t - rolloutStartedAt < settlesAfter) return seeded;
  return { soc: Math.max(seeded.soc, 80), parked: true, charging: false, ignitionOn: false, connected: true };
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
