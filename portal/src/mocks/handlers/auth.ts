import { getCurrentUser } from '@services/auth/get-current-user';
import { toAuthUser } from '@services/auth/to-auth-user';
import { callerOf, callerUserOf } from '../adapter/caller';
import { getWorldDb } from '../world/world-instance';
import type { UserRecord } from '../world/types';
import type { ApiHttp } from './http';
import { permissionsOf, requireAuth } from './lib/auth-context';
import { errorResponse, validationFailed } from './lib/http-error';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Login, logout and the current user. The current user and the user of a sign-in are the services' views
 * (`getCurrentUser`, `toAuthUser`); sign-in and sign-out still keep the demo's own sessions (plain tokens, no
 * failure count) until the demo's session store moves to the services' AuthStore.
 */
export function createAuthHandlers(http: ApiHttp) {
  return [
    http.post('/auth/login', async ({ request, response }) => {
      const body = (await request.json().catch(() => null)) as { email?: unknown; password?: unknown } | null;
      const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
      const password = typeof body?.password === 'string' ? body.password : '';
      const fieldErrors: Record<string, string> = {};
      if (!email) fieldErrors.email = 'Enter your email.';
      else if (!EMAIL.test(email)) fieldErrors.email = 'Enter a valid email address.';
      if (!password) fieldErrors.password = 'Enter your password.';
      if (Object.keys(fieldErrors).length > 0) throw validationFailed(fieldErrors);

      const db = await getWorldDb();
      let user: UserRecord | undefined;
      for (const row of db.tables.users.values()) {
        if (row.email.toLowerCase() === email) {
          user = row;
          break;
        }
      }
      // One answer for an unknown email, a wrong password and a disabled account, so accounts cannot be probed.
      if (!user || user.password !== password || user.status !== 1) {
        throw errorResponse(400, 'invalid_credentials', 'The email or password is not correct.');
      }
      const token = `vl_${crypto.randomUUID()}`;
      db.tables.sessions.insert({
        id: token,
        userId: user.id,
        createdAt: Date.now(),
        userAgent: request.headers.get('User-Agent') ?? (typeof navigator === 'undefined' ? null : navigator.userAgent),
      });
      db.tables.users.update(user.id, { lastSignInAt: Date.now() });
      await db.persist();
      return response(200).json({ token, user: toAuthUser(callerUserOf(user)), permissions: permissionsOf(user, db) });
    }),

    http.post('/auth/logout', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      db.tables.sessions.remove(ctx.token);
      await db.persist();
      return response(204).empty();
    }),

    http.get('/auth/me', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      return response(200).json(getCurrentUser(callerOf(ctx)));
    }),
  ];
}
