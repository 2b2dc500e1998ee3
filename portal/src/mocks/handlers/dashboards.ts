import { createDashboard } from '@services/dashboards/create-dashboard';
import { deleteDashboard } from '@services/dashboards/delete-dashboard';
import { listDashboards } from '@services/dashboards/list-dashboards';
import { resetDashboards } from '@services/dashboards/reset-dashboards';
import { updateDashboard } from '@services/dashboards/update-dashboard';
import type { Schemas } from '@services/lib/api-types';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldDashboardDeps } from '../adapter/dashboard-store';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/** The caller of a request and the dashboard services' dependencies over the demo world. */
async function dashboardCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldDashboardDeps(db) };
}

/** Dashboards (decisions 0076-0077; permissions `db`, `dc`; audit entity Dashboard): adapters over the services. */
export function createDashboardHandlers(http: ApiHttp) {
  return [
    http.get('/dashboards', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await dashboardCall(request);
        return response(200).json(await listDashboards(deps, caller));
      }),
    ),

    http.post('/dashboards', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await dashboardCall(request);
        const body = (await readJsonObject(request)) as Schemas['DashboardInput'];
        return response(201).json(await createDashboard(deps, caller, body));
      }),
    ),

    http.post('/dashboards/reset', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await dashboardCall(request);
        return response(200).json(await resetDashboards(deps, caller));
      }),
    ),

    http.patch('/dashboards/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await dashboardCall(request);
        const patch = (await readJsonObject(request)) as Schemas['DashboardPatch'];
        return response(200).json(await updateDashboard(deps, caller, { id: params.id, patch }));
      }),
    ),

    http.delete('/dashboards/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await dashboardCall(request);
        await deleteDashboard(deps, caller, { id: params.id });
        return response(204).empty();
      }),
    ),
  ];
}
