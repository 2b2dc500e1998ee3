import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import type { Caller } from '../lib/caller';
import { ruleOr404 } from './get-rule';
import type { RuleDeps } from './rule-store';
import { RULE_AUDIT_ENTITY, type Rule } from './rule-types';

/** POST /rules/{id}/clone: a disabled copy named "Copy of ...", the caller's. Needs `rule.l` with Clone. */
export async function cloneRule(deps: RuleDeps, caller: Caller, input: { id: string }): Promise<Rule> {
  const source = await ruleOr404(deps.rules, caller, input.id, ACTION.CLONE);
  const now = deps.now();
  const at = now.toISOString();
  const copy: Rule = {
    ...source,
    id: `rule-${crypto.randomUUID()}`,
    name: `Copy of ${source.name}`.slice(0, 80),
    enabled: false,
    lastFiredAt: null,
    createdBy: caller.user.id,
    createdAt: at,
    updatedAt: at,
  };
  return deps.transact(async (tx) => {
    await tx.rules.insert(copy);
    const after = (await tx.rules.get(copy.id, null)) as Rule;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: RULE_AUDIT_ENTITY,
        entityId: copy.id,
        action: 'Clone',
        summary: `Cloned rule ${source.name} as ${copy.name}`,
        changes: diffFields(null, after),
      },
      now,
    );
    return after;
  });
}
