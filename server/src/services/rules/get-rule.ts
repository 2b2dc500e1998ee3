import { ACTION } from '@/domain/permissions';
import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { ruleScopeOf } from './rule-scope';
import type { RuleDeps, RuleStore } from './rule-store';
import { RULE_KEY, type Rule } from './rule-types';

/** The rule when it is in the caller's rule scope, else the contract's 404; the caller needs `action` (default List). */
export async function ruleOr404(
  store: RuleStore,
  caller: Caller,
  id: string,
  action: number = ACTION.LIST,
): Promise<Rule> {
  requirePermission(caller, RULE_KEY, action);
  const rule = await store.get(id, ruleScopeOf(caller));
  if (!rule) throw notFound('Rule');
  return rule;
}

/** GET /rules/{id}. */
export async function getRule(deps: RuleDeps, caller: Caller, input: { id: string }): Promise<Rule> {
  return ruleOr404(deps.rules, caller, input.id);
}
