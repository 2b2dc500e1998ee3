import type { Schemas } from '../lib/api-types';
import type { Caller } from '../lib/caller';
import { toAuthUser } from './to-auth-user';

/** GET /auth/me: the signed-in user with their permissions. */
export function getCurrentUser(caller: Caller): Schemas['CurrentUserResponse'] {
  return { user: toAuthUser(caller.user), permissions: caller.permissions };
}
