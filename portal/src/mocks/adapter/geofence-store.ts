import type { AuditStore } from '@services/audit/audit-chain';
import type { GeofenceFilterField, GeofenceSortField } from '@services/geofences/geofence-list-spec';
import type { GeofenceDeps, GeofenceStore } from '@services/geofences/geofence-store';
import { vehicleTest } from '../handlers/lib/scope';
import { fromApi, toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import type { ApiGeofence, Geofence, Vehicle } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { type UndoLog, worldTransact } from './world-transaction';

/** Geofence fields as the list reads them: the in-memory counterpart of the SQL repository's sort and filter map. */
const GEOFENCE_COLUMNS: MemoryListSpec<Geofence, GeofenceSortField, GeofenceFilterField> = {
  sortable: {
    name: (g) => g.name.toLowerCase(),
    rule: (g) => g.rule,
    createdAt: (g) => g.createdAt,
    updatedAt: (g) => g.updatedAt,
  },
  filterable: { rule: (g) => g.rule },
  searchable: [(g) => g.name],
  time: (g) => g.updatedAt,
};

interface WorldGeofenceOptions {
  /** Vehicles the caller's active access grants add to their scope (decision 0079), a demo-only widening. */
  granted?: ((vehicle: Vehicle) => boolean) | undefined;
  /** Inside a transaction: where writes record what they overwrite. */
  undo?: UndoLog | undefined;
}

/** The GeofenceStore of the services over the demo world's geofences. */
export function worldGeofenceStore(db: WorldDb, options: WorldGeofenceOptions = {}): GeofenceStore {
  const { undo } = options;
  return {
    async list(query) {
      const { items, total } = memoryList(db.tables.geofences.values(), query, GEOFENCE_COLUMNS);
      return { items: items.map((g) => toApi<ApiGeofence>(g)), total };
    },
    async get(id) {
      const geofence = db.tables.geofences.get(id);
      return geofence && toApi<ApiGeofence>(geofence);
    },
    async vehiclesIn(ids, scope) {
      const inScope = vehicleTest(scope, options.granted);
      const out = new Set<string>();
      for (const id of ids) {
        const vehicle = db.tables.vehicles.get(id);
        if (vehicle && inScope(vehicle)) out.add(id);
      }
      return out;
    },
    async insert(geofence) {
      undo?.touch('geofences', geofence.id);
      db.tables.geofences.insert(fromApi<Geofence>(geofence));
    },
    async update(id, changes) {
      if (!db.tables.geofences.get(id)) return;
      undo?.touch('geofences', id);
      db.tables.geofences.update(id, fromApi<Partial<Geofence>>(changes));
    },
    async delete(id) {
      undo?.touch('geofences', id);
      db.tables.geofences.remove(id);
    },
  };
}

/** The geofence services' dependencies over the demo world, for a caller whose grants widen their vehicle scope. */
export function worldGeofenceDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): GeofenceDeps {
  return {
    geofences: worldGeofenceStore(db, { granted }),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { geofences: GeofenceStore; audit: AuditStore } => ({
      geofences: worldGeofenceStore(db, { granted, undo }),
      audit: worldAuditStore(db, undo),
    })),
  };
}
