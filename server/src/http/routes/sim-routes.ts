import type { ServiceDeps } from '../../deps';
import type { Schemas } from '../../services/lib/api-types';
import type { ListParams } from '../../services/lib/list-query';
import { assignSim } from '../../services/sims/assign-sim';
import { changeSimStatus } from '../../services/sims/change-sim-status';
import { createSim } from '../../services/sims/create-sim';
import { deleteSim } from '../../services/sims/delete-sim';
import { getSim } from '../../services/sims/get-sim';
import { listSims } from '../../services/sims/list-sims';
import { updateSim } from '../../services/sims/update-sim';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** SIM cards of the loggers: list, read, create, edit, delete, put into a logger, status. */
export function simRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.sims;
  return {
    listSims: async (request) => listSims(d, callerOf(request), request.query as ListParams),
    getSim: async (request) => getSim(d, callerOf(request), request.params as IdParams),
    createSim: async (request, reply) =>
      reply.code(201).send(await createSim(d, callerOf(request), request.body as Schemas['SimCardInput'])),
    updateSim: async (request) =>
      updateSim(d, callerOf(request), {
        id: (request.params as IdParams).id,
        patch: request.body as { msisdn?: string; operator?: string },
      }),
    deleteSim: async (request, reply) => {
      await deleteSim(d, callerOf(request), request.params as IdParams);
      return reply.code(204).send();
    },
    assignSim: async (request) =>
      assignSim(d, callerOf(request), {
        id: (request.params as IdParams).id,
        body: request.body as { loggerId: string | null },
      }),
    changeSimStatus: async (request) =>
      changeSimStatus(d, callerOf(request), {
        id: (request.params as IdParams).id,
        body: request.body as Schemas['StatusInput'],
      }),
  };
}
