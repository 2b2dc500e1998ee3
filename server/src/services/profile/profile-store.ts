import type { AuditStore } from '../audit/audit-chain';
import type { AuthStore, PasswordHasher } from '../auth/auth-store';
import type { UserStore } from '../users/user-store';

/** The caller's own account as the profile reads and writes it: the user store of user management, reused. */
export type ProfileUserStore = Pick<UserStore, 'get' | 'emailTaken' | 'update' | 'setPasswordHash'>;

/** The caller's sessions and password hash (the sign-in's store; the demo implements just this part). */
export type ProfileAuthStore = Pick<AuthStore, 'liveSessions' | 'revokeSessions' | 'passwordHashOf'>;

export interface ProfileDeps {
  users: ProfileUserStore;
  auth: ProfileAuthStore;
  /** Checks the current password and hashes the new one (scrypt on the server). */
  passwords: PasswordHasher;
  now: () => Date;
  /** Runs `work` in one transaction: the write, the sessions it ends and its audit entry commit together. */
  transact<T>(
    work: (tx: { users: ProfileUserStore; auth: ProfileAuthStore; audit: AuditStore }) => Promise<T>,
  ): Promise<T>;
}

/** Audit entity name of spec §3. */
export const PROFILE_AUDIT_ENTITY = 'Profile';
