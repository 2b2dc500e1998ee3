import type { PermissionKey } from '@/domain/permissions';
import type { ApiNotification, Notification } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth, requirePermission } from './lib/auth-context';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { vehicleFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';

const READ_KEYS: readonly PermissionKey[] = ['rule.h', 'vh.l.d.n', 'BMS.l.d.n', 'MCU.l.d.n'];

export const NOTIFICATION_LIST: ListSpec<Notification> = {
  sortable: { sentAt: (n) => n.sentAt, severity: (n) => n.severity },
  filterable: { vehicleId: (n) => n.vehicleId, ruleId: (n) => n.ruleId, severity: (n) => n.severity },
  searchable: [(n) => n.title, (n) => n.message],
  time: (n) => n.sentAt,
  defaultSort: [{ field: 'sentAt', direction: 'desc' }],
};

/** Notifications that rules sent (read-only until the rules engine arrives). */
export function createNotificationHandlers(http: ApiHttp) {
  return [
    http.get('/notifications', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: READ_KEYS });
      const inScope = vehicleFilterFor(ctx);
      const rows = Array.from(db.tables.notifications.values()).filter((n) => {
        const vehicle = db.tables.vehicles.get(n.vehicleId);
        return vehicle !== undefined && inScope(vehicle);
      });
      const page = applyListQuery(rows, parseListQuery(new URL(request.url), NOTIFICATION_LIST), NOTIFICATION_LIST);
      return response(200).json({ ...page, items: page.items.map((n) => toApi<ApiNotification>(n)) });
    }),
  ];
}
