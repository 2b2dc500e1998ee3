import type { ApiSimCard, SimCard } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth, requirePermission } from './lib/auth-context';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { toApi } from './lib/serialize';

export const SIM_LIST: ListSpec<SimCard> = {
  sortable: {
    iccid: (s) => s.iccid,
    msisdn: (s) => s.msisdn,
    operator: (s) => s.operator,
    status: (s) => s.status,
    createdAt: (s) => s.createdAt,
  },
  filterable: { operator: (s) => s.operator, status: (s) => s.status, assigned: (s) => s.loggerId !== null },
  searchable: [(s) => s.iccid, (s) => s.msisdn],
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};

/** SIM cards of the loggers (component management). */
export function createSimHandlers(http: ApiHttp) {
  return [
    http.get('/sims', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'cm');
      const query = parseListQuery(new URL(request.url), SIM_LIST);
      const page = applyListQuery(db.tables.sims.values(), query, SIM_LIST);
      return response(200).json({ ...page, items: page.items.map((s) => toApi<ApiSimCard>(s)) });
    }),
  ];
}
