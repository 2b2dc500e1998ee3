import type { AuditEntry as ApiAuditEntry, AuditStore } from '@services/audit/audit-chain';
import type { AuditFilterField, AuditSortField } from '@services/audit/audit-list-spec';
import type { AuditReader, AuditScope } from '@services/audit/audit-reader';
import { fromApi, toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import type { AuditEntry } from '../world/types';
import { type MemoryListSpec, memoryList } from './memory-list';
import type { UndoLog } from './world-transaction';

/** The last entry of the chain (entries are only ever appended, so the highest seq). */
function chainTail(db: WorldDb): AuditEntry | undefined {
  let tail: AuditEntry | undefined;
  for (const entry of db.tables.audit.values()) if (!tail || entry.seq > tail.seq) tail = entry;
  return tail;
}

/**
 * The services' AuditStore over the demo world's audit table. The chain is held by the caller: inside a transaction
 * (`worldTransact`) or `withWorldLock`, so no other append runs between `lockTail` and `insert`.
 */
export function worldAuditStore(db: WorldDb, undo?: UndoLog): AuditStore {
  return {
    async lockTail() {
      const tail = chainTail(db);
      return tail ? { seq: tail.seq, hash: tail.hash } : null;
    },
    async insert(entry) {
      // The seeded past the new entry links to is saved with it: a reload an hour later (the world follows the
      // clock) seeds that past at other times, with other hashes, and would break the chain.
      db.tables.audit.keepSeed();
      undo?.touch('audit', entry.id);
      // Kept with its time as epoch ms: the very number the entry's hash was taken of (services/audit/audit-chain).
      db.tables.audit.insert(fromApi<AuditEntry>(entry));
    },
  };
}

const AUDIT_COLUMNS: MemoryListSpec<AuditEntry, AuditSortField, AuditFilterField> = {
  sortable: {
    occurredAt: (a) => a.occurredAt,
    seq: (a) => a.seq,
    entity: (a) => a.entity,
    action: (a) => a.action,
    userName: (a) => a.userName,
  },
  filterable: {
    id: (a) => a.id,
    entity: (a) => a.entity,
    entityId: (a) => a.entityId,
    action: (a) => a.action,
    userId: (a) => a.userId,
  },
  searchable: [(a) => a.summary, (a) => a.userName, (a) => a.entityId],
  time: (a) => a.occurredAt,
};

/** An audit scope as a test of an entry; an OEM's staff are the accounts of that OEM. */
function scopeTest(db: WorldDb, scope: AuditScope): (entry: AuditEntry) => boolean {
  if (scope.kind === 'all') return () => true;
  if (scope.kind === 'own') return (entry) => entry.userId === scope.userId;
  const { oemId } = scope;
  return (entry) => oemId !== null && db.tables.users.get(entry.userId)?.oemId === oemId;
}

function* visibleIn(db: WorldDb, scope: AuditScope): Generator<AuditEntry> {
  const keep = scopeTest(db, scope);
  for (const entry of db.tables.audit.values()) if (keep(entry)) yield entry;
}

/** The services' AuditReader over the demo world's audit table. */
export function worldAuditReader(db: WorldDb): AuditReader {
  let inChainOrder: AuditEntry[] | undefined;
  return {
    async list(scope, query) {
      const { items, total } = memoryList(visibleIn(db, scope), query, AUDIT_COLUMNS);
      return { items: items.map((entry) => toApi<ApiAuditEntry>(entry)), total };
    },
    async actors(scope) {
      const actors = new Map<string, { userId: string; userName: string; role: string }>();
      for (const entry of visibleIn(db, scope)) {
        actors.set(entry.userId, { userId: entry.userId, userName: entry.userName, role: entry.role });
      }
      return [...actors.values()].sort((a, b) => a.userName.localeCompare(b.userName));
    },
    async chunk(afterSeq, limit) {
      // One sort per check (the reader lives for one request), not one per chunk.
      inChainOrder ??= db.tables.audit.all().sort((a, b) => a.seq - b.seq);
      const start = inChainOrder.findIndex((entry) => entry.seq > afterSeq);
      if (start < 0) return [];
      return inChainOrder.slice(start, start + limit).map((entry) => toApi<ApiAuditEntry>(entry));
    },
    async count() {
      return db.tables.audit.size;
    },
    async visible(scope, id) {
      const entry = db.tables.audit.get(id);
      return entry !== undefined && scopeTest(db, scope)(entry);
    },
  };
}
