import { ACTION } from '@/domain/permissions';
import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { userInScope, userScopeOf } from './user-scope';
import type { UserDeps, UserStore } from './user-store';
import type { UserAccount } from './user-types';

/** The account if it is in the caller's scope, else the contract's 404; `su` with `action` (default List) first. */
export async function userOr404(
  store: UserStore,
  caller: Caller,
  id: string,
  action: number = ACTION.LIST,
): Promise<UserAccount> {
  requirePermission(caller, 'su', action);
  const user = await store.get(id);
  if (!user || !userInScope(userScopeOf(caller), user)) throw notFound('User');
  return user;
}

/** GET /users/{id}. */
export async function getUser(deps: UserDeps, caller: Caller, input: { id: string }): Promise<UserAccount> {
  return userOr404(deps.users, caller, input.id);
}
