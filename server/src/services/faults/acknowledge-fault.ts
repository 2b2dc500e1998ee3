import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { type Caller, requirePermission } from '../lib/caller';
import type { FaultDeps } from './fault-store';
import { FAULT_ACKNOWLEDGE_KEYS, FAULT_AUDIT_ENTITY, type Fault } from './fault-types';
import { faultOr404 } from './get-fault';
import { faultScopeOf } from './fault-scope';

/**
 * POST /faults/{id}/acknowledge: needs Update on a fault tab (vehicle, BMS or MCU) and the fault in the caller's scope.
 * Acknowledging twice keeps the first acknowledgement (who saw it first matters): 200 with the fault as it is, nothing
 * written. The first one is audited as Fault / Update in its transaction.
 */
export async function acknowledgeFault(deps: FaultDeps, caller: Caller, input: { id: string }): Promise<Fault> {
  requirePermission(caller, { anyOf: FAULT_ACKNOWLEDGE_KEYS }, ACTION.UPDATE);
  const fault = await faultOr404(deps.faults, caller, input.id);
  if (fault.acknowledgedAt !== null) return fault;
  const now = deps.now();
  const scope = faultScopeOf(caller);
  return deps.transact(async (tx) => {
    if (!(await tx.faults.acknowledge(fault.id, now.toISOString(), caller.user.id))) {
      // Someone acknowledged it meanwhile: theirs stays.
      return (await tx.faults.get(fault.id, scope)) ?? fault;
    }
    const after = (await tx.faults.get(fault.id, scope)) as Fault;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: FAULT_AUDIT_ENTITY,
        entityId: fault.id,
        action: 'Update',
        summary: `Acknowledged ${fault.code}`,
        changes: diffFields(fault, after),
      },
      now,
    );
    return after;
  });
}
