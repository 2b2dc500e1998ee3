import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { checkCodeFree, readCode, readKind, readName, readVehicleType } from './model-fields';
import type { ModelDeps } from './model-store';
import { MODEL_AUDIT_ENTITY, type Model } from './model-types';

/**
 * POST /models: a draft (status 0) at step 1 of the configuration flow, with empty lists. An EV model needs its vehicle
 * type (other kinds have none); an OEM's staff create models of their own OEM only. Needs the Add action on model
 * management. Throws 400 with every field error, then 409 for a code in use (compared without case).
 */
export async function createModel(deps: ModelDeps, caller: Caller, input: Schemas['ModelInput']): Promise<Model> {
  requirePermission(caller, 'mm', ACTION.ADD);
  const errors = new FieldErrors();
  const kind = readKind(errors, input.kind);
  const name = readName(errors, input.name);
  const code = readCode(errors, input.code);
  const oemId = typeof input.oemId === 'string' && input.oemId !== '' ? input.oemId : undefined;
  if (!oemId || !(await deps.models.oemExists(oemId))) errors.add('oemId', 'Choose the OEM.');
  else if (caller.roleType === 'oem' && oemId !== caller.user.oemId) errors.add('oemId', 'Choose your OEM.');
  let vehicleType: Model['vehicleType'];
  if (kind === 'EV') vehicleType = readVehicleType(errors, input.vehicleType);
  else if (kind !== undefined && input.vehicleType !== undefined)
    errors.add('vehicleType', 'Only EV models have a vehicle type.');
  await checkCodeFree(deps.models, errors, code);
  if (!kind || !name || !code || !oemId) throw new Error('unreachable: fields were checked');

  const now = deps.now();
  const at = now.toISOString();
  const model: Model = {
    id: `mdl-${crypto.randomUUID()}`,
    kind,
    name,
    code,
    oemId,
    status: 0,
    configurationStep: 1,
    masterData: { states: [] },
    commands: [],
    faults: [],
    telemetryTemplate: [],
    createdAt: at,
    updatedAt: at,
  };
  if (vehicleType) model.vehicleType = vehicleType;
  return deps.transact(async (tx) => {
    await tx.models.insert(model);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: MODEL_AUDIT_ENTITY,
        entityId: model.id,
        action: 'Add',
        summary: `Added ${kind} model ${name}`,
        changes: diffFields(null, model),
      },
      now,
    );
    return (await tx.models.get(model.id, null)) as Model;
  });
}
