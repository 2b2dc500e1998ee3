import type { AuditStore } from '@services/audit/audit-chain';
import type { FaultFilterField, FaultSortField } from '@services/faults/fault-list-spec';
import type { FaultDeps, FaultStore } from '@services/faults/fault-store';
import { faultTest } from '../handlers/lib/scope';
import { toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import type { ApiFault, Fault, Vehicle } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { type UndoLog, worldTransact } from './world-transaction';

/** Fault fields as the list reads them: the in-memory counterpart of the SQL repository's column map. */
const FAULT_COLUMNS: MemoryListSpec<Fault, FaultSortField, FaultFilterField> = {
  sortable: {
    occurredAt: (f) => f.occurredAt,
    severity: (f) => f.severity,
    code: (f) => f.code,
    kind: (f) => f.kind,
    deviceKind: (f) => f.deviceKind,
  },
  filterable: {
    vehicleId: (f) => f.vehicleId,
    deviceId: (f) => f.deviceId,
    deviceKind: (f) => f.deviceKind,
    kind: (f) => f.kind,
    scope: (f) => f.scope,
    severity: (f) => f.severity,
    code: (f) => f.code,
    active: (f) => f.clearedAt === null,
    acknowledged: (f) => f.acknowledgedAt !== null,
  },
  searchable: [(f) => f.code, (f) => f.name],
  time: (f) => f.occurredAt,
};

interface WorldFaultOptions {
  /** Vehicles the caller's active access grants add to their scope (decision 0079), a demo-only widening. */
  granted?: ((vehicle: Vehicle) => boolean) | undefined;
  /** Inside a transaction: where writes record what they overwrite. */
  undo?: UndoLog;
}

/**
 * The FaultStore of the services over the demo world's faults (the seeded history and what the live producers and
 * the rule engine add to the same table).
 */
export function worldFaultStore(db: WorldDb, options: WorldFaultOptions = {}): FaultStore {
  return {
    async list(scope, query) {
      const rows = Array.from(db.tables.faults.values()).filter(faultTest(db, scope, options.granted));
      const { items, total } = memoryList(rows, query, FAULT_COLUMNS);
      return { items: items.map((f) => toApi<ApiFault>(f)), total };
    },
    async get(id, scope) {
      const fault = db.tables.faults.get(id);
      return fault && faultTest(db, scope, options.granted)(fault) ? toApi<ApiFault>(fault) : undefined;
    },
    async acknowledge(id, at, userId) {
      const fault = db.tables.faults.get(id);
      if (!fault || fault.acknowledgedAt !== null) return false;
      options.undo?.touch('faults', id);
      db.tables.faults.update(id, { acknowledgedAt: Date.parse(at), acknowledgedBy: userId });
      return true;
    },
    async clear(id, at) {
      const fault = db.tables.faults.get(id);
      if (!fault || fault.clearedAt !== null) return false;
      options.undo?.touch('faults', id);
      db.tables.faults.update(id, { clearedAt: Date.parse(at) });
      return true;
    },
  };
}

/** The fault services' dependencies over the demo world. */
export function worldFaultDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): FaultDeps {
  return {
    faults: worldFaultStore(db, { granted }),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { faults: FaultStore; audit: AuditStore } => ({
      faults: worldFaultStore(db, { granted, undo }),
      audit: worldAuditStore(db, undo),
    })),
  };
}
