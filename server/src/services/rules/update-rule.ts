import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { type Caller, requirePermission } from '../lib/caller';
import { ruleOr404 } from './get-rule';
import { readRuleFields } from './rule-fields';
import type { RuleDeps } from './rule-store';
import { RULE_AUDIT_ENTITY, RULE_KEY, type Rule, type RuleInput } from './rule-types';

/**
 * PATCH /rules/{id}: absent fields stay; the whole rule is checked again. Needs `rule.l` with Update, and with Change
 * Status when `enabled` changes (switching a rule on or off is its own action). An edit restarts its evaluation.
 */
export async function updateRule(
  deps: RuleDeps,
  caller: Caller,
  input: { id: string; patch: RuleInput },
): Promise<Rule> {
  const current = await ruleOr404(deps.rules, caller, input.id, ACTION.UPDATE);
  const body = input.patch as Record<string, unknown>;
  if (body.enabled !== undefined && body.enabled !== current.enabled)
    requirePermission(caller, RULE_KEY, ACTION.CHANGE_STATUS);
  const fields = await readRuleFields(deps.rules, caller, body, current);
  const now = deps.now();
  return deps.transact(async (tx) => {
    await tx.rules.update(current.id, { ...fields, updatedAt: now.toISOString() });
    const after = (await tx.rules.get(current.id, null)) as Rule;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: RULE_AUDIT_ENTITY,
        entityId: current.id,
        action: 'Update',
        summary: `Updated rule ${after.name}`,
        changes: diffFields(current, after),
      },
      now,
    );
    return after;
  });
}
