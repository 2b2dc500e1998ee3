import type { AuditStore } from '@services/audit/audit-chain';
import type { PasswordHasher, SessionRecord } from '@services/auth/auth-store';
import type { Caller } from '@services/lib/caller';
import type { ProfileAuthStore, ProfileDeps, ProfileUserStore } from '@services/profile/profile-store';
import { sha256Hex } from '../handlers/lib/sha256';
import type { AuthContext } from '../handlers/lib/auth-context';
import type { WorldDb } from '../world/db';
import type { SessionRecord as WorldSession } from '../world/types';
import { worldAuditStore } from './audit-store';
import { callerOf } from './caller';
import { demoPasswords, worldUserStore } from './user-store';
import { type UndoLog, worldTransact } from './world-transaction';

/** What stands for a demo session in the API: a hash of its token (the world's key), never the token itself. */
export const sessionPublicId = (token: string) => sha256Hex(token).slice(0, 16);

/** Demo sessions do not expire; the API's record needs an end, so this one lies far ahead. */
const NEVER = new Date(Date.UTC(9999, 0, 1));

function sessionOf(s: WorldSession): SessionRecord {
  return {
    id: sessionPublicId(s.id),
    userId: s.userId,
    createdAt: new Date(s.createdAt),
    expiresAt: NEVER,
    userAgent: s.userAgent ?? null,
    revokedAt: null,
  };
}

/**
 * The caller's sessions and password over the demo world (the part of the sign-in's store the profile needs): a
 * session is ended by removing it, as the demo's sign-out does; ids are `sessionPublicId` of the token.
 */
export function worldProfileAuthStore(db: WorldDb, undo?: UndoLog): ProfileAuthStore {
  const own = (userId: string) =>
    db.tables.sessions
      .all()
      .filter((s) => s.userId === userId)
      .sort((a, b) => b.createdAt - a.createdAt);
  return {
    async liveSessions(userId) {
      return own(userId).map(sessionOf);
    },
    async revokeSessions(userId, _at, which) {
      let ended = 0;
      for (const s of own(userId)) {
        const id = sessionPublicId(s.id);
        if ('exceptId' in which ? id === which.exceptId : id !== which.onlyId) continue;
        undo?.touch('sessions', s.id);
        db.tables.sessions.remove(s.id);
        ended += 1;
      }
      return ended;
    },
    async passwordHashOf(userId) {
      return db.tables.users.get(userId)?.password;
    },
  };
}

/**
 * The demo's password "hasher": the world keeps its public test passwords in the clear (its sign-in compares them),
 * so a hash is the password and checking is comparing (see `demoPasswords`); the server's is scrypt.
 */
export const demoPasswordHasher: PasswordHasher = {
  ...demoPasswords,
  verify: async (hash, password) => hash !== null && hash === password,
};

/** The service caller of a profile request: its session id is the session's public id, as the sessions list shows it. */
export function profileCallerOf(ctx: AuthContext): Caller {
  const caller = callerOf(ctx);
  return ctx.apiKeyId ? caller : { ...caller, sessionId: sessionPublicId(ctx.token) };
}

/** The profile services' dependencies over the demo world. */
export function worldProfileDeps(db: WorldDb): ProfileDeps {
  return {
    users: worldUserStore(db),
    auth: worldProfileAuthStore(db),
    passwords: demoPasswordHasher,
    now: () => new Date(),
    transact: worldTransact(db, (undo): { users: ProfileUserStore; auth: ProfileAuthStore; audit: AuditStore } => ({
      users: worldUserStore(db, undo),
      auth: worldProfileAuthStore(db, undo),
      audit: worldAuditStore(db, undo),
    })),
  };
}
