import { ACTION, type PermissionKey } from '@/domain/permissions';
import type { WorldDb } from '../world/db';
import { type RuleEngineOptions, runRules } from '../world/rule-engine';
import type { ApiNotification, Notification } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { notFound } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { vehicleFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';

const READ_KEYS: readonly PermissionKey[] = ['rule.h', 'vh.l.d.n', 'BMS.l.d.n', 'MCU.l.d.n'];

/** A list filter may only test one value per row: these two test every delivery, so they are applied before. */
const DELIVERY_FILTERS = ['method', 'status'] as const;

export const NOTIFICATION_LIST: ListSpec<Notification> = {
  sortable: {
    sentAt: (n) => n.sentAt,
    severity: (n) => n.severity,
    ruleName: (n) => n.ruleName.toLowerCase(),
  },
  filterable: {
    vehicleId: (n) => n.vehicleId,
    ruleId: (n) => n.ruleId,
    severity: (n) => n.severity,
    acknowledged: (n) => n.acknowledgedAt !== null,
  },
  searchable: [(n) => n.title, (n) => n.message, (n) => n.ruleName, (n) => n.vehicleId],
  time: (n) => n.sentAt,
  defaultSort: [{ field: 'sentAt', direction: 'desc' }],
};

function asApi(db: WorldDb, n: Notification): ApiNotification {
  const by = n.acknowledgedBy ? db.tables.users.get(n.acknowledgedBy) : undefined;
  return toApi<ApiNotification>({ ...n, acknowledgedByName: by?.name ?? n.acknowledgedByName });
}

function inScope(ctx: AuthContext, db: WorldDb): (n: Notification) => boolean {
  const sees = vehicleFilterFor(ctx);
  return (n) => {
    const vehicle = db.tables.vehicles.get(n.vehicleId);
    return vehicle !== undefined && sees(vehicle);
  };
}

/**
 * Notifications that rules sent: the history (and a vehicle's Notifications tab), and acknowledging one. Reading
 * them first runs the demo rule engine up to now, so new ones arrive with the next poll.
 */
export function createNotificationHandlers(http: ApiHttp, engine: RuleEngineOptions = {}) {
  return [
    http.get('/notifications', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: READ_KEYS });
      if (runRules(db, Date.now(), engine).length > 0) await db.persist();
      const url = new URL(request.url);
      const [method, status] = DELIVERY_FILTERS.map((f) => url.searchParams.get(`filter[${f}]`));
      for (const f of DELIVERY_FILTERS) url.searchParams.delete(`filter[${f}]`);
      const methods = method ? new Set(method.split(',').map(Number)) : null;
      const statuses = status ? new Set(status.split(',')) : null;
      const visible = inScope(ctx, db);
      const rows = Array.from(db.tables.notifications.values()).filter(
        (n) =>
          visible(n) &&
          (methods === null && statuses === null
            ? true
            : n.deliveries.some(
                (d) => (methods === null || methods.has(d.method)) && (statuses === null || statuses.has(d.status)),
              )),
      );
      const page = applyListQuery(rows, parseListQuery(url, NOTIFICATION_LIST), NOTIFICATION_LIST);
      return response(200).json({ ...page, items: page.items.map((n) => asApi(db, n)) });
    }),

    http.post('/notifications/{id}/acknowledge', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'rule.h', ACTION.UPDATE);
      const notification = db.tables.notifications.get(params.id);
      if (!notification || !inScope(ctx, db)(notification)) throw notFound('Notification');
      // Acknowledging twice keeps the first acknowledgement: who saw it first matters.
      if (notification.acknowledgedAt !== null) return response(200).json(asApi(db, notification));
      const updated = db.tables.notifications.update(notification.id, {
        acknowledgedAt: Date.now(),
        acknowledgedBy: ctx.user.id,
        acknowledgedByName: ctx.user.name,
        // Web alerts are read once someone acknowledges.
        deliveries: notification.deliveries.map((d) =>
          d.method === 16 && d.status === 'sent' ? { ...d, status: 'delivered' as const } : d,
        ),
      }) as Notification;
      await recordAudit(
        db,
        ctx,
        'Rule',
        notification.id,
        'Update',
        `Acknowledged notification "${notification.title}" on ${notification.vehicleId}`,
      );
      await db.persist();
      return response(200).json(asApi(db, updated));
    }),
  ];
}
