import type { AuditStore } from '../audit/audit-chain';
import type { DeviceGroupStore } from '../device-groups/device-group-store';
import type { DeviceScope } from '../devices/device-scope';
import type { DeviceType } from '../devices/device-types';
import type { ListQuery } from '../lib/list-query';
import type {
  OtaFilterField,
  OtaSortField,
  ReleaseFilterField,
  ReleaseSortField,
  RolloutFilterField,
  RolloutSortField,
} from './firmware-list-spec';
import type { FirmwareScope } from './firmware-scope';
import type { RolloutStatus, VehicleCondition } from './rollout-engine';
import type {
  FirmwareDevice,
  FirmwareModelRef,
  FirmwareRelease,
  OtaUpdateRecord,
  RolloutRecord,
} from './firmware-types';

/** Storage of firmware releases, rollouts and device updates. Lists read only what the scope holds. */
export interface FirmwareStore {
  listReleases(
    scope: FirmwareScope,
    query: ListQuery<ReleaseSortField, ReleaseFilterField>,
  ): Promise<{ items: FirmwareRelease[]; total: number }>;
  getRelease(id: string): Promise<FirmwareRelease | undefined>;
  /** The releases of one device kind and model (loggers: model null, of one OEM), in no order. */
  releasesOf(deviceType: DeviceType, modelId: string | null, oemId: string): Promise<{ id: string; version: string }[]>;
  model(id: string): Promise<FirmwareModelRef | undefined>;
  oemExists(id: string): Promise<boolean>;
  insertRelease(release: FirmwareRelease): Promise<void>;

  listRollouts(
    scope: FirmwareScope,
    query: ListQuery<RolloutSortField, RolloutFilterField>,
  ): Promise<{ items: RolloutRecord[]; total: number }>;
  getRollout(id: string): Promise<RolloutRecord | undefined>;
  /** The device updates of a rollout. */
  updatesOf(rolloutId: string): Promise<OtaUpdateRecord[]>;
  /** One page of updates: of one rollout, or (`devices`) the sent updates of the devices in that scope. */
  listUpdates(
    where: { rolloutId: string } | { devices: DeviceScope },
    query: ListQuery<OtaSortField, OtaFilterField>,
  ): Promise<{ items: OtaUpdateRecord[]; total: number }>;
  insertRollout(rollout: RolloutRecord, updates: OtaUpdateRecord[]): Promise<void>;
  /**
   * Writes the rollout's state (every field but its id) if its status is still `from`; false when it changed
   * meanwhile (two changes at once make one).
   */
  saveRollout(rollout: RolloutRecord, from: RolloutStatus): Promise<boolean>;
  /** Writes the updates' state. */
  saveUpdates(updates: OtaUpdateRecord[]): Promise<void>;
  /**
   * When the rollout is next to be advanced (decision 0127): `at` sets the time, `no-later` only brings it forward;
   * null: never again. The server keeps it in its job queue, in the caller's transaction; the demo has none (its
   * ticker advances every open rollout once a second).
   */
  scheduleAdvance?(rolloutId: string, at: number | null, mode: 'at' | 'no-later'): Promise<void>;

  /**
   * The devices a release of this kind may reach in the device scope: of its model (loggers: of its OEM), fitted to a
   * vehicle (a device on the shelf is reached only through its vehicle's telematics), and in no open rollout's
   * unfinished update. Versions are checked by the service.
   */
  candidates(
    release: Pick<FirmwareRelease, 'deviceType' | 'modelId' | 'oemId'>,
    scope: DeviceScope,
  ): Promise<FirmwareDevice[]>;
  /** The devices of one kind with these ids (those that exist). */
  devices(type: DeviceType, ids: readonly string[]): Promise<FirmwareDevice[]>;
  /** The kind of the device with this id, undefined when there is none. */
  deviceKind(id: string): Promise<DeviceType | undefined>;
}

export interface FirmwareDeps {
  firmware: FirmwareStore;
  /** The device groups a rollout may target (`services/device-groups`). */
  deviceGroups: DeviceGroupStore;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { firmware: FirmwareStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}

/** What advancing rollouts on devices' reports reads and writes besides the rest of the store (decision 0127). */
export interface RolloutRunStore extends FirmwareStore {
  /** The rollout, its row locked to the end of the transaction (reports and advances of one rollout take turns). */
  lockRollout(id: string): Promise<RolloutRecord | undefined>;
  scheduleAdvance(rolloutId: string, at: number | null, mode: 'at' | 'no-later'): Promise<void>;
  /** What the preconditions see of these vehicles now (those that exist). */
  vehicleConditions(vehicleIds: readonly string[]): Promise<Map<string, VehicleCondition>>;
  /** The open rollouts with an install in flight (an update sent or installing). */
  rolloutsInFlight(): Promise<string[]>;
  /** The device's update whose install was sent (sent or installing), if any. */
  openUpdateOf(deviceId: string): Promise<OtaUpdateRecord | undefined>;
  /** A completed install: the device now runs this version. */
  setFirmwareVersion(deviceId: string, version: string): Promise<void>;
}

/** Publishes one message on the broker (QoS 1) as the server. */
export type LivePublisher = (topic: string, message: object) => void | Promise<void>;

export interface RolloutRunDeps {
  firmware: RolloutRunStore;
  now: () => Date;
  transact<T>(work: (tx: { firmware: RolloutRunStore }) => Promise<T>): Promise<T>;
  /** Install requests to vehicles, rollout progress to the portal. */
  publish: LivePublisher;
}
