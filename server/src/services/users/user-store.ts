import type { AuditStore } from '../audit/audit-chain';
import type { PasswordHasher } from '../auth/auth-store';
import type { ListQuery } from '../lib/list-query';
import type { RoleStore } from '../roles/role-store';
import type { UserFilterField, UserSortField } from './user-list-spec';
import type { UserScope } from './user-scope';
import type { AccountChanges, NewAccount, UserAccount } from './user-types';

/**
 * Storage of accounts as user management shows them (`roleName` from the role the account holds, `organisation` the
 * name of the party it acts for). No method ever answers a password hash.
 */
export interface UserStore {
  list(
    query: ListQuery<UserSortField, UserFilterField>,
    scope: UserScope,
  ): Promise<{ items: UserAccount[]; total: number }>;
  get(id: string): Promise<UserAccount | undefined>;
  emailTaken(email: string, exceptId?: string): Promise<boolean>;
  oemExists(id: string): Promise<boolean>;
  dealer(id: string): Promise<{ id: string; oemId: string } | undefined>;
  fleet(id: string): Promise<{ id: string; oemId: string } | undefined>;
  /** Active accounts holding the Super Admin role. */
  activeSuperAdmins(): Promise<number>;
  /** Inserts an account; an e-mail taken meanwhile answers the contract's 409. */
  insert(account: NewAccount): Promise<void>;
  /** Changes an account; an e-mail taken meanwhile answers the contract's 409. */
  update(id: string, changes: AccountChanges): Promise<void>;
  setPasswordHash(id: string, hash: string): Promise<void>;
  /** Ends every live session of the account: its tokens answer 401 from now on. */
  endSessions(id: string, at: Date): Promise<void>;
}

export interface UserDeps {
  users: UserStore;
  /** The roles an account may be given (read only here). */
  roles: Pick<RoleStore, 'get'>;
  /** Hashes the one-time passwords (scrypt on the server). */
  passwords: Pick<PasswordHasher, 'hash'>;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { users: UserStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
