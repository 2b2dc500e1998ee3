import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { validationFailed } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { simOr404 } from './get-sim';
import type { SimDeps } from './sim-store';
import { SIM_AUDIT_ENTITY, type SimCard } from './sim-types';

/**
 * POST /sims/{id}/assign: puts the SIM card into a logger (the card that logger held comes out), or out of any with
 * `loggerId` null. Needs Assign (or Unassign for null) on component management; a logger that does not exist is 400.
 */
export async function assignSim(
  deps: SimDeps,
  caller: Caller,
  input: { id: string; body: { loggerId: string | null } },
): Promise<SimCard> {
  const loggerId: unknown = input.body.loggerId;
  if (loggerId !== null && (typeof loggerId !== 'string' || loggerId === '')) {
    throw validationFailed({ loggerId: 'Choose an existing logger or none.' });
  }
  const sim = await simOr404(deps.sims, caller, input.id, loggerId === null ? ACTION.UNASSIGN : ACTION.ASSIGN);
  if (loggerId !== null && !(await deps.sims.loggerExists(loggerId))) {
    throw validationFailed({ loggerId: 'Choose an existing logger or none.' });
  }
  const now = deps.now();
  const at = now.toISOString();
  return deps.transact(async (tx) => {
    await tx.sims.fit(sim.id, loggerId, at);
    const after = (await tx.sims.get(sim.id)) as SimCard;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: SIM_AUDIT_ENTITY,
        entityId: sim.id,
        action: loggerId === null ? 'Unassign' : 'Assign',
        summary: loggerId === null ? 'Removed from its logger' : `Put into logger ${loggerId}`,
        changes: diffFields(sim, after),
      },
      now,
    );
    return after;
  });
}
