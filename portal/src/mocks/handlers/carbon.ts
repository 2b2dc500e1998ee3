import { getCarbonReport } from '@services/analysis/carbon-report';
import { answering } from '../adapter/answer';
import { worldActivityDeps } from '../adapter/activity-store';
import { callerOf } from '../adapter/caller';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';

/**
 * The carbon emission report (issue 22 item 4, decision 0082): the services' `getCarbonReport` over the world's
 * activity (`worldActivityStore`) and carbon settings.
 */
export function createCarbonHandlers(http: ApiHttp) {
  return [
    http.get('/analysis/carbon', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const query = Object.fromEntries(new URL(request.url).searchParams);
        return response(200).json(await getCarbonReport(worldActivityDeps(db, ctx.granted), callerOf(ctx), query));
      }),
    ),
  ];
}
