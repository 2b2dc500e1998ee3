import type { AuditStore } from '@services/audit/audit-chain';
import type { DeviceGroupFilterField, DeviceGroupSortField } from '@services/device-groups/device-group-list-spec';
import type { DeviceGroupDeps, DeviceGroupStore } from '@services/device-groups/device-group-store';
import type {
  DeviceGroupRecord as ApiDeviceGroupRecord,
  GroupOwner,
  OwnerKind,
} from '@services/device-groups/device-group-types';
import { ownerInScope } from '@services/device-groups/owner-scope';
import { vehicleTest } from '../handlers/lib/scope';
import { fromApi, toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import type { DeviceGroupRecord, Vehicle } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { type UndoLog, worldTransact } from './world-transaction';

/** Device group fields as the list reads them: the in-memory counterpart of the SQL repository's sort and filter map. */
const DEVICE_GROUP_COLUMNS: MemoryListSpec<DeviceGroupRecord, DeviceGroupSortField, DeviceGroupFilterField> = {
  sortable: {
    name: (g) => g.name.toLowerCase(),
    ownerKind: (g) => g.ownerKind,
    updatedAt: (g) => g.updatedAt,
  },
  filterable: { ownerKind: (g) => g.ownerKind, ownerId: (g) => g.ownerId },
  searchable: [(g) => g.name],
  time: (g) => g.updatedAt,
};

/** The vehicle field naming each kind of owner. */
const OWNER_FIELD = { dealer: 'dealerId', fleet: 'fleetId', evowner: 'evOwnerId', driver: 'driverId' } as const;

/** An owner and where it sits, read from the world's parties (the SQL view `group_owners`). */
export function worldGroupOwner(db: WorldDb, kind: OwnerKind, id: string): GroupOwner | undefined {
  const t = db.tables;
  switch (kind) {
    case 'dealer': {
      const d = t.dealers.get(id);
      return d && { kind, id, name: d.name, oemId: d.oemId, dealerId: d.id, fleetId: null };
    }
    case 'fleet': {
      const f = t.fleets.get(id);
      return f && { kind, id, name: f.name, oemId: f.oemId, dealerId: f.dealerId ?? null, fleetId: f.id };
    }
    case 'evowner': {
      const e = t.evOwners.get(id);
      if (!e) return undefined;
      const dealer = e.dealerId ? t.dealers.get(e.dealerId) : undefined;
      return { kind, id, name: e.name, oemId: dealer?.oemId ?? null, dealerId: e.dealerId ?? null, fleetId: null };
    }
    case 'driver': {
      const d = t.drivers.get(id);
      const fleet = d && t.fleets.get(d.fleetId);
      return (
        d &&
        fleet && { kind, id, name: d.name, oemId: fleet.oemId, dealerId: fleet.dealerId ?? null, fleetId: d.fleetId }
      );
    }
  }
}

/** The owner's vehicles that pass `inScope`, by id (the SQL repository's `ownerVehicles`). */
export function worldOwnerVehicles(
  db: WorldDb,
  kind: OwnerKind,
  id: string,
  inScope: (vehicle: Vehicle) => boolean,
): Vehicle[] {
  const field = OWNER_FIELD[kind];
  const out: Vehicle[] = [];
  for (const v of db.tables.vehicles.values()) if (v[field] === id && inScope(v)) out.push(v);
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

interface WorldDeviceGroupOptions {
  /** Vehicles the caller's active access grants add to their scope (decision 0079), a demo-only widening. */
  granted?: ((vehicle: Vehicle) => boolean) | undefined;
  /** Inside a transaction: where writes record what they overwrite. */
  undo?: UndoLog | undefined;
}

/** The DeviceGroupStore of the services over the demo world's device groups and the parties that own them. */
export function worldDeviceGroupStore(db: WorldDb, options: WorldDeviceGroupOptions = {}): DeviceGroupStore {
  const { undo } = options;
  return {
    async list(scope, query) {
      const rows = db.tables.deviceGroups.all().filter((g) => {
        const owner = worldGroupOwner(db, g.ownerKind, g.ownerId);
        return owner !== undefined && ownerInScope(scope, owner);
      });
      const { items, total } = memoryList(rows, query, DEVICE_GROUP_COLUMNS);
      return { items: items.map((g) => toApi<ApiDeviceGroupRecord>(g)), total };
    },
    async get(id) {
      const group = db.tables.deviceGroups.get(id);
      return group && toApi<ApiDeviceGroupRecord>(group);
    },
    async owner(kind, id) {
      return worldGroupOwner(db, kind, id);
    },
    async ownerVehicles(kind, id, scope) {
      return worldOwnerVehicles(db, kind, id, vehicleTest(scope, options.granted)).map((v) => ({
        id: v.id,
        modelId: v.modelId,
        status: v.status,
        registrationNumber: v.registrationNumber,
        vin: v.vin,
      }));
    },
    async modelExists(id) {
      return db.tables.models.get(id) !== undefined;
    },
    async insert(group) {
      undo?.touch('deviceGroups', group.id);
      db.tables.deviceGroups.insert(fromApi<DeviceGroupRecord>(group));
    },
    async update(id, changes) {
      if (!db.tables.deviceGroups.get(id)) return;
      undo?.touch('deviceGroups', id);
      db.tables.deviceGroups.update(id, fromApi<Partial<DeviceGroupRecord>>(changes));
    },
    async delete(id) {
      undo?.touch('deviceGroups', id);
      db.tables.deviceGroups.remove(id);
    },
  };
}

/** The device group services' dependencies over the demo world, for a caller whose grants widen their vehicle scope. */
export function worldDeviceGroupDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): DeviceGroupDeps {
  return {
    deviceGroups: worldDeviceGroupStore(db, { granted }),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { deviceGroups: DeviceGroupStore; audit: AuditStore } => ({
      deviceGroups: worldDeviceGroupStore(db, { granted, undo }),
      audit: worldAuditStore(db, undo),
    })),
  };
}
