import { acknowledgeFault } from '@services/faults/acknowledge-fault';
import { getFault } from '@services/faults/get-fault';
import { listFaults } from '@services/faults/list-faults';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldFaultDeps } from '../adapter/fault-store';
import { listParamsOf } from '../adapter/list-params';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';

/** The caller of a request and the fault services' dependencies over the demo world. */
async function faultCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldFaultDeps(db, ctx.granted) };
}

/** Fault and alert occurrences: list, details, acknowledge; adapters over the fault services. */
export function createFaultHandlers(http: ApiHttp) {
  return [
    http.get('/faults', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await faultCall(request);
        return response(200).json(await listFaults(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.get('/faults/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await faultCall(request);
        return response(200).json(await getFault(deps, caller, { id: params.id }));
      }),
    ),

    http.post('/faults/{id}/acknowledge', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await faultCall(request);
        return response(200).json(await acknowledgeFault(deps, caller, { id: params.id }));
      }),
    ),
  ];
}
