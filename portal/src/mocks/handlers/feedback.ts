import { getFeedbackReplay, getFeedbackReport, listFeedbackReports } from '@services/feedback/inbox';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldFeedbackReader } from '../adapter/feedback-store';
import { listParamsOf } from '../adapter/list-params';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';

/** The caller of a request and the inbox services' reader over the demo world. */
async function inboxCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: { reports: worldFeedbackReader(db) } };
}

/** The feedback inbox (decision 0116): adapters over the services the server calls (`server/src/services/feedback`). */
export function createFeedbackHandlers(http: ApiHttp) {
  return [
    http.get('/feedback-reports', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await inboxCall(request);
        return response(200).json(await listFeedbackReports(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),
    http.get('/feedback-reports/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await inboxCall(request);
        return response(200).json(await getFeedbackReport(deps, caller, String(params.id)));
      }),
    ),
    http.get('/feedback-reports/{id}/replay', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await inboxCall(request);
        return response(200).json(await getFeedbackReplay(deps, caller, String(params.id)));
      }),
    ),
  ];
}
