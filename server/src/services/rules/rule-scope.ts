import type { Caller } from '../lib/caller';
import type { Rule } from './rule-types';

/**
 * Which rules a caller sees (openapi.yaml listRules): platform staff all (null), an OEM's staff the rules of their OEM,
 * anyone else the rules they created. A scoped account without its id (value null) sees none.
 */
export type RuleScope = { field: 'oemId' | 'createdBy'; value: string | null } | null;

export function ruleScopeOf(caller: Caller): RuleScope {
  if (caller.roleType === 'platform') return null;
  if (caller.roleType === 'oem') return { field: 'oemId', value: caller.user.oemId };
  return { field: 'createdBy', value: caller.user.id };
}

/** True when the rule is in the scope: the in-memory reading of `ruleScopeOf`. */
export function ruleInScope(scope: RuleScope, rule: Pick<Rule, 'oemId' | 'createdBy'>): boolean {
  if (scope === null) return true;
  return scope.value !== null && rule[scope.field] === scope.value;
}
