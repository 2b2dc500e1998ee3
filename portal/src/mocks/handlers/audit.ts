import type { ApiAuditEntry, AuditEntry } from '../world/types';
import type { WorldDb } from '../world/db';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { verifyChain } from './lib/audit-chain';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { toApi } from './lib/serialize';

export const AUDIT_LIST: ListSpec<AuditEntry> = {
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
  // Entries of the same millisecond keep their chain order.
  defaultSort: [
    { field: 'occurredAt', direction: 'desc' },
    { field: 'seq', direction: 'desc' },
  ],
};

/**
 * Which entries the caller sees: platform staff every entry, an OEM the entries of its own staff (the audit key is
 * granted to no narrower role).
 */
function auditFilterFor(ctx: AuthContext, db: WorldDb): (entry: AuditEntry) => boolean {
  if (ctx.roleType !== 'oem') return () => true;
  const oemId = ctx.user.oemId;
  return (entry) => db.tables.users.get(entry.userId)?.oemId === oemId;
}

function* filtered<T>(rows: Iterable<T>, keep: (row: T) => boolean): Generator<T> {
  for (const row of rows) if (keep(row)) yield row;
}

/** The audit chain every write of the demo world appends to, and its check. */
export function createAuditHandlers(http: ApiHttp) {
  return [
    http.get('/audit', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'ah');
      const query = parseListQuery(new URL(request.url), AUDIT_LIST);
      const visible = filtered(db.tables.audit.values(), auditFilterFor(ctx, db));
      const page = applyListQuery(visible, query, AUDIT_LIST);
      return response(200).json({ ...page, items: page.items.map((a) => toApi<ApiAuditEntry>(a)) });
    }),
    http.get('/audit/actors', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'ah');
      const actors = new Map<string, { userId: string; userName: string; role: string }>();
      for (const entry of filtered(db.tables.audit.values(), auditFilterFor(ctx, db)))
        actors.set(entry.userId, { userId: entry.userId, userName: entry.userName, role: entry.role });
      return response(200).json([...actors.values()].sort((a, b) => a.userName.localeCompare(b.userName)));
    }),
    http.get('/audit/verify', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'ah');
      const entries = db.tables.audit.all();
      const { checked, broken } = await verifyChain(entries);
      const maySee = auditFilterFor(ctx, db);
      return response(200).json({
        ok: broken === null,
        checked,
        total: entries.length,
        broken: broken
          ? {
              seq: broken.seq,
              entryId: broken.entry && maySee(broken.entry) ? broken.entry.id : null,
              reason: broken.reason,
            }
          : null,
      });
    }),
  ];
}
