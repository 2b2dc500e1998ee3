import { getCurrentUser } from '@services/auth/get-current-user';
import { login } from '@services/auth/login';
import { logout } from '@services/auth/logout';
import type { Schemas } from '@services/lib/api-types';
import { answering } from '../adapter/answer';
import { worldAuthDeps } from '../adapter/auth-store';
import { callerOf } from '../adapter/caller';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { clientOf, requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/**
 * Sign-in, sign-out and the current user: adapters over the services (`login`, `logout`, `getCurrentUser`) with the
 * world's sessions and accounts as their `AuthStore` (`adapter/auth-store.ts`; decision 0110, "Sign-in and sessions
 * moved"): the password check, the token and its hash, the expiry and the lockout are the services'.
 */
export function createAuthHandlers(http: ApiHttp) {
  return [
    http.post('/auth/login', async ({ request, response }) =>
      answering(async () => {
        const body = await readJsonObject(request);
        // What the server's schema validation makes of a missing field: the services' own field errors.
        const input: Schemas['LoginRequest'] = {
          email: typeof body.email === 'string' ? body.email : '',
          password: typeof body.password === 'string' ? body.password : '',
        };
        const db = await getWorldDb();
        return response(200).json(await login(worldAuthDeps(db), clientOf(request), input));
      }),
    ),

    http.post('/auth/logout', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        await logout(worldAuthDeps(db), callerOf(ctx));
        await db.persist();
        return response(204).empty();
      }),
    ),

    http.get('/auth/me', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = await requireAuth(request, db);
      return response(200).json(getCurrentUser(callerOf(ctx)));
    }),
  ];
}
