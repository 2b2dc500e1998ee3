import type { AuditStore } from '../audit/audit-chain';
import type { ListQuery } from '../lib/list-query';
import type { ModelFilterField, ModelSortField } from './model-list-spec';
import type { ModelScope } from './model-scope';
import type { Model } from './model-types';

/** Storage of EV, BMS, MCU and VCU models. Every read takes the caller's scope. */
export interface ModelStore {
  list(
    scope: ModelScope,
    query: ListQuery<ModelSortField, ModelFilterField>,
  ): Promise<{ items: Model[]; total: number }>;
  /** The model if it exists and is in the scope. */
  get(id: string, scope: ModelScope): Promise<Model | undefined>;
  /** True when another model (not `exceptId`) has this code, compared without case. */
  codeTaken(code: string, exceptId?: string): Promise<boolean>;
  oemExists(id: string): Promise<boolean>;
  /** True when a vehicle (EV model) or device (BMS, MCU, VCU model) is of this model. */
  inUse(id: string): Promise<boolean>;
  /** Inserts a model; a code taken meanwhile answers the contract's 409. */
  insert(model: Model): Promise<void>;
  /** Sets the fields of `changes`; a code taken meanwhile answers the contract's 409. */
  update(id: string, changes: Partial<Model>): Promise<void>;
  delete(id: string): Promise<void>;
}

export interface ModelDeps {
  models: ModelStore;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { models: ModelStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
