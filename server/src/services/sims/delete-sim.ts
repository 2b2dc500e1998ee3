import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import type { Caller } from '../lib/caller';
import { simOr404 } from './get-sim';
import type { SimDeps } from './sim-store';
import { SIM_AUDIT_ENTITY } from './sim-types';

/** DELETE /sims/{id}: the card goes, out of its logger and off any vehicle. Needs the Delete action on component management. */
export async function deleteSim(deps: SimDeps, caller: Caller, input: { id: string }): Promise<void> {
  const sim = await simOr404(deps.sims, caller, input.id, ACTION.DELETE);
  const now = deps.now();
  await deps.transact(async (tx) => {
    await tx.sims.delete(sim.id, now.toISOString());
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: SIM_AUDIT_ENTITY,
        entityId: sim.id,
        action: 'Delete',
        summary: `Deleted SIM ${sim.iccid}`,
        changes: diffFields(sim, null),
      },
      now,
    );
  });
}
