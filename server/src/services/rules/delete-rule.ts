import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import type { Caller } from '../lib/caller';
import { ruleOr404 } from './get-rule';
import type { RuleDeps } from './rule-store';
import { RULE_AUDIT_ENTITY } from './rule-types';

/** DELETE /rules/{id}: needs `rule.l` with Delete. The notifications it sent stay in the history. */
export async function deleteRule(deps: RuleDeps, caller: Caller, input: { id: string }): Promise<void> {
  const rule = await ruleOr404(deps.rules, caller, input.id, ACTION.DELETE);
  const now = deps.now();
  await deps.transact(async (tx) => {
    await tx.rules.delete(rule.id);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: RULE_AUDIT_ENTITY,
        entityId: rule.id,
        action: 'Delete',
        summary: `Deleted rule ${rule.name}`,
        changes: diffFields(rule, null),
      },
      now,
    );
  });
}
