import type { RoleCode } from '@/domain/roles';
import type { AuditStore } from '../audit/audit-chain';
import type { ListQuery } from '../lib/list-query';
import type { RoleFilterField, RoleSortField } from './role-list-spec';
import type { StoredRole } from './role-types';

/** Storage of roles; `userCount` is the number of accounts holding the role (their role id, else their code). */
export interface RoleStore {
  /** One page of the roles of these codes. */
  list(
    query: ListQuery<RoleSortField, RoleFilterField>,
    codes: readonly RoleCode[],
  ): Promise<{ items: StoredRole[]; total: number }>;
  get(id: string): Promise<StoredRole | undefined>;
  nameTaken(name: string, exceptId?: string): Promise<boolean>;
  /** Inserts a role; a name taken meanwhile answers the contract's error for it. */
  insert(role: StoredRole): Promise<void>;
  update(id: string, changes: Partial<Pick<StoredRole, 'name' | 'permissions' | 'updatedAt'>>): Promise<void>;
  /** Deletes the role unless an account holds it; false (nothing deleted) when one does. */
  deleteUnheld(id: string): Promise<boolean>;
}

export interface RoleDeps {
  roles: RoleStore;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { roles: RoleStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
