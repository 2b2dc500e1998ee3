import type { PermissionKey } from '@/domain/permissions';
import type { Schemas } from '../lib/api-types';

export type Rule = Schemas['Rule'];
export type RuleInput = Schemas['RuleInput'];
export type RuleCondition = Schemas['RuleCondition'];
export type RuleDeviceKind = Rule['deviceKind'];

/** The fields a caller sets (every RuleInput field): what a create, an edit, a clone and a test read. */
export type RuleFields = Omit<Rule, 'id' | 'lastFiredAt' | 'createdBy' | 'createdAt' | 'updatedAt'>;

/** Rules need `rule.l` (openapi.yaml listRules ... disableRule). */
export const RULE_KEY: PermissionKey = 'rule.l';

/** Audit entity of spec §3. */
export const RULE_AUDIT_ENTITY = 'Rule';

/** Scope OEM 1, Model 2, Device 3. */
export const RULE_SCOPES = [1, 2, 3] as const;
