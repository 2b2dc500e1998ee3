import type { PermissionKey } from '@/domain/permissions';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { ORG_LISTS } from './organisation-list-spec';
import { organisationScopeOf } from './organisation-scope';
import type { OrganisationDeps } from './organisation-store';
import type { ListKind, OrgOf } from './organisation-types';

/** Who may read each list: its own key, or vehicles (the lists feed the vehicle pages' filters and pickers). */
const LIST_KEYS: Record<ListKind, PermissionKey[]> = {
  oem: ['oem.l', 'mm', 'cm', 'vh.l'],
  dealer: ['sc.l', 'vh.l'],
  fleet: ['fleet.l', 'vh.l'],
  evOwner: ['evo.l', 'vh.l'],
  driver: ['drv.l', 'vh.l'],
};

type Page<K extends ListKind> = Schemas['PageMeta'] & { items: OrgOf[K][] };

/** GET /oems, /dealers, /fleets, /ev-owners, /drivers: one page of the organisations of the kind in the caller's scope. */
export async function listOrganisations<K extends ListKind>(
  deps: Pick<OrganisationDeps, 'organisations'>,
  caller: Caller,
  kind: K,
  input: ListParams,
): Promise<Page<K>> {
  requirePermission(caller, { anyOf: LIST_KEYS[kind] });
  // The contract gives these lists no date range: from and to are not read.
  const { from: _from, to: _to, ...params } = input;
  const query = parseListQuery<string, string>(params, ORG_LISTS[kind]);
  const { items, total } = await deps.organisations.list(kind, organisationScopeOf(caller, kind), query);
  return { items, total, page: query.page, pageSize: query.pageSize } as Page<K>;
}
