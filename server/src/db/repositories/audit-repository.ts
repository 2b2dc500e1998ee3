import { sql } from 'kysely';
import type { AuditEntry, AuditStore } from '../../services/audit/audit-chain';
import type { Db } from '../database';

/** Any number: the key of the advisory lock that orders appends to the chain. */
const AUDIT_CHAIN_LOCK = 7212;

/** The audit chain in SQL. Use inside a transaction: the lock is held until it ends. */
export function createAuditRepository(db: Db): AuditStore {
  return {
    async lockTail() {
      await sql`SELECT pg_advisory_xact_lock(${sql.lit(AUDIT_CHAIN_LOCK)})`.execute(db);
      const row = await db
        .selectFrom('audit')
        .select(['seq', 'hash'])
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ?? null;
    },
    async insert(entry: AuditEntry) {
      await db
        .insertInto('audit')
        .values({
          seq: entry.seq,
          id: entry.id,
          occurred_at: entry.occurredAt,
          user_id: entry.userId,
          user_name: entry.userName,
          role: entry.role,
          ip: entry.ip,
          user_agent: entry.userAgent,
          entity: entry.entity,
          entity_id: entry.entityId,
          action: entry.action,
          summary: entry.summary,
          changes: JSON.stringify(entry.changes),
          prev_hash: entry.prevHash,
          hash: entry.hash,
        })
        .execute();
    },
  };
}
