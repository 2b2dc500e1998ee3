import type { Schemas } from '@services/lib/api-types';
import { cloneModel } from '@services/models/clone-model';
import { createModel } from '@services/models/create-model';
import { deleteModel } from '@services/models/delete-model';
import { getModel } from '@services/models/get-model';
import { listModels } from '@services/models/list-models';
import { updateModel } from '@services/models/update-model';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { listParamsOf } from '../adapter/list-params';
import { worldModelDeps } from '../adapter/model-store';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/** The caller of a request and the model services' dependencies over the demo world. */
async function modelCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldModelDeps(db) };
}

/** Vehicle and device models (master data, commands, faults, telemetry template): adapters over the model services. */
export function createModelHandlers(http: ApiHttp) {
  return [
    http.get('/models', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await modelCall(request);
        return response(200).json(await listModels(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.post('/models', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await modelCall(request);
        const body = (await readJsonObject(request)) as Schemas['ModelInput'];
        return response(201).json(await createModel(deps, caller, body));
      }),
    ),

    http.get('/models/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await modelCall(request);
        return response(200).json(await getModel(deps, caller, { id: params.id }));
      }),
    ),

    http.patch('/models/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await modelCall(request);
        const patch = (await readJsonObject(request)) as Schemas['ModelPatch'];
        return response(200).json(await updateModel(deps, caller, { id: params.id, patch }));
      }),
    ),

    http.delete('/models/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await modelCall(request);
        await deleteModel(deps, caller, { id: params.id });
        return response(204).empty();
      }),
    ),

    http.post('/models/{id}/clone', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await modelCall(request);
        const body = (await readJsonObject(request)) as { name: string; code: string };
        return response(201).json(await cloneModel(deps, caller, { id: params.id, body }));
      }),
    ),
  ];
}
