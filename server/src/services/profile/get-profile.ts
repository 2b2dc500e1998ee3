import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import type { UserAccount } from '../users/user-types';
import type { ProfileDeps, ProfileUserStore } from './profile-store';

/** The caller's own account (a 404 only if it went away between authentication and now). */
export async function ownAccount(users: ProfileUserStore, caller: Caller): Promise<UserAccount> {
  const account = await users.get(caller.user.id);
  if (!account) throw notFound('User');
  return account;
}

/** GET /profile: the caller's own account; needs `mp`. Never a password or its hash. */
export async function getProfile(deps: ProfileDeps, caller: Caller): Promise<UserAccount> {
  requirePermission(caller, 'mp');
  return ownAccount(deps.users, caller);
}
