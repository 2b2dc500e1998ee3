import type { Schemas } from '@services/lib/api-types';
import { assignSim } from '@services/sims/assign-sim';
import { changeSimStatus } from '@services/sims/change-sim-status';
import { createSim } from '@services/sims/create-sim';
import { deleteSim } from '@services/sims/delete-sim';
import { getSim } from '@services/sims/get-sim';
import { listSims } from '@services/sims/list-sims';
import { updateSim } from '@services/sims/update-sim';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { listParamsOf } from '../adapter/list-params';
import { worldSimDeps } from '../adapter/sim-store';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/** The caller of a request and the SIM card services' dependencies over the demo world. */
async function simCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldSimDeps(db) };
}

/** SIM cards of the loggers (component management): adapters over the SIM card services. */
export function createSimHandlers(http: ApiHttp) {
  return [
    http.get('/sims', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await simCall(request);
        return response(200).json(await listSims(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.post('/sims', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await simCall(request);
        const body = (await readJsonObject(request)) as Schemas['SimCardInput'];
        return response(201).json(await createSim(deps, caller, body));
      }),
    ),

    http.get('/sims/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await simCall(request);
        return response(200).json(await getSim(deps, caller, { id: params.id }));
      }),
    ),

    http.patch('/sims/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await simCall(request);
        const patch = (await readJsonObject(request)) as { msisdn?: string; operator?: string };
        return response(200).json(await updateSim(deps, caller, { id: params.id, patch }));
      }),
    ),

    http.delete('/sims/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await simCall(request);
        await deleteSim(deps, caller, { id: params.id });
        return response(204).empty();
      }),
    ),

    http.post('/sims/{id}/assign', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await simCall(request);
        const body = (await readJsonObject(request)) as { loggerId: string | null };
        return response(200).json(await assignSim(deps, caller, { id: params.id, body }));
      }),
    ),

    http.post('/sims/{id}/status', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await simCall(request);
        const body = (await readJsonObject(request)) as Schemas['StatusInput'];
        return response(200).json(await changeSimStatus(deps, caller, { id: params.id, body }));
      }),
    ),
  ];
}
