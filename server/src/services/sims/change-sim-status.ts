import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { validationFailed } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import type { Caller } from '../lib/caller';
import { simOr404 } from './get-sim';
import type { SimDeps } from './sim-store';
import { SIM_AUDIT_ENTITY, type SimCard } from './sim-types';

/** POST /sims/{id}/status: 1 active, 0 inactive. Needs the Change Status action on component management. */
export async function changeSimStatus(
  deps: SimDeps,
  caller: Caller,
  input: { id: string; body: Schemas['StatusInput'] },
): Promise<SimCard> {
  const sim = await simOr404(deps.sims, caller, input.id, ACTION.CHANGE_STATUS);
  const status: unknown = input.body.status;
  if (status !== 0 && status !== 1) throw validationFailed({ status: 'Status is 0 (inactive) or 1 (active).' });
  const now = deps.now();
  const after: SimCard = { ...sim, status, updatedAt: now.toISOString() };
  return deps.transact(async (tx) => {
    await tx.sims.update(sim.id, { status, updatedAt: after.updatedAt });
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: SIM_AUDIT_ENTITY,
        entityId: sim.id,
        action: 'Change Status',
        summary: status === 1 ? 'Activated' : 'Deactivated',
        changes: diffFields(sim, after),
      },
      now,
    );
    return (await tx.sims.get(sim.id)) as SimCard;
  });
}
