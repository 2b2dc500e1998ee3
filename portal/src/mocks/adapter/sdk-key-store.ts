import type { AuditStore } from '@services/audit/audit-chain';
import type { ManagedSdkKey, SdkKeyAdminStore, SdkKeyDeps } from '@services/sdk-keys/sdk-key-store';
import type { WorldDb } from '../world/db';
import type { SdkKeyRecord } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type UndoLog, worldTransact } from './world-transaction';

const iso = (ms: number) => new Date(ms).toISOString();

/** A world row as the services see a key (also the widget API's `byKey`). */
export function toManaged(row: SdkKeyRecord): ManagedSdkKey {
  return {
    id: row.id,
    tenantId: row.tenantId,
    key: row.key,
    name: row.name,
    config: row.config ?? undefined,
    createdAt: iso(row.createdAt),
    revokedAt: row.revokedAt === null ? null : iso(row.revokedAt),
  };
}

/** The SDK key store of the services (decision 0123) over the world's `sdkKeys` table (persisted with the world). */
export function worldSdkKeyStore(db: WorldDb, undo?: UndoLog): SdkKeyAdminStore {
  return {
    async list(tenantId) {
      return db.tables.sdkKeys
        .all()
        .filter((k) => k.tenantId === tenantId)
        .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
        .map(toManaged);
    },
    async get(id) {
      const row = db.tables.sdkKeys.get(id);
      return row && toManaged(row);
    },
    async insert(key) {
      undo?.touch('sdkKeys', key.id);
      db.tables.sdkKeys.insert({
        id: key.id,
        tenantId: key.tenantId,
        key: key.key,
        name: key.name,
        config: key.config ?? null,
        createdAt: Date.parse(key.createdAt),
        revokedAt: key.revokedAt === null ? null : Date.parse(key.revokedAt),
      });
    },
    async updateLive(id, changes) {
      const row = db.tables.sdkKeys.get(id);
      if (!row || row.revokedAt !== null) return false;
      undo?.touch('sdkKeys', id);
      const next: Partial<SdkKeyRecord> = {};
      if (changes.name !== undefined) next.name = changes.name;
      if (changes.config !== undefined) next.config = changes.config;
      if (changes.revokedAt !== undefined) next.revokedAt = Date.parse(changes.revokedAt);
      if (Object.keys(next).length > 0) db.tables.sdkKeys.update(id, next);
      return true;
    },
  };
}

/** The SDK key services' dependencies over the demo world. */
export function worldSdkKeyDeps(db: WorldDb): SdkKeyDeps {
  return {
    sdkKeys: worldSdkKeyStore(db),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { sdkKeys: SdkKeyAdminStore; audit: AuditStore } => ({
      sdkKeys: worldSdkKeyStore(db, undo),
      audit: worldAuditStore(db, undo),
    })),
  };
}
