import type { ApiAuditEntry, AuditEntry } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth, requirePermission } from './lib/auth-context';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { toApi } from './lib/serialize';

export const AUDIT_LIST: ListSpec<AuditEntry> = {
  sortable: { occurredAt: (a) => a.occurredAt, entity: (a) => a.entity, action: (a) => a.action },
  filterable: {
    entity: (a) => a.entity,
    entityId: (a) => a.entityId,
    action: (a) => a.action,
    userId: (a) => a.userId,
  },
  searchable: [(a) => a.summary],
  time: (a) => a.occurredAt,
  defaultSort: [{ field: 'occurredAt', direction: 'desc' }],
};

/** The audit log every write of the demo world appends to. */
export function createAuditHandlers(http: ApiHttp) {
  return [
    http.get('/audit', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'ah');
      const query = parseListQuery(new URL(request.url), AUDIT_LIST);
      const page = applyListQuery(db.tables.audit.values(), query, AUDIT_LIST);
      return response(200).json({ ...page, items: page.items.map((a) => toApi<ApiAuditEntry>(a)) });
    }),
  ];
}
