import {
  type OtaUpdateState,
  preconditionFailure,
  type RolloutState as ServiceRolloutState,
  stepRollout,
  type VehicleCondition,
  waveOpen,
  withPhase,
} from '@services/firmware/rollout-engine';
import { hashString } from './prng';

/**
 * The demo's simulation of the devices in a staged rollout (decision 0075): how each simulated device acknowledges,
 * installs, reports progress, fails or goes silent, advanced by time. The rollout's state machine (waves, threshold
 * pause, pause/resume/cancel, preconditions, version order) is the services' (`@services/firmware/rollout-engine`,
 * decision 0074): this file calls it after each simulated step. Tests call {@link advanceRollout} with chosen
 * instants, so no timer is needed to see a rollout play out.
 */

export {
  cancelRollout,
  compareVersions,
  isTerminal,
  type OtaPhase,
  type OtaStatus,
  type OtaUpdateState,
  PHASE_STATUS,
  planWaves,
  type Preconditions,
  pauseRollout,
  preconditionFailure,
  type RolloutPolicy,
  type RolloutStatus,
  resumeRollout,
  SEMVER,
  summariseWaves,
  type VehicleCondition,
  type WaveSummary,
} from '@services/firmware/rollout-engine';

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

/** A rollout's state in the demo: the services' state and the simulation knobs it started with. */
export interface RolloutState extends ServiceRolloutState {
  simulation: RolloutSimulation;
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

/** One device at instant `t`: returns the same object when nothing changed. */
function stepDevice(
  rollout: RolloutState,
  u: OtaUpdateState,
  t: number,
  conditionOf: (vehicleId: string | null, t: number) => VehicleCondition | null,
): OtaUpdateState {
  const { policy, simulation } = rollout;
  const open = waveOpen(rollout, u);
  switch (u.phase) {
    case 'queued':
    case 'waiting':
    case 'offline': {
      if (rollout.status !== 'running' || !open) return u;
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
    let next = stepRollout(state, current, t, state.simulation.speed);
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
      next = stepRollout(state, current, t, state.simulation.speed);
    }
    if (t >= now) break;
  }
  return { rollout: { ...state, advancedAt: now }, changed, updates: current };
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
