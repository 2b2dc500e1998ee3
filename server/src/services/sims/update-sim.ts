import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { simOr404 } from './get-sim';
import { readMsisdn, readOperator } from './sim-fields';
import type { SimDeps } from './sim-store';
import { SIM_AUDIT_ENTITY, type SimCard } from './sim-types';

/** PATCH /sims/{id}: phone number and operator (the ICCID is the card's own). Needs the Update action on component management. */
export async function updateSim(
  deps: SimDeps,
  caller: Caller,
  input: { id: string; patch: { msisdn?: string; operator?: string } },
): Promise<SimCard> {
  const current = await simOr404(deps.sims, caller, input.id, ACTION.UPDATE);
  const { patch } = input;
  const errors = new FieldErrors();
  const changes: Partial<SimCard> = {};
  if (patch.msisdn !== undefined) {
    const msisdn = readMsisdn(errors, patch.msisdn);
    if (msisdn !== undefined) changes.msisdn = msisdn;
  }
  if (patch.operator !== undefined) {
    const operator = readOperator(errors, patch.operator);
    if (operator !== undefined) changes.operator = operator;
  }
  errors.throwIfAny();
  const now = deps.now();
  const after: SimCard = { ...current, ...changes, updatedAt: now.toISOString() };
  const changed = diffFields(current, after);
  return deps.transact(async (tx) => {
    await tx.sims.update(current.id, { ...changes, updatedAt: after.updatedAt });
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: SIM_AUDIT_ENTITY,
        entityId: current.id,
        action: 'Update',
        summary: `Updated ${changed.map((c) => c.field).join(', ') || 'nothing'}`,
        changes: changed,
      },
      now,
    );
    return (await tx.sims.get(current.id)) as SimCard;
  });
}
