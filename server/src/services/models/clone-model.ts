import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { modelInScope } from './get-model';
import { checkCodeFree, readCode, readName } from './model-fields';
import type { ModelDeps } from './model-store';
import { MODEL_AUDIT_ENTITY, type Model } from './model-types';

/**
 * POST /models/{id}/clone: a draft (status 0) copy of the model, its lists, specs and configuration step, under a new
 * name and code. Needs the Clone action on model management. 400 with the field errors, then 409 for a code in use.
 */
export async function cloneModel(
  deps: ModelDeps,
  caller: Caller,
  input: { id: string; body: { name: string; code: string } },
): Promise<Model> {
  requirePermission(caller, 'mm', ACTION.CLONE);
  const source = await modelInScope(deps.models, caller, input.id);
  const errors = new FieldErrors();
  const name = readName(errors, input.body.name);
  const code = readCode(errors, input.body.code);
  await checkCodeFree(deps.models, errors, code);
  if (!name || !code) throw new Error('unreachable: fields were checked');
  const now = deps.now();
  const at = now.toISOString();
  const clone: Model = {
    ...structuredClone(source),
    id: `mdl-${crypto.randomUUID()}`,
    name,
    code,
    status: 0,
    createdAt: at,
    updatedAt: at,
  };
  return deps.transact(async (tx) => {
    await tx.models.insert(clone);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: MODEL_AUDIT_ENTITY,
        entityId: clone.id,
        action: 'Clone',
        summary: `Cloned ${source.name} as ${name}`,
        changes: diffFields(null, clone),
      },
      now,
    );
    return (await tx.models.get(clone.id, null)) as Model;
  });
}
