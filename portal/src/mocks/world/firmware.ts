import { createRng, pad } from './prng';
import type { OtaUpdateState, RolloutState } from './firmware-rollout';
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

export type RolloutTargetKind = 'group' | 'model' | 'filter' | 'rollback';

/** A staged rollout of one release, with the engine's state (see firmware-rollout.ts). */
export interface FirmwareRolloutRecord extends RolloutState {
  releaseId: string;
  version: string;
  deviceType: DeviceType;
  modelId: string | null;
  oemId: string;
  targetKind: RolloutTargetKind;
  targetLabel: string;
  deviceCount: number;
  /** The rollout whose failed devices this one re-deploys the previous release to. */
  rollbackOf: string | null;
  createdBy: string;
  createdAt: number;
  updatedAt: number;
}

/** One device's update in one rollout (the Device OTA history is these rows). */
export interface OtaUpdateRecord extends OtaUpdateState {
  rolloutId: string | null;
  releaseId: string | null;
  deviceType: DeviceType;
  modelId: string | null;
  oemId: string;
  fromVersion: string;
  toVersion: string;
  createdAt: number;
}

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
