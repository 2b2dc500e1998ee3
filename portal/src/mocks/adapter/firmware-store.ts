import type { AuditStore } from '@services/audit/audit-chain';
import type {
  OtaFilterField,
  OtaSortField,
  ReleaseFilterField,
  ReleaseSortField,
  RolloutFilterField,
  RolloutSortField,
} from '@services/firmware/firmware-list-spec';
import { firmwareInScope } from '@services/firmware/firmware-scope';
import type { FirmwareDeps, FirmwareStore } from '@services/firmware/firmware-store';
import type { FirmwareDevice, FirmwareRelease } from '@services/firmware/firmware-types';
import { isTerminal } from '@services/firmware/rollout-engine';
import type { OtaListener, SimulationKnobs } from '../handlers/lib/firmware';
import { deviceTest } from '../handlers/lib/scope';
import type { WorldDb } from '../world/db';
import type { FirmwareReleaseRecord, FirmwareRolloutRecord, OtaUpdateRecord } from '../world/firmware';
import type { RolloutSimulation } from '../world/firmware-rollout';
import type { Device, Vehicle } from '../world/types';
import { worldAuditStore } from './audit-store';
import { DEVICE_TYPE_TABLE } from './device-store';
import { worldDeviceGroupStore } from './device-group-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { type UndoLog, worldTransact } from './world-transaction';

const paddedVersion = (v: string) =>
  v
    .split('.')
    .map((n) => n.padStart(6, '0'))
    .join('.');

const RELEASE_COLUMNS: MemoryListSpec<FirmwareReleaseRecord, ReleaseSortField, ReleaseFilterField> = {
  sortable: {
    createdAt: (r) => r.createdAt,
    version: (r) => paddedVersion(r.version),
    deviceType: (r) => r.deviceType,
  },
  filterable: { deviceType: (r) => r.deviceType, modelId: (r) => r.modelId },
  searchable: [(r) => r.version, (r) => r.fileName, (r) => r.notes],
  time: (r) => r.createdAt,
};

const ROLLOUT_COLUMNS: MemoryListSpec<FirmwareRolloutRecord, RolloutSortField, RolloutFilterField> = {
  sortable: { createdAt: (r) => r.createdAt, status: (r) => r.status },
  filterable: { status: (r) => r.status, releaseId: (r) => r.releaseId },
  searchable: [(r) => r.version, (r) => r.targetLabel],
  time: (r) => r.createdAt,
};

const OTA_COLUMNS: MemoryListSpec<OtaUpdateRecord, OtaSortField, OtaFilterField> = {
  sortable: {
    sentAt: (u) => u.sentAt,
    finishedAt: (u) => u.finishedAt,
    status: (u) => u.status,
    deviceSerial: (u) => u.deviceSerial,
    wave: (u) => u.wave,
  },
  filterable: {
    deviceType: (u) => u.deviceType,
    status: (u) => u.status,
    phase: (u) => u.phase,
    deviceId: (u) => u.deviceId,
    vehicleId: (u) => u.vehicleId,
    rolloutId: (u) => u.rolloutId,
    wave: (u) => u.wave,
  },
  searchable: [(u) => u.deviceSerial, (u) => u.fromVersion, (u) => u.toVersion],
  time: (u) => u.sentAt,
};

/** The simulation a rollout keeps from the demo's knobs (decision 0075). */
export function simulationOf(knobs: SimulationKnobs): RolloutSimulation {
  const speed = typeof knobs.speed === 'number' && knobs.speed > 0 && knobs.speed <= 100 ? knobs.speed : 1;
  return {
    speed,
    failSerials: [...(knobs.failSerials ?? [])],
    silentSerials: [...(knobs.silentSerials ?? [])],
    random: knobs.random !== false,
  };
}

export interface WorldFirmwareOptions {
  /** Vehicles the caller's active access grants add to their scope (decision 0079), a demo-only widening. */
  granted?: ((vehicle: Vehicle) => boolean) | undefined;
  /** Inside a transaction: where writes record what they overwrite. */
  undo?: UndoLog | undefined;
  /** The demo's simulation knobs, read when a rollout starts (decision 0075). */
  simulation?: (() => SimulationKnobs) | undefined;
  /** Hears each device update written (the demo publishes OTA progress on the live broker). */
  onUpdate?: OtaListener | undefined;
}

function releaseApi(db: WorldDb, r: FirmwareReleaseRecord): FirmwareRelease {
  return {
    ...r,
    modelName: r.modelId ? (db.tables.models.get(r.modelId)?.name ?? null) : null,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** The FirmwareStore of the services over the demo world's releases, rollouts and device updates. */
export function worldFirmwareStore(db: WorldDb, options: WorldFirmwareOptions = {}): FirmwareStore {
  const { undo } = options;
  const asDevice = (d: Device): FirmwareDevice => ({
    id: d.id,
    type: d.type,
    serialNumber: d.serialNumber,
    modelId: d.modelId,
    oemId: d.oemId,
    vehicleId: d.vehicleId,
    vehicleModelId: d.vehicleId ? (db.tables.vehicles.get(d.vehicleId)?.modelId ?? null) : null,
    firmwareVersion: d.firmwareVersion,
  });
  const findDevice = (id: string): Device | undefined => {
    for (const table of Object.values(DEVICE_TYPE_TABLE)) {
      const d = db.tables[table].get(id);
      if (d) return d;
    }
    return undefined;
  };
  return {
    async listReleases(scope, query) {
      const rows = db.tables.firmwareReleases.all().filter((r) => firmwareInScope(scope, r));
      const { items, total } = memoryList(rows, query, RELEASE_COLUMNS);
      return { items: items.map((r) => releaseApi(db, r)), total };
    },
    async getRelease(id) {
      const r = db.tables.firmwareReleases.get(id);
      return r && releaseApi(db, r);
    },
    async releasesOf(deviceType, modelId, oemId) {
      return db.tables.firmwareReleases
        .all()
        .filter((r) => r.deviceType === deviceType && r.modelId === modelId && r.oemId === oemId)
        .map((r) => ({ id: r.id, version: r.version }));
    },
    async model(id) {
      const m = db.tables.models.get(id);
      return m && { id: m.id, kind: m.kind, oemId: m.oemId, name: m.name };
    },
    async oemExists(id) {
      return db.tables.oems.get(id) !== undefined;
    },
    async insertRelease(release) {
      const { modelName: _name, ...row } = release;
      undo?.touch('firmwareReleases', release.id);
      db.tables.firmwareReleases.insert({ ...row, createdAt: Date.parse(release.createdAt) });
    },

    async listRollouts(scope, query) {
      const rows = db.tables.firmwareRollouts.all().filter((r) => firmwareInScope(scope, r));
      return memoryList(rows, query, ROLLOUT_COLUMNS);
    },
    async getRollout(id) {
      return db.tables.firmwareRollouts.get(id);
    },
    async updatesOf(rolloutId) {
      return db.tables.otaUpdates.all().filter((u) => u.rolloutId === rolloutId);
    },
    async listUpdates(where, query) {
      let rows: OtaUpdateRecord[];
      if ('rolloutId' in where) rows = db.tables.otaUpdates.all().filter((u) => u.rolloutId === where.rolloutId);
      else {
        const inScope = deviceTest(db, where.devices, options.granted);
        rows = db.tables.otaUpdates.all().filter((u) => {
          if (u.sentAt === null) return false;
          const device = db.tables[DEVICE_TYPE_TABLE[u.deviceType]].get(u.deviceId);
          return device !== undefined && inScope(device);
        });
      }
      return memoryList(rows, query, OTA_COLUMNS);
    },
    async insertRollout(rollout, updates) {
      // The demo's simulation: knobs read now; a rollback plays at the pace of the rollout it rolls back.
      const original = rollout.rollbackOf ? db.tables.firmwareRollouts.get(rollout.rollbackOf) : undefined;
      const knobs: SimulationKnobs = original
        ? { speed: original.simulation.speed, random: original.simulation.random !== false }
        : (options.simulation?.() ?? {});
      const simulation = simulationOf(knobs);
      const seen = new Map<number, number>();
      for (const u of updates) {
        const k = seen.get(u.wave) ?? 0;
        seen.set(u.wave, k + 1);
        const failures = knobs.waveFailures?.[u.wave] ?? 0;
        const silent = knobs.waveSilent?.[u.wave] ?? 0;
        if (k < failures) simulation.failSerials.push(u.deviceSerial);
        else if (k < failures + silent) simulation.silentSerials.push(u.deviceSerial);
        undo?.touch('otaUpdates', u.id);
        db.tables.otaUpdates.insert({ ...u });
      }
      undo?.touch('firmwareRollouts', rollout.id);
      db.tables.firmwareRollouts.insert({ ...rollout, simulation });
    },
    async saveRollout(rollout, from) {
      if (db.tables.firmwareRollouts.get(rollout.id)?.status !== from) return false;
      undo?.touch('firmwareRollouts', rollout.id);
      db.tables.firmwareRollouts.update(rollout.id, rollout);
      return true;
    },
    async saveUpdates(updates) {
      for (const u of updates) {
        undo?.touch('otaUpdates', u.id);
        const row = db.tables.otaUpdates.update(u.id, u);
        if (row) options.onUpdate?.(row);
      }
    },
    async candidates(release, scope) {
      const inScope = deviceTest(db, scope, options.granted);
      const busy = new Set<string>();
      for (const r of db.tables.firmwareRollouts.values()) {
        if (r.status !== 'running' && r.status !== 'paused') continue;
        for (const u of db.tables.otaUpdates.values()) {
          if (u.rolloutId === r.id && !isTerminal(u.phase)) busy.add(u.deviceId);
        }
      }
      return db.tables[DEVICE_TYPE_TABLE[release.deviceType]]
        .all()
        .filter(
          (d) =>
            d.vehicleId !== null &&
            (release.modelId !== null ? d.modelId === release.modelId : d.oemId === release.oemId) &&
            inScope(d) &&
            !busy.has(d.id),
        )
        .map(asDevice);
    },
    async devices(type, ids) {
      const table = db.tables[DEVICE_TYPE_TABLE[type]];
      return ids.flatMap((id) => {
        const d = table.get(id);
        return d ? [asDevice(d)] : [];
      });
    },
    async deviceKind(id) {
      return findDevice(id)?.type;
    },
  };
}

/** The firmware services' dependencies over the demo world, for a caller whose grants widen their vehicle scope. */
export function worldFirmwareDeps(db: WorldDb, options: Omit<WorldFirmwareOptions, 'undo'> = {}): FirmwareDeps {
  return {
    firmware: worldFirmwareStore(db, options),
    deviceGroups: worldDeviceGroupStore(db, { granted: options.granted }),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { firmware: FirmwareStore; audit: AuditStore } => ({
      firmware: worldFirmwareStore(db, { ...options, undo }),
      audit: worldAuditStore(db, undo),
    })),
  };
}
