import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { toRole } from './get-role';
import { ROLE_LIST } from './role-list-spec';
import { managedRoleCodes } from './role-scope';
import type { RoleDeps } from './role-store';

/** GET /roles: one page of the roles whose code the caller manages; needs `su.RP`, or `su` to pick a role. */
export async function listRoles(deps: RoleDeps, caller: Caller, input: ListParams): Promise<Schemas['RolePage']> {
  requirePermission(caller, { anyOf: ['su.RP', 'su'] });
  const query = parseListQuery(input, ROLE_LIST);
  const { items, total } = await deps.roles.list(query, managedRoleCodes(caller));
  return { items: items.map(toRole), total, page: query.page, pageSize: query.pageSize };
}
