import {
  advanceRolloutAt,
  applyDeviceReport,
  type DeviceReport,
  type OtaUpdateState,
  type RolloutState as ServiceRolloutState,
  type VehicleCondition,
} from '@services/firmware/rollout-engine';
import { hashString } from './prng';

/**
 * The demo's simulation of the devices in a staged rollout (decision 0075): how each simulated device acknowledges,
 * installs, reports progress, fails or goes silent, advanced by time. Every rule (what a report does, retries, the
 * silent-device time-out, preconditions, waves, threshold pause, pause/resume/cancel, version order) is the services'
 * (`@services/firmware/rollout-engine`, decisions 0074 and 0127), the one the server runs on real devices' reports:
 * this file only makes up the devices' reports and calls it. Tests call {@link advanceRollout} with chosen instants,
 * so no timer is needed to see a rollout play out.
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
export function simulatedOutcome(
  update: Pick<OtaUpdateState, 'id' | 'attempt' | 'deviceSerial'>,
  sim: RolloutSimulation,
): Outcome {
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
export function ackDelayMs(update: Pick<OtaUpdateState, 'id' | 'attempt'>, sim: RolloutSimulation): number {
  return (2000 + (hashString(`${update.id}:ack:${update.attempt}`) % 3001)) / sim.speed;
}

/**
 * What a simulated device reports at instant `t`, as a vehicle would on its OTA progress topic: the first report once
 * the install command is acknowledged, a progress report every 5 %, then Completed or Failed (a silent device stops
 * reporting). Null when it has nothing new to say.
 */
export function simulatedReport(rollout: RolloutState, u: OtaUpdateState, t: number): DeviceReport | null {
  const { simulation } = rollout;
  if (u.phase === 'sent') {
    const at = (u.sentAt ?? t) + ackDelayMs(u, simulation);
    return t < at ? null : { status: 1, progress: 0, at };
  }
  if (u.phase !== 'installing') return null;
  const outcome = simulatedOutcome(u, simulation);
  const started = u.startedAt ?? t;
  const elapsed = t - started;
  if (outcome.kind === 'ok' && elapsed >= outcome.durationMs) {
    return { status: 2, progress: 100, at: started + outcome.durationMs };
  }
  if (outcome.kind === 'fail' && elapsed >= outcome.durationMs * outcome.stopAt) {
    return {
      status: 3,
      progress: u.progress,
      reason: outcome.reason,
      at: started + outcome.durationMs * outcome.stopAt,
    };
  }
  const fraction = Math.min(elapsed / outcome.durationMs, outcome.kind === 'ok' ? 1 : outcome.stopAt);
  const progress = Math.floor(fraction * 20) * 5;
  return progress > u.progress ? { status: 1, progress, at: started + (progress / 100) * outcome.durationMs } : null;
}

/** One simulated device at instant `t`: its reports applied by the services' rule; the same object when none. */
function stepDevice(rollout: RolloutState, u: OtaUpdateState, t: number): OtaUpdateState {
  let current = u;
  // An acknowledgement and the progress since can arrive within one step.
  for (let i = 0; i < 3; i += 1) {
    const report = simulatedReport(rollout, current, t);
    if (!report) break;
    current = applyDeviceReport(rollout.policy, current, report);
  }
  return current;
}

/** How finely time is stepped: a second of simulated time, but at most 600 steps per call (a long gap is coarser). */
const STEP_MS = 1000;
const MAX_STEPS = 600;

/**
 * Advances a rollout from `rollout.advancedAt` to `now`: at each step the simulated devices report, then the services'
 * {@link advanceRolloutAt} moves the rollout (time-outs, dispatch, waves). Returns the new rollout and the updates that
 * changed (by id); inputs are not mutated.
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
  const speed = rollout.simulation.speed;
  const step = Math.max(STEP_MS / speed, span / MAX_STEPS);
  for (let t = Math.min(now, rollout.advancedAt + step); ; t = Math.min(now, t + step)) {
    current = current.map((u) => {
      const next = stepDevice(state, u, t);
      if (next !== u) changed.set(next.id, next);
      return next;
    });
    const moved = advanceRolloutAt(state, current, t, conditionOf, speed);
    for (const [id, u] of moved.changed) changed.set(id, u);
    state = moved.rollout;
    current = moved.updates;
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
