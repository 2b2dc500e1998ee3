import { COMPONENT_KINDS, GRANT_TARGETS } from '@/domain/access-grants';
import { ROLE_CODES } from '@/domain/roles';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, type ListSpec, parse, parseListQuery } from '../lib/list-query';
import type { AccessGrantDeps } from './grant-store';
import type { AccessGrant } from './grant-types';
import { manages, oemLimit, toApiGrant } from './grant-rules';

const SORT_FIELDS = ['createdAt', 'expiresAt', 'granteeName', 'status'] as const;
type SortField = (typeof SORT_FIELDS)[number];
const FILTERS = {
  status: parse.oneOf('status', ['active', 'expired', 'revoked']),
  target: parse.oneOf('target', GRANT_TARGETS),
  kind: parse.oneOf('kind', COMPONENT_KINDS),
  granteeType: parse.oneOf('granteeType', ['oem', 'dealer', 'fleet', 'evowner', 'driver', 'user']),
  roleCode: parse.oneOf('roleCode', ROLE_CODES),
};
type FilterField = keyof typeof FILTERS;

/** The grant list's sorts and filters (openapi.yaml listAccessGrants). */
export const ACCESS_GRANT_LIST: ListSpec<SortField, FilterField> = {
  sortable: SORT_FIELDS,
  filterable: FILTERS,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};

const SORT_VALUE: Record<SortField, (g: AccessGrant) => string> = {
  createdAt: (g) => g.createdAt,
  // No expiry sorts after every date.
  expiresAt: (g) => g.expiresAt ?? '\uffff',
  granteeName: (g) => g.granteeName.toLowerCase(),
  status: (g) => g.status,
};

/**
 * GET /access-grants: the grants the caller manages (`ac.l`, or `oem.l` for OEM access; asking for OEM access without
 * `oem.l` is a 403). The status is a function of the time, so a caller's grants are read whole and their page is cut
 * here (an OEM's grants are few).
 */
export async function listAccessGrants(
  deps: AccessGrantDeps,
  caller: Caller,
  input: ListParams,
): Promise<Schemas['AccessGrantPage']> {
  if (input.filter?.target === 'oem') requirePermission(caller, 'oem.l');
  else requirePermission(caller, { anyOf: ['ac.l', 'oem.l'] });
  const query = parseListQuery(input, ACCESS_GRANT_LIST);
  const now = deps.now();
  const q = query.q?.toLowerCase();
  const rows = (await deps.grants.list(oemLimit(caller)))
    .filter((g) => manages(caller, g))
    .map((g) => toApiGrant(g, now))
    .filter((g) => query.filters.every((f) => f.values.includes(g[f.field])))
    .filter((g) => !q || [g.granteeName, g.targetName, g.note].some((t) => t?.toLowerCase().includes(q)));
  const sort = [...query.sort, { field: 'createdAt' as const, direction: 'desc' as const }];
  rows.sort((a, b) => {
    for (const key of sort) {
      const [x, y] = [SORT_VALUE[key.field](a), SORT_VALUE[key.field](b)];
      if (x !== y) return (x < y ? -1 : 1) * (key.direction === 'asc' ? 1 : -1);
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  const start = (query.page - 1) * query.pageSize;
  return {
    items: rows.slice(start, start + query.pageSize),
    total: rows.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}
