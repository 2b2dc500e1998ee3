import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import { NOTIFICATION_LIST } from './notification-list-spec';
import type { NotificationDeps } from './notification-store';
import { NOTIFICATION_READ_KEYS } from './notification-types';

/** GET /notifications: one page of the notifications rules sent on vehicles in the caller's scope. */
export async function listNotifications(
  deps: NotificationDeps,
  caller: Caller,
  input: ListParams,
): Promise<Schemas['NotificationPage']> {
  requirePermission(caller, { anyOf: NOTIFICATION_READ_KEYS });
  const query = parseListQuery(input, NOTIFICATION_LIST);
  const { items, total } = await deps.notifications.list(vehicleScopeOf(caller), query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}
