import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import type { Caller } from '../lib/caller';
import { ruleOr404 } from './get-rule';
import type { RuleDeps } from './rule-store';
import { RULE_AUDIT_ENTITY, type Rule } from './rule-types';

/**
 * POST /rules/{id}/enable and /disable: needs `rule.l` with Change Status. Evaluation starts afresh from now (the
 * rule's `updatedAt`). A rule already so answers 200 as it is and writes nothing.
 */
export async function setRuleStatus(
  deps: RuleDeps,
  caller: Caller,
  input: { id: string; enabled: boolean },
): Promise<Rule> {
  const rule = await ruleOr404(deps.rules, caller, input.id, ACTION.CHANGE_STATUS);
  if (rule.enabled === input.enabled) return rule;
  const now = deps.now();
  return deps.transact(async (tx) => {
    await tx.rules.update(rule.id, { enabled: input.enabled, updatedAt: now.toISOString() });
    const after = (await tx.rules.get(rule.id, null)) as Rule;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: RULE_AUDIT_ENTITY,
        entityId: rule.id,
        action: 'Change Status',
        summary: `${input.enabled ? 'Enabled' : 'Disabled'} rule ${rule.name}`,
        changes: diffFields(rule, after),
      },
      now,
    );
    return after;
  });
}
