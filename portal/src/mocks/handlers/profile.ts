import { ACTION } from '@/domain/permissions';
import { passwordProblem } from '@/domain/password-rule';
import type { components } from '@/domain/api-schema';
import type { WorldDb } from '../world/db';
import type { SessionRecord, UserRecord } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import { worldUserAccount } from '../adapter/user-store';
import type { ApiHttp } from './http';
import { sha256Hex } from './lib/sha256';
import { recordAudit } from './lib/audit-log';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors, readJsonObject } from './lib/body';
import { conflict, forbidden, notFound } from './lib/http-error';

type SessionInfo = components['schemas']['SessionInfo'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 -]{6,20}[0-9]$/;

/** What stands for a session in the API: a hash of its token, never the token itself. */
export const sessionPublicId = (token: string) => sha256Hex(token).slice(0, 16);

function sessionsOf(db: WorldDb, userId: string): SessionRecord[] {
  return db.tables.sessions
    .all()
    .filter((s) => s.userId === userId)
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** The profile is for people signed in; a REST API key cannot change its account. */
function requirePerson(ctx: AuthContext): void {
  if (ctx.apiKeyId) throw forbidden();
}

/** The caller's own account (`mp`), password (`mp.cp`) and sessions; audit entity Profile. */
export function createProfileHandlers(http: ApiHttp) {
  return [
    http.get('/profile', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'mp');
      return response(200).json(worldUserAccount(db, ctx.user));
    }),

    http.patch('/profile', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'mp', ACTION.UPDATE);
      requirePerson(ctx);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const changes: Partial<UserRecord> = {};
      if (body.name !== undefined) {
        const name = typeof body.name === 'string' ? body.name.trim() : '';
        if (!name) errors.add('name', 'Enter your name.');
        else if (name.length > 80) errors.add('name', 'Use at most 80 characters.');
        else changes.name = name;
      }
      if (body.email !== undefined) {
        const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
        if (!email) errors.add('email', 'Enter your e-mail address.');
        else if (!EMAIL.test(email)) errors.add('email', 'Enter a valid e-mail address.');
        else changes.email = email;
      }
      if (body.phone !== undefined) {
        const phone = typeof body.phone === 'string' ? body.phone.trim() : body.phone;
        if (phone === null || phone === '') changes.phone = null;
        else if (typeof phone !== 'string' || !PHONE.test(phone) || phone.replace(/\D/g, '').length > 15)
          errors.add('phone', 'Enter a phone number of 8 to 15 digits, optionally starting with +.');
        else changes.phone = phone;
      }
      errors.throwIfAny();
      if (changes.email) {
        for (const u of db.tables.users.values())
          if (u.id !== ctx.user.id && u.email.toLowerCase() === changes.email)
            throw conflict('An account with this e-mail exists.', { email: 'This e-mail address is already in use.' });
      }
      const updated = db.tables.users.update(ctx.user.id, changes) as UserRecord;
      await recordAudit(db, ctx, 'Profile', ctx.user.id, 'Update', `${updated.name} updated their profile`);
      await db.persist();
      return response(200).json(worldUserAccount(db, updated));
    }),

    http.post('/profile/password', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'mp.cp', ACTION.UPDATE);
      requirePerson(ctx);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const current = typeof body.currentPassword === 'string' ? body.currentPassword : '';
      const next = typeof body.newPassword === 'string' ? body.newPassword : '';
      if (!current) errors.add('currentPassword', 'Enter your current password.');
      else if (current !== ctx.user.password) errors.add('currentPassword', 'This is not your current password.');
      const problem = passwordProblem(next, ctx.user.email);
      if (!next) errors.add('newPassword', 'Enter a new password.');
      else if (problem) errors.add('newPassword', problem);
      else if (next === ctx.user.password) errors.add('newPassword', 'Choose a password you do not use now.');
      errors.throwIfAny();
      db.tables.users.update(ctx.user.id, { password: next });
      for (const s of sessionsOf(db, ctx.user.id)) if (s.id !== ctx.token) db.tables.sessions.remove(s.id);
      await recordAudit(db, ctx, 'Profile', ctx.user.id, 'Update', `${ctx.user.name} changed their password`);
      await db.persist();
      return response(204).empty();
    }),

    http.get('/profile/sessions', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'mp');
      const items: SessionInfo[] = sessionsOf(db, ctx.user.id).map((s) => ({
        id: sessionPublicId(s.id),
        createdAt: new Date(s.createdAt).toISOString(),
        userAgent: s.userAgent ?? null,
        current: s.id === ctx.token,
      }));
      return response(200).json(items);
    }),

    http.post('/profile/sessions/sign-out-others', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'mp', ACTION.UPDATE);
      requirePerson(ctx);
      let ended = 0;
      for (const s of sessionsOf(db, ctx.user.id)) {
        if (s.id === ctx.token) continue;
        db.tables.sessions.remove(s.id);
        ended += 1;
      }
      await recordAudit(
        db,
        ctx,
        'Profile',
        ctx.user.id,
        'Update',
        `${ctx.user.name} signed out ${ended} other session(s)`,
      );
      await db.persist();
      return response(200).json({ ended });
    }),

    http.delete('/profile/sessions/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'mp', ACTION.UPDATE);
      requirePerson(ctx);
      const session = sessionsOf(db, ctx.user.id).find((s) => sessionPublicId(s.id) === params.id);
      if (!session) throw notFound('Session');
      if (session.id === ctx.token) throw conflict('This is the session you are using; sign out instead.');
      db.tables.sessions.remove(session.id);
      await recordAudit(db, ctx, 'Profile', ctx.user.id, 'Update', `${ctx.user.name} signed out a session`);
      await db.persist();
      return response(204).empty();
    }),
  ];
}
