import type { AuditStore } from '@services/audit/audit-chain';
import type { ModelFilterField, ModelSortField } from '@services/models/model-list-spec';
import type { ModelScope } from '@services/models/model-scope';
import type { ModelDeps, ModelStore } from '@services/models/model-store';
import { codeConflict } from '@services/models/model-fields';
import { fromApi, toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import type { ApiModel, Model } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { type UndoLog, worldTransact } from './world-transaction';

/** Model fields as the list reads them: the in-memory counterpart of the SQL repository's column map. */
const MODEL_COLUMNS: MemoryListSpec<Model, ModelSortField, ModelFilterField> = {
  sortable: {
    name: (m) => m.name,
    code: (m) => m.code,
    kind: (m) => m.kind,
    status: (m) => m.status,
    configurationStep: (m) => m.configurationStep,
    createdAt: (m) => m.createdAt,
    updatedAt: (m) => m.updatedAt,
  },
  filterable: {
    kind: (m) => m.kind,
    oemId: (m) => m.oemId,
    status: (m) => m.status,
    vehicleType: (m) => m.vehicleType ?? null,
  },
  searchable: [(m) => m.name, (m) => m.code],
  time: (m) => m.updatedAt,
};

const inScope = (scope: ModelScope) => (model: Model) => scope === null || model.oemId === scope.oemId;

/** The world table of the devices of each device model kind. */
const DEVICE_TABLE = { BMS: 'bmsDevices', MCU: 'mcuDevices', VCU: 'vcuDevices' } as const;

/** The ModelStore of the services over the demo world's models table (which the vehicle and device stores read). */
export function worldModelStore(db: WorldDb, undo?: UndoLog): ModelStore {
  const codeTaken = (code: string, exceptId?: string) => {
    const wanted = code.toLowerCase();
    for (const m of db.tables.models.values()) if (m.code.toLowerCase() === wanted && m.id !== exceptId) return true;
    return false;
  };
  return {
    async list(scope, query) {
      const rows = Array.from(db.tables.models.values()).filter(inScope(scope));
      const { items, total } = memoryList(rows, query, MODEL_COLUMNS);
      return { items: items.map((m) => toApi<ApiModel>(structuredClone(m))), total };
    },
    async get(id, scope) {
      const model = db.tables.models.get(id);
      return model && inScope(scope)(model) ? toApi<ApiModel>(structuredClone(model)) : undefined;
    },
    async codeTaken(code, exceptId) {
      return codeTaken(code, exceptId);
    },
    async oemExists(id) {
      return db.tables.oems.get(id) !== undefined;
    },
    async inUse(id) {
      const model = db.tables.models.get(id);
      if (!model) return false;
      const rows = model.kind === 'EV' ? db.tables.vehicles.values() : db.tables[DEVICE_TABLE[model.kind]].values();
      for (const row of rows) if (row.modelId === id) return true;
      return false;
    },
    async insert(model) {
      if (codeTaken(model.code, model.id)) throw codeConflict();
      undo?.touch('models', model.id);
      db.tables.models.insert(fromApi<Model>(structuredClone(model)));
    },
    async update(id, changes) {
      if (!db.tables.models.get(id)) return;
      if (changes.code !== undefined && codeTaken(changes.code, id)) throw codeConflict();
      undo?.touch('models', id);
      db.tables.models.update(id, fromApi<Partial<Model>>(structuredClone(changes)));
    },
    async delete(id) {
      undo?.touch('models', id);
      db.tables.models.remove(id);
    },
  };
}

/** The model services' dependencies over the demo world. */
export function worldModelDeps(db: WorldDb): ModelDeps {
  return {
    models: worldModelStore(db),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { models: ModelStore; audit: AuditStore } => ({
      models: worldModelStore(db, undo),
      audit: worldAuditStore(db, undo),
    })),
  };
}
