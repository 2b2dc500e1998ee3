import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { modelInScope } from './get-model';
import { checkCodeFree, readCode, readConfigurationFields, readName, readVehicleType } from './model-fields';
import type { ModelDeps } from './model-store';
import { MODEL_AUDIT_ENTITY, type Model } from './model-types';

/**
 * PATCH /models/{id}: saves a step of the configuration flow (any of name, code, vehicle type of an EV model, master
 * data, commands, faults, telemetry template, battery data of a BMS model, motor data of an MCU model, configuration),
 * `configurationStep` where to resume, `status` 1 to publish. Needs the Update action on model management. Throws 400
 * with every field error, then 409 for a code another model has.
 */
export async function updateModel(
  deps: ModelDeps,
  caller: Caller,
  input: { id: string; patch: Schemas['ModelPatch'] },
): Promise<Model> {
  requirePermission(caller, 'mm', ACTION.UPDATE);
  const current = await modelInScope(deps.models, caller, input.id);
  const patch = input.patch as Record<string, unknown>;
  const errors = new FieldErrors();
  const changes = readConfigurationFields(errors, current.kind, patch);
  if (patch.name !== undefined) {
    const name = readName(errors, patch.name);
    if (name !== undefined) changes.name = name;
  }
  let code: string | undefined;
  if (patch.code !== undefined) {
    code = readCode(errors, patch.code);
    if (code !== undefined) changes.code = code;
  }
  if (patch.vehicleType !== undefined) {
    if (current.kind !== 'EV') errors.add('vehicleType', 'Only EV models have a vehicle type.');
    else {
      const vehicleType = readVehicleType(errors, patch.vehicleType);
      if (vehicleType !== undefined) changes.vehicleType = vehicleType;
    }
  }
  if (patch.configurationStep !== undefined) {
    if (!Number.isInteger(patch.configurationStep) || ![1, 2, 3, 4, 5, 6].includes(patch.configurationStep as number))
      errors.add('configurationStep', 'Steps are 1 to 6.');
    else changes.configurationStep = patch.configurationStep as number;
  }
  if (patch.status !== undefined) {
    if (patch.status !== 0 && patch.status !== 1) errors.add('status', 'Status is 0 (draft) or 1 (published).');
    else changes.status = patch.status as 0 | 1;
  }
  await checkCodeFree(deps.models, errors, code, current.id);

  const now = deps.now();
  const after: Model = { ...current, ...changes, updatedAt: now.toISOString() };
  const changed = diffFields(current, after);
  return deps.transact(async (tx) => {
    await tx.models.update(current.id, { ...changes, updatedAt: after.updatedAt });
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: MODEL_AUDIT_ENTITY,
        entityId: current.id,
        action: 'Update',
        summary: `Updated ${changed.map((c) => c.field).join(', ') || 'nothing'}`,
        changes: changed,
      },
      now,
    );
    return (await tx.models.get(current.id, null)) as Model;
  });
}
