import { describe, expect, test } from 'vitest';
import {
  cancelRollout,
  compareVersions,
  type OtaPhase,
  type OtaUpdateState,
  planWaves,
  pauseRollout,
  type RolloutPolicy,
  type RolloutState,
  resumeRollout,
  rolloutOrder,
  stepRollout,
  withPhase,
} from './rollout-engine';

const POLICY: RolloutPolicy = {
  canaryPercent: 20,
  waveSize: 4,
  pauseBetweenWavesSec: 10,
  failureThresholdPercent: 30,
  minFinishedCount: 2,
  timeoutSec: 60,
  maxRetries: 0,
  preconditions: { minSoc: 0, parked: false, notCharging: false, ignitionOff: false, connected: false },
};

function rollout(count: number): { state: RolloutState; updates: OtaUpdateState[] } {
  const waves = planWaves(count, POLICY.canaryPercent, POLICY.waveSize);
  let i = 0;
  const updates = waves.flatMap((size, wave) =>
    Array.from({ length: size }, () => {
      const n = i++;
      return {
        id: `u${n}`,
        deviceId: `d${n}`,
        deviceSerial: `SN${n}`,
        vehicleId: `v${n}`,
        wave,
        phase: 'queued' as OtaPhase,
        status: 0 as const,
        attempt: 0,
        waitingReason: null,
        failureReason: null,
        progress: 0,
        sentAt: null,
        startedAt: null,
        finishedAt: null,
        lastReportAt: null,
      };
    }),
  );
  const state: RolloutState = {
    id: 'r1',
    status: 'running',
    pauseReason: null,
    policy: POLICY,
    waveCount: waves.length,
    currentWave: 0,
    waveStartedAt: 0,
    nextWaveAt: null,
    thresholdResumedWave: null,
    startedAt: 0,
    finishedAt: null,
    advancedAt: 0,
  };
  return { state, updates };
}

const finish = (updates: OtaUpdateState[], wave: number, failed: number) => {
  let k = 0;
  return updates.map((u) => (u.wave === wave ? withPhase(u, k++ < failed ? 'failed' : 'completed') : u));
};

describe('the rollout state machine (decision 0074)', () => {
  test('waves: the canary share first (at least one device), then waves of the wave size', () => {
    expect(planWaves(10, 20, 4)).toEqual([2, 4, 4]);
    expect(planWaves(3, 1, 4)).toEqual([1, 2]);
    expect(planWaves(5, 0, 2)).toEqual([2, 2, 1]);
    const order = rolloutOrder('r1', [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }]);
    expect(rolloutOrder('r1', [{ id: 'd' }, { id: 'c' }, { id: 'b' }, { id: 'a' }])).toEqual(order);
  });

  test('a finished wave waits the pause, then the next opens; the last one completes the rollout', () => {
    const { state, updates } = rollout(6);
    let u = finish(updates, 0, 0);
    const waiting = stepRollout(state, u, 1000);
    expect(waiting.nextWaveAt).toBe(11_000);
    expect(stepRollout(waiting, u, 5000)).toBe(waiting);
    const next = stepRollout(waiting, u, 11_000);
    expect(next).toMatchObject({ currentWave: 1, nextWaveAt: null, waveStartedAt: 11_000 });
    u = finish(u, 1, 0);
    expect(stepRollout(next, u, 20_000)).toMatchObject({ status: 'completed', finishedAt: 20_000 });
  });

  test('more failures than the threshold pause the wave by itself; resumed, that wave does not pause again', () => {
    const { state, updates } = rollout(10);
    const opened = { ...state, currentWave: 1 };
    const u = finish(updates, 1, 2);
    const paused = stepRollout(opened, u, 1000);
    expect(paused.status).toBe('paused');
    expect(paused.pauseReason).toMatch(/2 of 4 finished devices of wave 2 failed \(50 % > 30 %\)/);
    const resumed = resumeRollout(paused);
    expect(resumed).toMatchObject({ status: 'running', pauseReason: null, thresholdResumedWave: 1 });
    expect(stepRollout(resumed, u, 2000).status).toBe('running');
    // Below the minimum finished count it does not pause.
    const one = updates.map((x) => (x.id === 'u2' ? withPhase(x, 'failed') : x));
    expect(stepRollout(opened, one, 1000).status).toBe('running');
  });

  test('pause and resume only from their states; cancel skips what was not sent and waits for installs', () => {
    const { state, updates } = rollout(6);
    expect(resumeRollout(state)).toBe(state);
    const paused = pauseRollout(state, 'Paused by someone');
    expect(pauseRollout(paused, 'again')).toBe(paused);
    const installing = updates.map((u) => (u.id === 'u0' ? withPhase(u, 'installing') : u));
    const { rollout: cancelled, changed } = cancelRollout(paused, installing, 5000);
    expect(cancelled).toMatchObject({ status: 'cancelled', finishedAt: null });
    expect(changed.map((u) => u.phase)).toEqual(Array(5).fill('skipped'));
    const after = installing.map((u) => changed.find((c) => c.id === u.id) ?? u);
    expect(stepRollout(cancelled, after, 6000)).toBe(cancelled);
    const done = after.map((u) => (u.id === 'u0' ? withPhase(u, 'completed') : u));
    expect(stepRollout(cancelled, done, 7000).finishedAt).toBe(7000);
  });

  test('versions: semver order, a pre-release before its release', () => {
    expect(compareVersions('4.0.0', '3.9.21')).toBe(1);
    expect(compareVersions('4.0.0-rc.1', '4.0.0')).toBe(-1);
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0);
  });
});
