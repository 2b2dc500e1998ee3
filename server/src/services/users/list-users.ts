import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { USER_LIST } from './user-list-spec';
import { userScopeOf } from './user-scope';
import type { UserDeps } from './user-store';

/** GET /users: one page of the accounts in the caller's scope (`userScopeOf`); needs `su`. */
export async function listUsers(
  deps: UserDeps,
  caller: Caller,
  input: ListParams,
): Promise<Schemas['UserAccountPage']> {
  requirePermission(caller, 'su');
  const query = parseListQuery(input, USER_LIST);
  const { items, total } = await deps.users.list(query, userScopeOf(caller));
  return { items, total, page: query.page, pageSize: query.pageSize };
}
