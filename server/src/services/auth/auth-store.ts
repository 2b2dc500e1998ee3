import type { PermissionMap } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';
import type { AuditStore } from '../audit/audit-chain';
import type { GranteeType } from '@/domain/access-grants';
import type { HeldGrant } from '../access-grants/granted-access';
import type { CallerUser } from '../lib/caller';

/** An account as sign-in needs it: who it is, whether it may sign in, and its password hash. */
export interface AccountRecord extends CallerUser {
  role: RoleCode;
  status: number;
  passwordHash: string;
  /** The row of the role the account holds (its custom role, else its code's), whose permissions it gets. */
  roleRow: { id: string; permissions: PermissionMap | null } | null;
}

export interface SessionRecord {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  revokedAt: Date | null;
}

/** Storage of accounts, sessions and failed sign-ins. */
export interface AuthStore {
  accountByEmail(email: string): Promise<AccountRecord | undefined>;
  /**
   * The session whose token has this hash, with its account; undefined when unknown. A store may answer the account's
   * grants with it (every request asks: the SQL store reads them in the same query, decision 0122): at least those
   * `grantsHeldBy(granteeIdsOf(account))` answers, whatever their status; the services keep the ones of those ids.
   */
  sessionByTokenHash(
    tokenHash: string,
  ): Promise<{ session: SessionRecord; account: AccountRecord; grants?: HeldGrant[] } | undefined>;
  createSession(session: SessionRecord & { tokenHash: string; ip: string | null }): Promise<void>;
  markSignedIn(userId: string, at: Date): Promise<void>;
  /** Live sessions of an account (not revoked, not expired at `now`), newest first. */
  liveSessions(userId: string, now: Date): Promise<SessionRecord[]>;
  /** Revokes sessions of the account; with `exceptId`, every one but that; with `onlyId`, just that one. Returns how many. */
  revokeSessions(userId: string, at: Date, which: { exceptId: string } | { onlyId: string }): Promise<number>;
  /** The REST API key whose secret has this hash, with its creator's account; undefined when unknown. */
  apiKeyByHash(
    secretHash: string,
  ): Promise<
    { key: { id: string; scope: 'read' | 'write'; revokedAt: Date | null }; account: AccountRecord } | undefined
  >;
  /** The access grants held by these grantee ids, whatever their status (the services decide which still hold). */
  grantsHeldBy(ids: Partial<Record<GranteeType, string>>): Promise<HeldGrant[]>;
  /** The rows of these roles (what a device-kind grant hands its holder is its admin role's row as it is now). */
  roleRows(codes: readonly RoleCode[]): Promise<Map<string, { id: string; permissions: PermissionMap | null }>>;
  /** Stamps a key's last use. */
  markApiKeyUsed(id: string, at: Date): Promise<void>;
  /** The account's password hash (for a password change to check the current one); never answered by the API. */
  passwordHashOf(userId: string): Promise<string | undefined>;
  /** Failed sign-ins since `since`: for the account and for the address, with the oldest of each window. */
  failuresSince(
    email: string,
    ip: string | null,
    since: Date,
  ): Promise<{ account: { count: number; oldest: Date | null }; address: { count: number; oldest: Date | null } }>;
  recordFailure(email: string, ip: string | null, at: Date): Promise<void>;
  clearFailures(email: string): Promise<void>;
}

/** Checks a password against a stored hash (scrypt on the server; the hash format is the store's business). */
export interface PasswordHasher {
  /** With `hash` null (no such account), spends the same time and answers false, so timing does not tell. */
  verify(hash: string | null, password: string): Promise<boolean>;
  /** The hash to keep for a new password (a one-time password of user management). */
  hash(password: string): Promise<string>;
}

export interface AuthDeps {
  auth: AuthStore;
  passwords: PasswordHasher;
  now: () => Date;
  /** Runs `work` in one transaction with the stores it may write. */
  transact<T>(work: (tx: { auth: AuthStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}

/** What the caller's own sessions need (profile): the demo's sessions implement just this. */
export type SessionStore = Pick<AuthStore, 'liveSessions' | 'revokeSessions'>;

export interface SessionDeps {
  auth: SessionStore;
  now: () => Date;
  transact<T>(work: (tx: { auth: SessionStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}

/** How long a session lasts after sign-in. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Failed sign-ins counted over this window... */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** ...at most this many per account... */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** ...and this many per address (several accounts tried from one place). */
export const MAX_FAILURES_PER_ADDRESS = 20;
