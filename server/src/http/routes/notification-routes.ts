import type { ServiceDeps } from '../../deps';
import type { ListParams } from '../../services/lib/list-query';
import { acknowledgeNotification } from '../../services/notifications/acknowledge-notification';
import { listNotifications } from '../../services/notifications/list-notifications';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** The notifications rules sent: the history, and acknowledging one. */
export function notificationRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.notifications;
  return {
    listNotifications: async (request) => listNotifications(d, callerOf(request), request.query as ListParams),
    acknowledgeNotification: async (request) =>
      acknowledgeNotification(d, callerOf(request), request.params as IdParams),
  };
}
