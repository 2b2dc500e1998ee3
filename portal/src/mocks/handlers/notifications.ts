import { acknowledgeNotification } from '@services/notifications/acknowledge-notification';
import { listNotifications } from '@services/notifications/list-notifications';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { listParamsOf } from '../adapter/list-params';
import { worldNotificationDeps } from '../adapter/notification-store';
import { type RuleEngineOptions, runRules } from '../world/rule-engine';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';

/** The caller of a request and the notification services' dependencies over the demo world. */
async function notificationCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { db, caller: callerOf(ctx), deps: worldNotificationDeps(db, ctx.granted) };
}

/**
 * Notifications that rules sent: the history (and a vehicle's Notifications tab), and acknowledging one; adapters over
 * the notification services. Reading them first runs the demo rule engine up to now (the demo's live producer, which
 * the server's ingestion will be), so new ones arrive with the next poll.
 */
export function createNotificationHandlers(http: ApiHttp, engine: RuleEngineOptions = {}) {
  return [
    http.get('/notifications', async ({ request, response }) =>
      answering(async () => {
        const { db, deps, caller } = await notificationCall(request);
        await runRules(db, Date.now(), engine);
        return response(200).json(await listNotifications(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.post('/notifications/{id}/acknowledge', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await notificationCall(request);
        return response(200).json(await acknowledgeNotification(deps, caller, { id: params.id }));
      }),
    ),
  ];
}
