import { notFound } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { requirePermission } from '../lib/caller';
import { modelScopeOf } from './model-scope';
import type { ModelDeps, ModelStore } from './model-store';
import { type Model, MODEL_READ_KEYS } from './model-types';

/** The model in the caller's scope, or the contract's 404 (the caller's permission is checked before). */
export async function modelInScope(store: ModelStore, caller: Caller, id: string): Promise<Model> {
  const model = await store.get(id, modelScopeOf(caller));
  if (!model) throw notFound('Model');
  return model;
}

/** GET /models/{id}: model or component management, or the vehicle list or details. */
export async function getModel(deps: ModelDeps, caller: Caller, input: { id: string }): Promise<Model> {
  requirePermission(caller, { anyOf: MODEL_READ_KEYS });
  return modelInScope(deps.models, caller, input.id);
}
