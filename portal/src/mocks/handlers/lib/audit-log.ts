import type { components } from '@/domain/api-schema';
import type { RowWrite, WorldDb } from '../../world/db';
import type { AuditEntry } from '../../world/types';
import { entryHash, GENESIS_HASH } from './audit-chain';
import type { AuthContext } from './auth-context';

type AuditAction = components['schemas']['AuditEntry']['action'];
type AuditChange = components['schemas']['AuditChange'];

/** Fields that change with every write and say nothing about it. */
const NOISE = new Set(['updatedAt']);
/** Fields whose values never go into the log, only the fact that they changed. */
const SECRET = /password|token|secret/i;

/** The fields a write changed, before and after; every field of a row that was added or deleted. */
export function diffRows(before: object | null, after: object | null): AuditChange[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => f !== 'id' && !NOISE.has(f));
  const changes: AuditChange[] = [];
  for (const field of fields.sort()) {
    const was = b[field] ?? null;
    const is = a[field] ?? null;
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    if (SECRET.test(field))
      changes.push({ field, before: was === null ? null : '***', after: is === null ? null : '***' });
    else changes.push({ field, before: was, after: is });
  }
  return changes;
}

/** The last entry of the chain (entries are only ever appended, so the highest seq). */
function chainTail(db: WorldDb): AuditEntry | undefined {
  let tail: AuditEntry | undefined;
  for (const entry of db.tables.audit.values()) if (!tail || entry.seq > tail.seq) tail = entry;
  return tail;
}

/**
 * Appends one entry to the audit chain (the caller persists with the change it describes). The before/after diff is
 * taken from the world's write journal: the writes to row `entityId` since the previous entry.
 */
export function recordAudit(
  db: WorldDb,
  ctx: AuthContext,
  entity: string,
  entityId: string,
  action: AuditAction,
  summary: string,
): AuditEntry {
  const write: RowWrite | undefined = db.journal.get(entityId);
  db.journal.clear();
  const tail = chainTail(db);
  const unhashed: Omit<AuditEntry, 'hash'> = {
    id: `aud-${crypto.randomUUID()}`,
    seq: (tail?.seq ?? 0) + 1,
    occurredAt: Date.now(),
    userId: ctx.user.id,
    userName: ctx.user.name,
    role: ctx.user.role,
    ip: ctx.client?.ip ?? null,
    userAgent: ctx.client?.userAgent ?? null,
    entity,
    entityId,
    action,
    summary,
    changes: write ? diffRows(write.before, write.after) : [],
    prevHash: tail?.hash ?? GENESIS_HASH,
  };
  return db.tables.audit.insert({ ...unhashed, hash: entryHash(unhashed) });
}
