import { topics } from '@/shared/lib/live/topics';
import {
  type FirmwareHandlerOptions,
  type RolloutListener,
  type SimulationKnobs,
  settleOpenRollouts,
} from './handlers/lib/firmware';
import type { BrokerEmulator } from './live/broker-emulator';
import type { WorldDb } from './world/db';

/**
 * Demo-only knobs of the firmware rollout simulation (mocks/README "Firmware rollouts"), read from localStorage when
 * a rollout starts: `{"speed": 20, "random": false, "waveFailures": {"1": 3}, "waveSilent": {"0": 1}}` (also `failSerials`,
 * `silentSerials`). Browser tests set it to
 * play a rollout out in seconds with chosen failures and silent devices.
 */
export const FOTA_DEMO_KEY = 'voltline-demo-fota';

const isCounts = (v: unknown): v is Record<number, number> =>
  typeof v === 'object' && v !== null && Object.values(v).every((n) => typeof n === 'number');

export function readFotaKnobs(): SimulationKnobs {
  try {
    const raw = globalThis.localStorage?.getItem(FOTA_DEMO_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const list = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
    return {
      ...(typeof parsed.speed === 'number' ? { speed: parsed.speed } : {}),
      failSerials: list(parsed.failSerials),
      silentSerials: list(parsed.silentSerials),
      ...(parsed.random === false ? { random: false } : {}),
      ...(isCounts(parsed.waveFailures) ? { waveFailures: parsed.waveFailures } : {}),
      ...(isCounts(parsed.waveSilent) ? { waveSilent: parsed.waveSilent } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * The demo's firmware backend loop: once a second, advances every open rollout and publishes each device's change as
 * OTA progress, and each changed rollout's summary as rollout progress, on the in-page broker (the portal's one live
 * connection hears what it subscribed to). Returns the handler options.
 */
export function startFirmwareDemo(db: WorldDb, emulator: BrokerEmulator | null): FirmwareHandlerOptions {
  const publish = (u: Parameters<NonNullable<FirmwareHandlerOptions['onUpdate']>>[0]) => {
    if (!emulator || !u.vehicleId || !u.releaseId) return;
    emulator.publish(topics.otaProgress(u.vehicleId, u.deviceId), {
      v: 1,
      vehicleUid: u.vehicleId,
      deviceUid: u.deviceId,
      releaseId: u.releaseId,
      status: u.status,
      progress: u.progress,
      ts: Date.now(),
    });
  };
  const publishRollout: RolloutListener = (progress) => {
    emulator?.publish(topics.rolloutProgress(progress.rolloutId), progress);
  };
  setInterval(() => {
    if (!db.tables.firmwareRollouts.all().some((r) => r.status !== 'completed' && r.finishedAt === null)) return;
    if (settleOpenRollouts(db, Date.now(), publish, publishRollout)) void db.persist();
  }, 1000);
  return { simulation: readFotaKnobs, onUpdate: publish };
}
