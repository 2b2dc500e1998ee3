import type { Schemas } from '../lib/api-types';
import type { DeviceType } from '../devices/device-types';
import type { OtaUpdateState, RolloutState } from './rollout-engine';

/** A firmware release as the API shows it (openapi.yaml FirmwareRelease). */
export type FirmwareRelease = Schemas['FirmwareRelease'];

export type RolloutTargetKind = Schemas['FirmwareRollout']['targetKind'];

/** A staged rollout of one release, with the state machine's state (instants in epoch ms). */
export interface RolloutRecord extends RolloutState {
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

/** One device's update in one rollout (the Device OTA history is these rows; instants in epoch ms). */
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

/** What a rollout reads of a device that may take a release. */
export interface FirmwareDevice {
  id: string;
  type: DeviceType;
  serialNumber: string;
  modelId: string | null;
  oemId: string;
  vehicleId: string | null;
  /** The EV model of the vehicle it is fitted to. */
  vehicleModelId: string | null;
  firmwareVersion: string;
}

/** What a release reads of a model. */
export interface FirmwareModelRef {
  id: string;
  kind: string;
  oemId: string;
  name: string;
}

/** Audit entity of a release: the device kind's (decision 0074); rollouts are audited under Command. */
export const RELEASE_AUDIT_ENTITY: Record<DeviceType, string> = {
  BMS: 'BMS',
  MCU: 'MCU',
  VCU: 'VCU',
  LOGGER: 'Logger Device',
};
export const ROLLOUT_AUDIT_ENTITY = 'Command';

/** Files the portal accepts as a firmware image, and their size limit (decision 0074). */
export const FIRMWARE_EXTENSIONS = ['.bin', '.hex', '.img', '.fw', '.swu'] as const;
export const FIRMWARE_MAX_BYTES = 64 * 1024 * 1024;
/** At most this many devices in one rollout. */
export const ROLLOUT_MAX_DEVICES = 10_000;

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** A device update as the API shows it. */
export function otaApi(u: OtaUpdateRecord): Schemas['OtaUpdate'] {
  const durationSec =
    u.finishedAt !== null && u.sentAt !== null ? Math.round((u.finishedAt - u.sentAt) / 100) / 10 : null;
  return {
    id: u.id,
    rolloutId: u.rolloutId,
    releaseId: u.releaseId,
    deviceId: u.deviceId,
    deviceSerial: u.deviceSerial,
    deviceType: u.deviceType,
    vehicleId: u.vehicleId,
    fromVersion: u.fromVersion,
    toVersion: u.toVersion,
    wave: u.wave,
    status: u.status,
    phase: u.phase,
    attempt: u.attempt,
    progress: u.progress,
    waitingReason: u.waitingReason,
    failureReason: u.failureReason,
    sentAt: isoOrNull(u.sentAt),
    startedAt: isoOrNull(u.startedAt),
    finishedAt: isoOrNull(u.finishedAt),
    durationSec,
  };
}

/** A device's place in a rollout before anything was sent to it: queued in its wave, from its version to the release's. */
export function queuedOtaUpdate(
  rolloutId: string,
  release: Pick<FirmwareRelease, 'id' | 'version'>,
  device: Omit<FirmwareDevice, 'vehicleModelId'>,
  wave: number,
  createdAt: number,
): OtaUpdateRecord {
  return {
    id: `ota-${rolloutId}-${device.id}`,
    rolloutId,
    releaseId: release.id,
    deviceId: device.id,
    deviceSerial: device.serialNumber,
    deviceType: device.type,
    modelId: device.modelId,
    oemId: device.oemId,
    vehicleId: device.vehicleId,
    fromVersion: device.firmwareVersion,
    toVersion: release.version,
    wave,
    phase: 'queued',
    status: 0,
    attempt: 0,
    waitingReason: null,
    failureReason: null,
    progress: 0,
    sentAt: null,
    startedAt: null,
    finishedAt: null,
    lastReportAt: null,
    createdAt,
  };
}
