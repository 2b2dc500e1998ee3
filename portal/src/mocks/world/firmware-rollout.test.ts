import { describe, expect, it } from 'vitest';
import {
  advanceRollout,
  cancelRollout,
  compareVersions,
  type OtaUpdateState,
  planWaves,
  preconditionFailure,
  type RolloutPolicy,
  type RolloutState,
  resumeRollout,
  simulatedOutcome,
  type VehicleCondition,
} from './firmware-rollout';

const READY: VehicleCondition = { soc: 90, parked: true, charging: false, ignitionOn: false, connected: true };
const always = () => READY;

const POLICY: RolloutPolicy = {
  canaryPercent: 0,
  waveSize: 5,
  pauseBetweenWavesSec: 10,
  failureThresholdPercent: 20,
  minFinishedCount: 3,
  timeoutSec: 60,
  maxRetries: 0,
  preconditions: { minSoc: 30, parked: true, notCharging: true, ignitionOff: true, connected: true },
};

function setup(count: number, opts: Partial<RolloutPolicy> = {}, sim: Partial<RolloutState['simulation']> = {}) {
  const policy = { ...POLICY, ...opts };
  const waves = planWaves(count, policy.canaryPercent, policy.waveSize);
  let index = 0;
  const updates: OtaUpdateState[] = waves.flatMap((size, wave) =>
    Array.from({ length: size }, () => {
      const i = index++;
      return {
        id: `u${i}`,
        deviceId: `d${i}`,
        deviceSerial: `SN${i}`,
        vehicleId: `v${i}`,
        wave,
        phase: 'queued' as const,
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
  const rollout: RolloutState = {
    id: 'r1',
    status: 'running',
    pauseReason: null,
    policy,
    simulation: { speed: 1, failSerials: [], silentSerials: [], ...sim },
    waveCount: waves.length,
    currentWave: 0,
    waveStartedAt: 0,
    nextWaveAt: null,
    thresholdResumedWave: null,
    startedAt: 0,
    finishedAt: null,
    advancedAt: 0,
  };
  return { rollout, updates };
}

describe('planWaves', () => {
  it('puts the canary share first, at least one device, then waves of the wave size', () => {
    expect(planWaves(100, 5, 30)).toEqual([5, 30, 30, 30, 5]);
    expect(planWaves(10, 1, 4)).toEqual([1, 4, 4, 1]);
    expect(planWaves(7, 0, 5)).toEqual([5, 2]);
  });
});

describe('preconditions', () => {
  it('names every failing precondition, and none when all hold', () => {
    expect(preconditionFailure(POLICY.preconditions, READY)).toBeNull();
    expect(
      preconditionFailure(POLICY.preconditions, {
        soc: 12,
        parked: false,
        charging: true,
        ignitionOn: true,
        connected: false,
      }),
    ).toBe('Not connected, state of charge 12 % below 30 %, not parked, charging, ignition on');
  });

  it('keeps a device waiting with its reason until the vehicle is ready, then sends the install', () => {
    const { rollout, updates } = setup(1);
    let ready = false;
    const condition = () => (ready ? READY : { ...READY, soc: 10 });
    const first = advanceRollout(rollout, updates, 5_000, condition);
    expect(first.updates[0]).toMatchObject({
      phase: 'waiting',
      status: 0,
      waitingReason: 'State of charge 10 % below 30 %',
    });
    ready = true;
    const second = advanceRollout(first.rollout, first.updates, 6_000, condition);
    expect(second.updates[0]).toMatchObject({ phase: 'sent', status: 0, waitingReason: null, sentAt: 6_000 });
  });
});

describe('advanceRollout', () => {
  it('installs every device of every wave and completes, waiting the pause between waves', () => {
    const { rollout, updates } = setup(6, { failureThresholdPercent: 100, waveSize: 3 });
    // Force no failure by the simulation: all run the ok path unless failing by hash; the threshold is off (100 %).
    const ok = advanceRollout(rollout, updates, 300_000, always);
    const done = ok.updates.filter((u) => u.phase === 'completed' || u.phase === 'failed');
    expect(done).toHaveLength(6);
    expect(ok.rollout.status).toBe('completed');
    const wave1Start = Math.min(...ok.updates.filter((u) => u.wave === 1).map((u) => u.sentAt ?? 0));
    const wave0End = Math.max(...ok.updates.filter((u) => u.wave === 0).map((u) => u.finishedAt ?? 0));
    expect(wave1Start - wave0End).toBeGreaterThanOrEqual(10_000 - 1_000);
  });

  it('pauses a wave by itself once its failure rate passes the threshold after the minimum count', () => {
    // Wave 2 (index 1) has three injected failures of five devices.
    const { rollout, updates } = setup(10, {}, { failSerials: ['SN5', 'SN6', 'SN7'] });
    const healthy = updates.map((u) => ({ ...u, id: `ok-${u.id}` }));
    // Use ids whose simulated outcome is ok, so that only the injected failures fail.
    const clean = healthy.map((u) => {
      const attempt = 0;
      let id = u.id;
      while (
        simulatedOutcome({ ...u, id, attempt }, rollout.simulation).kind !== 'ok' &&
        !u.deviceSerial.match(/SN[567]$/)
      )
        id = `${id}x`;
      return { ...u, id, attempt };
    });
    const result = advanceRollout(rollout, clean, 400_000, always);
    expect(result.rollout.status).toBe('paused');
    expect(result.rollout.currentWave).toBe(1);
    expect(result.rollout.pauseReason).toMatch(/wave 2 failed/);
    expect(result.rollout.pauseReason).toMatch(/of 3 finished devices|of 4 finished devices|of 5 finished devices/);
    // Wave 1 had none failing: it did not pause; wave 3 never started.
    expect(result.updates.filter((u) => u.wave === 2).every((u) => u.phase === 'queued')).toBe(true);
    // Resuming goes on without pausing again for the same wave.
    const resumed = advanceRollout(resumeRollout(result.rollout), result.updates, 800_000, always);
    expect(resumed.rollout.status).not.toBe('paused');
  });

  it('does not pause before the minimum count of finished devices', () => {
    const { rollout, updates } = setup(
      5,
      { minFinishedCount: 5, failureThresholdPercent: 10 },
      { failSerials: ['SN0'] },
    );
    const clean = updates.map((u) => {
      let id = u.id;
      while (u.deviceSerial !== 'SN0' && simulatedOutcome({ ...u, id }, rollout.simulation).kind !== 'ok')
        id = `${id}x`;
      return { ...u, id };
    });
    // SN0 fails early; before the fifth device finishes the rollout keeps running.
    const early = advanceRollout(rollout, clean, 15_000, always);
    expect(early.updates.find((u) => u.deviceSerial === 'SN0')?.phase).toBe('failed');
    expect(early.rollout.status).toBe('running');
    const late = advanceRollout(early.rollout, early.updates, 200_000, always);
    expect(late.rollout.status).toBe('paused');
  });

  it('turns a silent device into a failure after the in-progress time-out', () => {
    const { rollout, updates } = setup(1, { timeoutSec: 30 }, { silentSerials: ['SN0'] });
    const mid = advanceRollout(rollout, updates, 20_000, always);
    expect(mid.updates[0]?.status).toBe(1);
    const late = advanceRollout(mid.rollout, mid.updates, 120_000, always);
    expect(late.updates[0]).toMatchObject({ status: 3, failureReason: 'Timed out: no progress report for 30 s' });
    const last = late.updates[0]?.lastReportAt ?? 0;
    expect(late.updates[0]?.finishedAt).toBe(last + 30_000);
  });

  it('retries a failed install up to the retry policy, then fails it', () => {
    const { rollout, updates } = setup(1, { maxRetries: 2, failureThresholdPercent: 100 }, { failSerials: ['SN0'] });
    const result = advanceRollout(rollout, updates, 600_000, always);
    expect(result.updates[0]).toMatchObject({ status: 3, attempt: 2 });
  });

  it('cancel skips devices not yet sent and lets installing ones finish', () => {
    const { rollout, updates } = setup(6, { waveSize: 3 });
    const started = advanceRollout(rollout, updates, 8_000, always);
    const { rollout: cancelled, changed } = cancelRollout(started.rollout, started.updates, 8_000);
    expect(changed.map((u) => u.wave)).toEqual([1, 1, 1]);
    expect(cancelled.status).toBe('cancelled');
    const byId = new Map(changed.map((u) => [u.id, u]));
    const after = advanceRollout(
      cancelled,
      started.updates.map((u) => byId.get(u.id) ?? u),
      300_000,
      always,
    );
    expect(
      after.updates.filter((u) => u.wave === 0).every((u) => u.phase === 'completed' || u.phase === 'failed'),
    ).toBe(true);
    expect(after.updates.filter((u) => u.wave === 1).every((u) => u.phase === 'skipped')).toBe(true);
    expect(after.rollout.finishedAt).not.toBeNull();
  });

  it('a speed-up plays the same rollout out faster', () => {
    const slow = setup(3, { failureThresholdPercent: 100 });
    const fast = setup(3, { failureThresholdPercent: 100 }, { speed: 10 });
    expect(advanceRollout(fast.rollout, fast.updates, 30_000, always).rollout.status).toBe('completed');
    expect(advanceRollout(slow.rollout, slow.updates, 30_000, always).rollout.status).toBe('running');
  });
});

describe('compareVersions', () => {
  it('orders semantic versions numerically, a pre-release before its release', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('2.0.0-rc.1', '2.0.0')).toBe(-1);
    expect(compareVersions('3.1.4', '3.1.4')).toBe(0);
  });
});
