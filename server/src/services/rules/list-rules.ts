import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { RULE_LIST } from './rule-list-spec';
import { ruleScopeOf } from './rule-scope';
import type { RuleDeps } from './rule-store';
import { RULE_KEY } from './rule-types';

/** GET /rules: one page of the rules in the caller's rule scope (needs `rule.l`). */
export async function listRules(deps: RuleDeps, caller: Caller, input: ListParams): Promise<Schemas['RulePage']> {
  requirePermission(caller, RULE_KEY);
  const query = parseListQuery(input, RULE_LIST);
  const { items, total } = await deps.rules.list(ruleScopeOf(caller), query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}
