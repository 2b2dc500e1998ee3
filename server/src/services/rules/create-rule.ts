import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { type Caller, requirePermission } from '../lib/caller';
import { readRuleFields } from './rule-fields';
import type { RuleDeps } from './rule-store';
import { RULE_AUDIT_ENTITY, RULE_KEY, type Rule, type RuleInput } from './rule-types';

/** POST /rules: needs `rule.l` with Add. Throws 400 with every field error; writes nothing then. */
export async function createRule(deps: RuleDeps, caller: Caller, input: RuleInput): Promise<Rule> {
  requirePermission(caller, RULE_KEY, ACTION.ADD);
  const fields = await readRuleFields(deps.rules, caller, input as Record<string, unknown>, null);
  const now = deps.now();
  const at = now.toISOString();
  const rule: Rule = {
    id: `rule-${crypto.randomUUID()}`,
    ...fields,
    lastFiredAt: null,
    createdBy: caller.user.id,
    createdAt: at,
    updatedAt: at,
  };
  return deps.transact(async (tx) => {
    await tx.rules.insert(rule);
    const after = (await tx.rules.get(rule.id, null)) as Rule;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: RULE_AUDIT_ENTITY,
        entityId: rule.id,
        action: 'Add',
        summary: `Added rule ${rule.name}`,
        changes: diffFields(null, after),
      },
      now,
    );
    return after;
  });
}
