import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { MODEL_LIST } from './model-list-spec';
import { modelScopeOf } from './model-scope';
import type { ModelDeps } from './model-store';
import { MODEL_LIST_KEYS } from './model-types';

/** GET /models: one page of the models in the caller's scope (an OEM's staff: their OEM's). */
export async function listModels(deps: ModelDeps, caller: Caller, input: ListParams): Promise<Schemas['ModelPage']> {
  requirePermission(caller, { anyOf: MODEL_LIST_KEYS });
  const query = parseListQuery(input, MODEL_LIST);
  const { items, total } = await deps.models.list(modelScopeOf(caller), query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}
