import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { checkIccidFree, readIccid, readMsisdn, readOperator } from './sim-fields';
import type { SimDeps } from './sim-store';
import { SIM_AUDIT_ENTITY, type SimCard } from './sim-types';

/**
 * POST /sims: an active SIM card in no logger. Needs the Add action on component management. Throws 400 with every
 * field error, then 409 for an ICCID in use.
 */
export async function createSim(deps: SimDeps, caller: Caller, input: Schemas['SimCardInput']): Promise<SimCard> {
  requirePermission(caller, 'cm', ACTION.ADD);
  const errors = new FieldErrors();
  const iccid = readIccid(errors, input.iccid);
  const msisdn = readMsisdn(errors, input.msisdn);
  const operator = readOperator(errors, input.operator);
  await checkIccidFree(deps.sims, errors, iccid);
  if (!iccid || !msisdn || !operator) throw new Error('unreachable: fields were checked');
  const now = deps.now();
  const at = now.toISOString();
  const sim: SimCard = {
    id: `sim-${crypto.randomUUID()}`,
    iccid,
    msisdn,
    operator,
    loggerId: null,
    status: 1,
    createdAt: at,
    updatedAt: at,
  };
  return deps.transact(async (tx) => {
    await tx.sims.insert(sim);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: SIM_AUDIT_ENTITY,
        entityId: sim.id,
        action: 'Add',
        summary: `Added SIM ${iccid}`,
        changes: diffFields(null, sim),
      },
      now,
    );
    return (await tx.sims.get(sim.id)) as SimCard;
  });
}
