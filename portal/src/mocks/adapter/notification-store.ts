import type { AuditStore } from '@services/audit/audit-chain';
import type { NotificationFilterField, NotificationSortField } from '@services/notifications/notification-list-spec';
import type { NotificationDeps, NotificationStore } from '@services/notifications/notification-store';
import { vehicleTest } from '../handlers/lib/scope';
import { fromApi, toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import type { ApiNotification, Notification, Vehicle } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { type UndoLog, worldTransact } from './world-transaction';

type Columns = MemoryListSpec<
  Notification,
  NotificationSortField,
  Exclude<NotificationFilterField, 'method' | 'status'>
>;

/** Notification fields as the list reads them: the in-memory counterpart of the SQL repository's columns. */
const NOTIFICATION_COLUMNS: Columns = {
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
};

interface WorldNotificationOptions {
  /** Vehicles the caller's active access grants add to their scope (decision 0079), a demo-only widening. */
  granted?: ((vehicle: Vehicle) => boolean) | undefined;
  /** Inside a transaction: where writes record what they overwrite. */
  undo?: UndoLog;
}

/** The NotificationStore of the services over the demo world's notifications (which the rule engine adds to). */
export function worldNotificationStore(db: WorldDb, options: WorldNotificationOptions = {}): NotificationStore {
  const asApi = (n: Notification): ApiNotification => {
    // The acknowledging account's current name, else the one kept with it.
    const by = n.acknowledgedBy ? db.tables.users.get(n.acknowledgedBy) : undefined;
    return toApi<ApiNotification>({ ...n, acknowledgedByName: by?.name ?? n.acknowledgedByName });
  };
  const inScope = (scope: Parameters<NotificationStore['get']>[1]) => {
    const sees = vehicleTest(scope, options.granted);
    return (n: Notification) => {
      const vehicle = db.tables.vehicles.get(n.vehicleId);
      return vehicle !== undefined && sees(vehicle);
    };
  };
  return {
    async list(scope, query) {
      // method and status test one delivery together: applied here, the one-value-per-row filters by memoryList.
      const values = (field: NotificationFilterField) =>
        query.filters.filter((f) => f.field === field).flatMap((f) => f.values);
      const methods = values('method');
      const statuses = values('status');
      const visible = inScope(scope);
      const rows = Array.from(db.tables.notifications.values()).filter(
        (n) =>
          visible(n) &&
          ((methods.length === 0 && statuses.length === 0) ||
            n.deliveries.some(
              (d) =>
                (methods.length === 0 || methods.includes(d.method)) &&
                (statuses.length === 0 || statuses.includes(d.status)),
            )),
      );
      const rest = query.filters.filter(
        (f): f is typeof f & { field: Exclude<NotificationFilterField, 'method' | 'status'> } =>
          f.field !== 'method' && f.field !== 'status',
      );
      const { items, total } = memoryList(rows, { ...query, filters: rest }, NOTIFICATION_COLUMNS);
      return { items: items.map(asApi), total };
    },
    async get(id, scope) {
      const n = db.tables.notifications.get(id);
      return n && inScope(scope)(n) ? asApi(n) : undefined;
    },
    async acknowledge(id, changes) {
      const n = db.tables.notifications.get(id);
      if (!n || n.acknowledgedAt !== null) return false;
      options.undo?.touch('notifications', id);
      db.tables.notifications.update(id, fromApi<Partial<Notification>>(changes));
      return true;
    },
    async add(notification) {
      if (db.tables.notifications.get(notification.id)) return;
      options.undo?.touch('notifications', notification.id);
      db.tables.notifications.insert(fromApi<Notification>(notification));
    },
  };
}

/** The notification services' dependencies over the demo world. */
export function worldNotificationDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): NotificationDeps {
  return {
    notifications: worldNotificationStore(db, { granted }),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { notifications: NotificationStore; audit: AuditStore } => ({
      notifications: worldNotificationStore(db, { granted, undo }),
      audit: worldAuditStore(db, undo),
    })),
  };
}
