import type { KeyRange } from '@/domain/rules';
import type { AuditStore } from '../audit/audit-chain';
import type { ListQuery } from '../lib/list-query';
import type { VehicleScope } from '../vehicles/vehicle-scope';
import type { Sample } from './rule-evaluator';
import type { RuleFilterField, RuleSortField } from './rule-list-spec';
import type { RuleScope } from './rule-scope';
import type { Rule, RuleDeviceKind, RuleFields } from './rule-types';

/** A model as a rule's checks read it: its kind and OEM, the keys it reports, the codes of its commands. */
export interface RuleModel {
  id: string;
  kind: RuleDeviceKind;
  oemId: string;
  telemetryTemplate: KeyRange[];
  commandCodes: string[];
}

/** Storage of rules, and what a rule's checks look up. Every read of a rule takes the caller's rule scope. */
export interface RuleStore {
  list(scope: RuleScope, query: ListQuery<RuleSortField, RuleFilterField>): Promise<{ items: Rule[]; total: number }>;
  get(id: string, scope: RuleScope): Promise<Rule | undefined>;
  insert(rule: Rule): Promise<void>;
  update(id: string, changes: Partial<Rule>): Promise<void>;
  delete(id: string): Promise<void>;
  model(id: string): Promise<RuleModel | undefined>;
  /** The models of one kind of one OEM (the commands an OEM-wide or vehicle rule may send). */
  modelsOf(kind: RuleDeviceKind, oemId: string): Promise<RuleModel[]>;
  /** The OEM of the vehicle when it exists and is in the vehicle scope. */
  vehicleOem(id: string, scope: VehicleScope): Promise<string | undefined>;
  oemExists(id: string): Promise<boolean>;
}

/** One vehicle a rule watches: its EV (`sourceId` the vehicle) or its fitted device of the rule's kind. */
export interface RuleTarget {
  vehicleId: string;
  sourceId: string;
  deviceId: string | null;
  template: readonly KeyRange[];
}

/** What a rule is evaluated over: its targets, and what each reported. */
export interface RuleSampleSource {
  /** The vehicles a rule watches, at most `max`, and whether its scope holds more. */
  targets(rule: RuleFields, max: number): Promise<{ targets: RuleTarget[]; truncated: boolean }>;
  /** The samples of a target at every `stepMs` from `first` to `last` (inclusive), oldest first. */
  samples(rule: RuleFields, target: RuleTarget, first: number, last: number, stepMs: number): Promise<Sample[]>;
}

export interface RuleDeps {
  rules: RuleStore;
  samples: RuleSampleSource;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { rules: RuleStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
