import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { conflict } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { modelInScope } from './get-model';
import type { ModelDeps } from './model-store';
import { MODEL_AUDIT_ENTITY } from './model-types';

/** DELETE /models/{id}: a model no vehicle or device is of (409 otherwise). Needs the Delete action on model management. */
export async function deleteModel(deps: ModelDeps, caller: Caller, input: { id: string }): Promise<void> {
  requirePermission(caller, 'mm', ACTION.DELETE);
  const model = await modelInScope(deps.models, caller, input.id);
  const now = deps.now();
  await deps.transact(async (tx) => {
    // Checked inside the transaction, so a vehicle or device given the model meanwhile is seen.
    if (await tx.models.inUse(model.id)) throw conflict('This model is in use and cannot be deleted.');
    await tx.models.delete(model.id);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: MODEL_AUDIT_ENTITY,
        entityId: model.id,
        action: 'Delete',
        summary: `Deleted model ${model.name}`,
        changes: diffFields(model, null),
      },
      now,
    );
  });
}
