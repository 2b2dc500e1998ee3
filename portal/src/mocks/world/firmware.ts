import { createRng, pad } from './prng';
import {
  type OtaUpdateRecord as ServiceOtaUpdateRecord,
  queuedOtaUpdate,
  type RolloutRecord,
  type RolloutTargetKind as ServiceTargetKind,
} from '@services/firmware/firmware-types';
import { compareVersions, planWaves, type RolloutPolicy, type RolloutSimulation } from './firmware-rollout';
import type { Device, DeviceType, Model } from './types';

/** A firmware release of one device kind (and model; loggers have none), as the world keeps it. */
export interface FirmwareReleaseRecord {
  id: string;
  deviceType: DeviceType;
  modelId: string | null;
  oemId: string;
  version: string;
  /** The release this one replaces (the newest earlier one of the same kind and model), for rollback. */
  replacesReleaseId: string | null;
  replacesVersion: string | null;
  fileName: string;
  fileSize: number;
  sha256: string;
  notes: string;
  compatibleHardware: string[];
  /** Devices running a version in this range (inclusive; null = open) may take the release. */
  currentVersionMin: string | null;
  currentVersionMax: string | null;
  createdBy: string;
  createdAt: number;
}

export type RolloutTargetKind = ServiceTargetKind;

/** A staged rollout of one release as the world keeps it: the services' record and the demo's simulation knobs. */
export interface FirmwareRolloutRecord extends RolloutRecord {
  simulation: RolloutSimulation;
}

/** One device's update in one rollout (the Device OTA history is these rows), as the services keep it. */
export type OtaUpdateRecord = ServiceOtaUpdateRecord;

export { queuedOtaUpdate };

const DAY = 86_400_000;
const HASH_CHARS = '0123456789abcdef';

function fakeSha(rng: ReturnType<typeof createRng>, i: number): string {
  let out = '';
  for (let f = 0; f < 64; f += 1) out += HASH_CHARS[rng.int(i, 100 + f, 0, 15)];
  return out;
}

export const SEEDED_RELEASE_VERSIONS = ['3.9.21', '4.0.0'] as const;

/** Two releases per BMS, MCU and VCU model and two logger releases per OEM: 3.9.21 (90 days ago), 4.0.0 (30 days ago). */
export function seedFirmwareReleases(
  seed: number,
  models: Model[],
  oemIds: string[],
  now: number,
): FirmwareReleaseRecord[] {
  const rng = createRng(seed, 'firmware-releases');
  const rows: FirmwareReleaseRecord[] = [];
  const targets: { deviceType: DeviceType; modelId: string | null; oemId: string; code: string }[] = [
    ...models
      .filter((m) => m.kind === 'BMS' || m.kind === 'MCU' || m.kind === 'VCU')
      .map((m) => ({ deviceType: m.kind as DeviceType, modelId: m.id, oemId: m.oemId, code: m.code })),
    ...oemIds.map((oemId) => ({ deviceType: 'LOGGER' as const, modelId: null, oemId, code: 'LOGGER' })),
  ];
  targets.forEach((t, i) => {
    let previous: FirmwareReleaseRecord | null = null;
    SEEDED_RELEASE_VERSIONS.forEach((version, v) => {
      const k = i * 2 + v;
      const release: FirmwareReleaseRecord = {
        id: `fw-${pad(k + 1, 5)}`,
        deviceType: t.deviceType,
        modelId: t.modelId,
        oemId: t.oemId,
        version,
        replacesReleaseId: previous?.id ?? null,
        replacesVersion: previous?.version ?? null,
        fileName: `${t.code.toLowerCase()}-${version}.bin`,
        fileSize: rng.int(k, 1, 180_000, 4_000_000),
        sha256: fakeSha(rng, k),
        notes:
          v === 0 ? 'Cell balancing and CAN timing fixes.' : 'Faster boot, new diagnostic counters, security patches.',
        compatibleHardware: ['rev-B', 'rev-C'],
        currentVersionMin: '1.0.0',
        currentVersionMax: null,
        createdBy: 'usr-platform-admin',
        createdAt: now - (v === 0 ? 90 : 30) * DAY,
      };
      rows.push(release);
      previous = release;
    });
  });
  return rows;
}

/**
 * A history of past updates for the first devices of each kind: 1-3 updates each over the last 80 days, ending at the
 * version the device runs now (earlier ones failed, or went to an older version).
 */
export function seedOtaHistory(seed: number, devices: Device[], now: number, perKind = 400): OtaUpdateRecord[] {
  const rng = createRng(seed, 'ota-history');
  const rows: OtaUpdateRecord[] = [];
  const counts = new Map<string, number>();
  const reasons = [
    'Checksum mismatch after download',
    'Flash write error at block 0x3F',
    'Timed out: no progress report for 300 s',
  ];
  devices.forEach((d, i) => {
    const seen = counts.get(d.type) ?? 0;
    if (seen >= perKind) return;
    counts.set(d.type, seen + 1);
    const n = rng.int(i, 0, 1, 3);
    let at = now - rng.int(i, 1, 40, 80) * DAY;
    const [major = 1, minor = 0, patch = 0] = d.firmwareVersion.split('.').map(Number);
    for (let j = 0; j < n; j += 1) {
      const last = j === n - 1;
      const failed = !last && rng.chance(i, 10 + j, 0.5);
      const toVersion = last ? d.firmwareVersion : `${major}.${Math.max(0, minor - (n - 1 - j))}.${patch}`;
      const fromVersion = `${Math.max(1, major - 1)}.${minor}.${patch}`;
      const duration = rng.int(i, 20 + j, 25, 90) * 1000;
      const status = failed ? (rng.chance(i, 30 + j, 0.2) ? 4 : 3) : 2;
      rows.push({
        id: `ota-${d.id}-${j + 1}`,
        rolloutId: null,
        releaseId: null,
        deviceId: d.id,
        deviceSerial: d.serialNumber,
        deviceType: d.type,
        modelId: d.modelId,
        oemId: d.oemId,
        vehicleId: d.vehicleId,
        wave: 0,
        phase: status === 2 ? 'completed' : status === 4 ? 'offline' : 'failed',
        status,
        attempt: 0,
        waitingReason: null,
        failureReason:
          status === 2
            ? null
            : status === 4
              ? 'Device offline when the update was sent'
              : (reasons[rng.int(i, 40 + j, 0, 2)] ?? null),
        progress: status === 2 ? 100 : rng.int(i, 50 + j, 5, 90),
        fromVersion,
        toVersion,
        sentAt: at,
        startedAt: status === 4 ? null : at + 3000,
        finishedAt: at + 3000 + duration,
        lastReportAt: at + 3000 + duration,
        createdAt: at,
      });
      at += rng.int(i, 60 + j, 5, 20) * DAY;
    }
  });
  return rows;
}

/** Devices in each seeded rollout, and its canary share (so the canary wave is 2 devices). */
const SEEDED_ROLLOUT_DEVICES = 20;
const SEEDED_ROLLOUT_POLICY: RolloutPolicy = {
  canaryPercent: 10,
  waveSize: 6,
  pauseBetweenWavesSec: 60,
  failureThresholdPercent: 25,
  minFinishedCount: 2,
  timeoutSec: 600,
  maxRetries: 1,
  preconditions: { minSoc: 30, parked: true, notCharging: false, ignitionOff: true, connected: true },
};

/**
 * One paused rollout of the newest release per BMS, MCU and VCU kind (of the first model of that kind with devices
 * that can take it), so that every firmware audience of the demo (OEMs, the platform and the component admins of that
 * kind, decision 0098) has a rollout that needs someone: its canary wave finished with one of two devices failed, and
 * it paused itself. Paused, it stays so until someone resumes or cancels it, however old the demo world is.
 */
export function seedFirmwareRollouts(
  releases: readonly FirmwareReleaseRecord[],
  devices: readonly Device[],
  now: number,
): { rollouts: FirmwareRolloutRecord[]; updates: OtaUpdateRecord[] } {
  const rollouts: FirmwareRolloutRecord[] = [];
  const updates: OtaUpdateRecord[] = [];
  const newest = SEEDED_RELEASE_VERSIONS[SEEDED_RELEASE_VERSIONS.length - 1];
  for (const kind of ['BMS', 'MCU', 'VCU'] as const) {
    let chosen: { release: FirmwareReleaseRecord; targets: Device[] } | null = null;
    for (const release of releases) {
      if (release.deviceType !== kind || release.version !== newest) continue;
      const targets = devices
        .filter(
          (d) =>
            d.type === kind &&
            d.modelId === release.modelId &&
            d.vehicleId !== null &&
            compareVersions(d.firmwareVersion, release.version) < 0,
        )
        .slice(0, SEEDED_ROLLOUT_DEVICES);
      if (targets.length >= 4) {
        chosen = { release, targets };
        break;
      }
    }
    if (!chosen) continue;
    const { release, targets } = chosen;
    const id = `rol-seed-${kind.toLowerCase()}`;
    const startedAt = now - 2 * 3_600_000;
    const waves = planWaves(targets.length, SEEDED_ROLLOUT_POLICY.canaryPercent, SEEDED_ROLLOUT_POLICY.waveSize);
    let index = 0;
    waves.forEach((size, wave) => {
      for (let k = 0; k < size; k += 1) {
        const d = targets[index++] as Device;
        // The canary: the first device installed, the second failed twice (its retry too).
        const phase = wave > 0 ? 'queued' : k === 0 ? 'completed' : 'failed';
        const sentAt = wave === 0 ? startedAt + k * 60_000 : null;
        const finishedAt = sentAt === null ? null : sentAt + 8 * 60_000;
        updates.push({
          ...queuedOtaUpdate(id, release, d, wave, startedAt),
          phase,
          status: phase === 'queued' ? 0 : phase === 'completed' ? 2 : 3,
          attempt: phase === 'failed' ? 1 : 0,
          failureReason: phase === 'failed' ? 'Flash write error at block 0x3F' : null,
          progress: phase === 'completed' ? 100 : phase === 'failed' ? 64 : 0,
          sentAt,
          startedAt: sentAt === null ? null : sentAt + 3000,
          finishedAt,
          lastReportAt: finishedAt,
        });
      }
    });
    rollouts.push({
      id,
      releaseId: release.id,
      version: release.version,
      deviceType: kind,
      modelId: release.modelId,
      oemId: release.oemId,
      targetKind: 'filter',
      targetLabel: `The first ${targets.length} ${kind} devices below ${release.version}`,
      deviceCount: targets.length,
      rollbackOf: null,
      status: 'paused',
      pauseReason: `Paused by itself: 1 of 2 finished devices of wave 1 failed (50 % > ${SEEDED_ROLLOUT_POLICY.failureThresholdPercent} %)`,
      policy: SEEDED_ROLLOUT_POLICY,
      simulation: { speed: 1, failSerials: [], silentSerials: [] },
      waveCount: waves.length,
      currentWave: 0,
      waveStartedAt: startedAt,
      nextWaveAt: null,
      thresholdResumedWave: null,
      startedAt,
      finishedAt: null,
      advancedAt: startedAt + 20 * 60_000,
      createdBy: 'Platform admin',
      createdAt: startedAt,
      updatedAt: startedAt + 20 * 60_000,
    });
  }
  return { rollouts, updates };
}
