import type { AuditStore } from '../audit/audit-chain';
import type { StoredDashboard } from './dashboard-types';

/** Storage of saved dashboards. A dashboard belongs to one account in one role (decision 0077). */
export interface DashboardStore {
  /** The dashboards of the account in the role, by position. */
  listOwn(userId: string, role: string): Promise<StoredDashboard[]>;
  get(id: string): Promise<StoredDashboard | undefined>;
  insert(dashboard: StoredDashboard): Promise<void>;
  update(id: string, changes: Partial<Pick<StoredDashboard, 'name' | 'panels' | 'updatedAt'>>): Promise<void>;
  delete(id: string): Promise<void>;
}

export interface DashboardDeps {
  dashboards: DashboardStore;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { dashboards: DashboardStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
