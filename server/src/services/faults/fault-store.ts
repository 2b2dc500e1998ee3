import type { AuditStore } from '../audit/audit-chain';
import type { ListQuery } from '../lib/list-query';
import type { FaultFilterField, FaultSortField } from './fault-list-spec';
import type { FaultScope } from './fault-scope';
import type { Fault } from './fault-types';

/** Storage of fault occurrences. Every read takes the caller's scope; a fault of a vehicle that is gone is in none. */
export interface FaultStore {
  /** One page of the faults in scope matching the query (`from`/`to` bound occurredAt; `q` searches code and name). */
  list(
    scope: FaultScope,
    query: ListQuery<FaultSortField, FaultFilterField>,
  ): Promise<{ items: Fault[]; total: number }>;
  /** The fault if it exists and is in the scope. */
  get(id: string, scope: FaultScope): Promise<Fault | undefined>;
  /**
   * Marks the fault acknowledged by `userId` at `at` unless it already is; true when this call acknowledged it (so two
   * acknowledgements at once keep the first).
   */
  acknowledge(id: string, at: string, userId: string): Promise<boolean>;
  /**
   * Marks the fault cleared at `at` unless it already is (closing the ticket of a fault is its repair); true when this
   * call cleared it.
   */
  clear(id: string, at: string): Promise<boolean>;
}

export interface FaultDeps {
  faults: FaultStore;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { faults: FaultStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
