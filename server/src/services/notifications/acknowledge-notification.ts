import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import type { NotificationDeps } from './notification-store';
import {
  NOTIFICATION_ACKNOWLEDGE_KEY,
  NOTIFICATION_AUDIT_ENTITY,
  type Notification,
  WEB_ALERT,
} from './notification-types';

/**
 * POST /notifications/{id}/acknowledge: needs `rule.h` with Update and the notification's vehicle in the caller's
 * scope (else 404). Acknowledging twice keeps the first acknowledgement: 200 with it, nothing written. The first one
 * marks its Web Alerts delivered (read) and is audited as Rule / Update in its transaction.
 */
export async function acknowledgeNotification(
  deps: NotificationDeps,
  caller: Caller,
  input: { id: string },
): Promise<Notification> {
  requirePermission(caller, NOTIFICATION_ACKNOWLEDGE_KEY, ACTION.UPDATE);
  const scope = vehicleScopeOf(caller);
  const notification = await deps.notifications.get(input.id, scope);
  if (!notification) throw notFound('Notification');
  if (notification.acknowledgedAt !== null) return notification;
  const now = deps.now();
  const changes = {
    acknowledgedAt: now.toISOString(),
    acknowledgedBy: caller.user.id,
    acknowledgedByName: caller.user.name,
    deliveries: notification.deliveries.map((d) =>
      d.method === WEB_ALERT && d.status === 'sent' ? { ...d, status: 'delivered' as const } : d,
    ),
  };
  return deps.transact(async (tx) => {
    if (!(await tx.notifications.acknowledge(notification.id, changes))) {
      // Someone acknowledged it meanwhile: theirs stays.
      return (await tx.notifications.get(notification.id, scope)) ?? notification;
    }
    const after = (await tx.notifications.get(notification.id, scope)) as Notification;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: NOTIFICATION_AUDIT_ENTITY,
        entityId: notification.id,
        action: 'Update',
        summary: `Acknowledged notification "${notification.title}" on ${notification.vehicleId}`,
        changes: diffFields(notification, after),
      },
      now,
    );
    return after;
  });
}
