import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { AuditEntry, AuditStore } from '../../services/audit/audit-chain';
import type { AuditFilterField, AuditSortField } from '../../services/audit/audit-list-spec';
import type { AuditReader, AuditScope } from '../../services/audit/audit-reader';
import type { ListQuery } from '../../services/lib/list-query';
import type { Db } from '../database';
import type { AuditTable, Database } from '../schema';

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

const COLUMN = {
  occurredAt: 'occurred_at',
  seq: 'seq',
  entity: 'entity',
  action: 'action',
  userName: 'user_name',
  id: 'id',
  entityId: 'entity_id',
  userId: 'user_id',
} as const satisfies Record<AuditSortField | AuditFilterField, keyof AuditTable>;

type Eb = ExpressionBuilder<Database, 'audit'>;

function inScope(eb: Eb, scope: AuditScope) {
  if (scope.kind === 'all') return eb.lit(true);
  if (scope.kind === 'own') return eb('audit.user_id', '=', scope.userId);
  // An OEM sees the entries of its own staff (accounts of that OEM).
  return eb('audit.user_id', 'in', eb.selectFrom('users').select('users.id').where('users.oem_id', '=', scope.oemId));
}

function toEntry(row: Selectable<AuditTable>): AuditEntry {
  return {
    id: row.id,
    seq: row.seq,
    occurredAt: new Date(row.occurred_at).toISOString(),
    userId: row.user_id,
    userName: row.user_name,
    role: row.role,
    ip: row.ip,
    userAgent: row.user_agent,
    entity: row.entity,
    entityId: row.entity_id,
    action: row.action as AuditEntry['action'],
    summary: row.summary,
    changes: row.changes as AuditEntry['changes'],
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/** Reading the audit chain: scoped, filtered, sorted pages in SQL, and the chain in order for the check. */
export function createAuditReader(db: Db): AuditReader {
  const where =
    (scope: AuditScope, query?: Pick<ListQuery<AuditSortField, AuditFilterField>, 'filters' | 'q' | 'from' | 'to'>) =>
    (eb: Eb) => {
      const all = [inScope(eb, scope)];
      for (const filter of query?.filters ?? []) {
        all.push(eb(`audit.${COLUMN[filter.field]}`, 'in', filter.values as string[]));
      }
      if (query?.q !== undefined) {
        const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        all.push(
          eb.or([
            eb('audit.summary', 'ilike', pattern),
            eb('audit.user_name', 'ilike', pattern),
            eb('audit.entity_id', 'ilike', pattern),
          ]),
        );
      }
      if (query?.from !== undefined) all.push(eb('audit.occurred_at', '>=', query.from));
      if (query?.to !== undefined) all.push(eb('audit.occurred_at', '<=', query.to));
      return eb.and(all);
    };

  return {
    async list(scope, query) {
      let select = db.selectFrom('audit').selectAll().where(where(scope, query));
      for (const key of query.sort) select = select.orderBy(`audit.${COLUMN[key.field]}`, key.direction);
      const [rows, count] = await Promise.all([
        select
          .orderBy('audit.seq', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db
          .selectFrom('audit')
          .where(where(scope, query))
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toEntry), total: count.total };
    },

    async actors(scope) {
      // The name and role of each person's latest entry.
      const rows = await db
        .selectFrom('audit')
        .distinctOn('audit.user_id')
        .select(['audit.user_id', 'audit.user_name', 'audit.role'])
        .where(where(scope))
        .orderBy('audit.user_id')
        .orderBy('audit.seq', 'desc')
        .execute();
      return rows
        .map((row) => ({ userId: row.user_id, userName: row.user_name, role: row.role }))
        .sort((a, b) => a.userName.localeCompare(b.userName));
    },

    async chunk(afterSeq, limit) {
      const rows = await db
        .selectFrom('audit')
        .selectAll()
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map(toEntry);
    },

    async count() {
      const row = await db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      return row.n;
    },

    async visible(scope, id) {
      const row = await db
        .selectFrom('audit')
        .select('audit.id')
        .where('audit.id', '=', id)
        .where(where(scope))
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
