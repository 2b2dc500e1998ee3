import type { AuditStore } from '@services/audit/audit-chain';
import { iccidConflict } from '@services/sims/sim-fields';
import type { SimFilterField, SimSortField } from '@services/sims/sim-list-spec';
import type { SimDeps, SimStore } from '@services/sims/sim-store';
import { fromApi, toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import type { ApiSimCard, SimCard } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { type UndoLog, worldTransact } from './world-transaction';

/** SIM card fields as the list reads them: the in-memory counterpart of the SQL repository's column map. */
const SIM_COLUMNS: MemoryListSpec<SimCard, SimSortField, SimFilterField> = {
  sortable: {
    iccid: (s) => s.iccid,
    msisdn: (s) => s.msisdn,
    operator: (s) => s.operator,
    status: (s) => s.status,
    createdAt: (s) => s.createdAt,
  },
  filterable: {
    operator: (s) => s.operator,
    status: (s) => s.status,
    assigned: (s) => s.loggerId !== null,
  },
  searchable: [(s) => s.iccid, (s) => s.msisdn],
  time: (s) => s.createdAt,
};

/** The SimStore of the services over the demo world's SIM cards (and the loggers and vehicles they touch). */
export function worldSimStore(db: WorldDb, undo?: UndoLog): SimStore {
  const iccidTaken = (iccid: string, exceptId?: string) => {
    for (const s of db.tables.sims.values()) if (s.iccid === iccid && s.id !== exceptId) return true;
    return false;
  };
  return {
    async list(query) {
      const { items, total } = memoryList(db.tables.sims.values(), query, SIM_COLUMNS);
      return { items: items.map((s) => toApi<ApiSimCard>(s)), total };
    },
    async get(id) {
      const sim = db.tables.sims.get(id);
      return sim && toApi<ApiSimCard>(sim);
    },
    async iccidTaken(iccid, exceptId) {
      return iccidTaken(iccid, exceptId);
    },
    async loggerExists(id) {
      return db.tables.loggers.get(id) !== undefined;
    },
    async insert(sim) {
      if (iccidTaken(sim.iccid, sim.id)) throw iccidConflict();
      undo?.touch('sims', sim.id);
      db.tables.sims.insert(fromApi<SimCard>(sim));
    },
    async update(id, changes) {
      if (!db.tables.sims.get(id)) return;
      undo?.touch('sims', id);
      db.tables.sims.update(id, fromApi<Partial<SimCard>>(changes));
    },
    async delete(id, at) {
      const ms = Date.parse(at);
      for (const v of db.tables.vehicles.values()) {
        if (v.simId !== id) continue;
        undo?.touch('vehicles', v.id);
        db.tables.vehicles.update(v.id, { simId: null, updatedAt: ms });
      }
      undo?.touch('sims', id);
      db.tables.sims.remove(id);
    },
    async fit(id, loggerId, at) {
      const ms = Date.parse(at);
      // The card the logger held comes out first (a logger holds one card).
      if (loggerId !== null) {
        for (const other of db.tables.sims.values()) {
          if (other.loggerId !== loggerId || other.id === id) continue;
          undo?.touch('sims', other.id);
          db.tables.sims.update(other.id, { loggerId: null, updatedAt: ms });
        }
      }
      undo?.touch('sims', id);
      db.tables.sims.update(id, { loggerId, updatedAt: ms });
    },
  };
}

/** The SIM card services' dependencies over the demo world. */
export function worldSimDeps(db: WorldDb): SimDeps {
  return {
    sims: worldSimStore(db),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { sims: SimStore; audit: AuditStore } => ({
      sims: worldSimStore(db, undo),
      audit: worldAuditStore(db, undo),
    })),
  };
}
