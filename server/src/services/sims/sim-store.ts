import type { AuditStore } from '../audit/audit-chain';
import type { ListQuery } from '../lib/list-query';
import type { SimFilterField, SimSortField } from './sim-list-spec';
import type { SimCard } from './sim-types';

/** Storage of SIM cards (component management: every SIM card, no narrower scope). */
export interface SimStore {
  list(query: ListQuery<SimSortField, SimFilterField>): Promise<{ items: SimCard[]; total: number }>;
  get(id: string): Promise<SimCard | undefined>;
  iccidTaken(iccid: string, exceptId?: string): Promise<boolean>;
  /** True when a logger (device of type LOGGER) has this id. */
  loggerExists(id: string): Promise<boolean>;
  /** Inserts a SIM card; an ICCID taken meanwhile answers the contract's 409. */
  insert(sim: SimCard): Promise<void>;
  update(id: string, changes: Partial<SimCard>): Promise<void>;
  /** Deletes the SIM card; a vehicle that carried it no longer does. */
  delete(id: string, at: string): Promise<void>;
  /** Puts the SIM card into the logger (null: takes it out); the SIM card the logger held comes out. */
  fit(id: string, loggerId: string | null, at: string): Promise<void>;
}

export interface SimDeps {
  sims: SimStore;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { sims: SimStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
