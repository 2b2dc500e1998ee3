import type { ServiceDeps } from '../../deps';
import type { Schemas } from '../../services/lib/api-types';
import type { ListParams } from '../../services/lib/list-query';
import { cloneModel } from '../../services/models/clone-model';
import { createModel } from '../../services/models/create-model';
import { deleteModel } from '../../services/models/delete-model';
import { getModel } from '../../services/models/get-model';
import { listModels } from '../../services/models/list-models';
import { updateModel } from '../../services/models/update-model';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** EV, BMS, MCU and VCU models: list, read, create, save a configuration step, delete, clone. */
export function modelRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.models;
  return {
    listModels: async (request) => listModels(d, callerOf(request), request.query as ListParams),
    getModel: async (request) => getModel(d, callerOf(request), request.params as IdParams),
    createModel: async (request, reply) =>
      reply.code(201).send(await createModel(d, callerOf(request), request.body as Schemas['ModelInput'])),
    updateModel: async (request) =>
      updateModel(d, callerOf(request), {
        id: (request.params as IdParams).id,
        patch: request.body as Schemas['ModelPatch'],
      }),
    deleteModel: async (request, reply) => {
      await deleteModel(d, callerOf(request), request.params as IdParams);
      return reply.code(204).send();
    },
    cloneModel: async (request, reply) =>
      reply.code(201).send(
        await cloneModel(d, callerOf(request), {
          id: (request.params as IdParams).id,
          body: request.body as { name: string; code: string },
        }),
      ),
  };
}
