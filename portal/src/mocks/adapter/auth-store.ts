import type { AuditStore } from '@services/audit/audit-chain';
import type { AccountRecord, AuthDeps, AuthStore, PasswordHasher, SessionRecord } from '@services/auth/auth-store';
import { liveApiKey, liveSession } from '@services/auth/authenticate';
import { sha256HexSync } from '@services/lib/sha256';
import type { PermissionMap } from '@/domain/permissions';
import type { WorldDb } from '../world/db';
import type { SessionRecord as WorldSession, UserRecord } from '../world/types';
import { worldAuditStore } from './audit-store';
import { callerUserOf } from './caller';
import { demoPasswords } from './user-store';
import { type UndoLog, worldTransact } from './world-transaction';

/**
 * The demo's password "hasher" (decision 0110, "Sign-in and sessions moved"): the world keeps its public test
 * passwords (`DEMO_PASSWORD`) in the clear, so a kept hash is the password and checking is comparing; the server's is
 * scrypt, which would cost every sign-in in the browser tens of milliseconds for a secret that is public anyway. The
 * rules (who may sign in, the failure count, the session) are the services'; only the hash format is the store's.
 */
export const demoPasswordHasher: PasswordHasher = {
  ...demoPasswords,
  verify: async (hash, password) => hash !== null && hash === password,
};

/** A demo account as the services' sign-in reads it: the world's row of the role it holds gives its permissions. */
function accountOf(db: WorldDb, user: UserRecord): AccountRecord {
  const row = db.tables.roles.get(user.roleId ?? user.role);
  return {
    ...callerUserOf(user),
    role: user.role,
    status: user.status,
    passwordHash: user.password,
    roleRow: row ? { id: row.id, permissions: row.permissions } : null,
  };
}

function sessionOf(s: WorldSession): SessionRecord {
  return {
    id: s.id,
    userId: s.userId,
    createdAt: new Date(s.createdAt),
    expiresAt: new Date(s.expiresAt),
    userAgent: s.userAgent ?? null,
    revokedAt: s.revokedAt == null ? null : new Date(s.revokedAt),
  };
}

interface Failure {
  email: string;
  ip: string | null;
  at: number;
}

/**
 * Failed sign-ins of a world, in memory: the demo has no server to remember them across reloads, and a reload starts
 * the count again (the lockout protects nothing real in the demo; it is there so the demo answers what the server does).
 */
const failuresOf = new WeakMap<WorldDb, Failure[]>();
function failures(db: WorldDb): Failure[] {
  let list = failuresOf.get(db);
  if (!list) {
    list = [];
    failuresOf.set(db, list);
  }
  return list;
}

function windowOf(rows: Failure[]): { count: number; oldest: Date | null } {
  if (rows.length === 0) return { count: 0, oldest: null };
  return { count: rows.length, oldest: new Date(Math.min(...rows.map((f) => f.at))) };
}

/** The session whose token has this hash, with its account, read synchronously (the live broker's lookup). */
function sessionByTokenHashSync(
  db: WorldDb,
  hash: string,
): { session: SessionRecord; account: AccountRecord } | undefined {
  for (const s of db.tables.sessions.values()) {
    if (s.tokenHash !== hash) continue;
    const user = db.tables.users.get(s.userId);
    return user ? { session: sessionOf(s), account: accountOf(db, user) } : undefined;
  }
  return undefined;
}

/**
 * The live session of a bearer token, synchronously (the live broker asks while it handles a CONNECT): the services'
 * `liveSession` rule over the same lookup, with the services' SHA-256 (`sha256HexSync`, what `tokenHash` computes).
 */
export function liveSessionOfTokenSync(db: WorldDb, token: string, now = new Date()) {
  try {
    return liveSession(sessionByTokenHashSync(db, sha256HexSync(token)), now);
  } catch {
    return undefined;
  }
}

/** The API key whose secret has this hash, with its creator's account, read synchronously (the live broker's lookup). */
function apiKeyByHashSync(db: WorldDb, secretHash: string) {
  const key = db.tables.apiKeys.all().find((k) => k.secretHash === secretHash);
  const user = key ? db.tables.users.get(key.userId) : undefined;
  if (!key || !user) return undefined;
  return {
    key: { id: key.id, scope: key.scope, revokedAt: key.revokedAt === null ? null : new Date(key.revokedAt) },
    account: accountOf(db, user),
  };
}

/**
 * The usable API key of a bearer token, synchronously: the services' `liveApiKey` rule (unknown, revoked, or its
 * creator inactive: none) over the same lookup as the services' `apiKeyByHash`.
 */
export function liveApiKeyOfTokenSync(db: WorldDb, token: string) {
  try {
    return liveApiKey(apiKeyByHashSync(db, sha256HexSync(token)));
  } catch {
    return undefined;
  }
}

/** The services' `AuthStore` over the demo world: accounts, sessions, API keys, grants and failed sign-ins. */
export function worldAuthStore(db: WorldDb, undo?: UndoLog): AuthStore {
  const own = (userId: string, now: Date) =>
    db.tables.sessions
      .all()
      .filter((s) => s.userId === userId && s.revokedAt == null && s.expiresAt > now.getTime())
      .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  return {
    async accountByEmail(email) {
      const lower = email.toLowerCase();
      for (const user of db.tables.users.values()) if (user.email.toLowerCase() === lower) return accountOf(db, user);
      return undefined;
    },
    async sessionByTokenHash(hash) {
      return sessionByTokenHashSync(db, hash);
    },
    async createSession(session) {
      undo?.touch('sessions', session.id);
      db.tables.sessions.insert({
        id: session.id,
        userId: session.userId,
        tokenHash: session.tokenHash,
        createdAt: session.createdAt.getTime(),
        expiresAt: session.expiresAt.getTime(),
        userAgent: session.userAgent,
        ip: session.ip,
        revokedAt: session.revokedAt?.getTime() ?? null,
      });
    },
    async markSignedIn(userId, at) {
      if (!db.tables.users.get(userId)) return;
      undo?.touch('users', userId);
      db.tables.users.update(userId, { lastSignInAt: at.getTime() });
    },
    async liveSessions(userId, now) {
      return own(userId, now).map(sessionOf);
    },
    async revokeSessions(userId, at, which) {
      let ended = 0;
      for (const s of own(userId, at)) {
        if ('exceptId' in which ? s.id === which.exceptId : s.id !== which.onlyId) continue;
        undo?.touch('sessions', s.id);
        db.tables.sessions.update(s.id, { revokedAt: at.getTime() });
        ended += 1;
      }
      return ended;
    },
    async apiKeyByHash(secretHash) {
      return apiKeyByHashSync(db, secretHash);
    },
    async grantsHeldBy(ids) {
      return db.tables.accessGrants.all().filter((g) => ids[g.granteeType] === g.granteeId);
    },
    async roleRows(codes) {
      const rows = new Map<string, { id: string; permissions: PermissionMap | null }>();
      for (const code of codes) {
        const row = db.tables.roles.get(code);
        if (row) rows.set(code, { id: row.id, permissions: row.permissions });
      }
      return rows;
    },
    async markApiKeyUsed(id, at) {
      if (!db.tables.apiKeys.get(id)) return;
      db.tables.apiKeys.update(id, { lastUsedAt: at.getTime() });
      // Reads do not persist by themselves: keep the last use across reloads.
      void db.persist();
    },
    async passwordHashOf(userId) {
      return db.tables.users.get(userId)?.password;
    },
    async failuresSince(email, ip, since) {
      const recent = failures(db).filter((f) => f.at >= since.getTime());
      return {
        account: windowOf(recent.filter((f) => f.email === email)),
        address: ip === null ? { count: 0, oldest: null } : windowOf(recent.filter((f) => f.ip === ip)),
      };
    },
    async recordFailure(email, ip, at) {
      failures(db).push({ email, ip, at: at.getTime() });
    },
    async clearFailures(email) {
      const list = failures(db);
      const kept = list.filter((f) => f.email !== email);
      list.splice(0, list.length, ...kept);
    },
  };
}

/** The sign-in services' dependencies over the demo world. */
export function worldAuthDeps(db: WorldDb): AuthDeps {
  return {
    auth: worldAuthStore(db),
    passwords: demoPasswordHasher,
    now: () => new Date(),
    transact: worldTransact(db, (undo): { auth: AuthStore; audit: AuditStore } => ({
      auth: worldAuthStore(db, undo),
      audit: worldAuditStore(db, undo),
    })),
  };
}
