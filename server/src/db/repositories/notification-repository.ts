import { type Expression, type ExpressionBuilder, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { ListQuery } from '../../services/lib/list-query';
import type {
  NotificationFilterField,
  NotificationSortField,
} from '../../services/notifications/notification-list-spec';
import type { NotificationStore } from '../../services/notifications/notification-store';
import type { Notification } from '../../services/notifications/notification-types';
import type { VehicleScope } from '../../services/vehicles/vehicle-scope';
import type { Db } from '../database';
import type { Database, NotificationTable } from '../schema';
import { vehicleIdInScope } from './vehicle-scope-sql';

type Query = Pick<ListQuery<NotificationSortField, NotificationFilterField>, 'filters' | 'q' | 'from' | 'to'>;

/** API field -> column, for the filters that test one column. */
const FILTER_COLUMN = {
  vehicleId: 'vehicle_id',
  ruleId: 'rule_id',
  severity: 'severity',
} as const satisfies Partial<Record<NotificationFilterField, keyof NotificationTable>>;

/** Sorts: ruleName without case, as the demo sorted it. */
const SORT = {
  sentAt: sql`notifications.sent_at`,
  severity: sql`notifications.severity`,
  ruleName: sql`lower(notifications.rule_name)`,
} as const satisfies Record<NotificationSortField, unknown>;

type Eb = ExpressionBuilder<Database, 'notifications'>;

/** The WHERE of a scoped, filtered list: scope AND every filter AND search AND range. */
function conditions(eb: Eb, scope: VehicleScope, query: Query): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  const vehicles = vehicleIdInScope(eb, 'notifications', scope);
  if (vehicles) all.push(vehicles);
  const methods: number[] = [];
  const statuses: string[] = [];
  for (const filter of query.filters) {
    if (filter.field === 'method') methods.push(...(filter.values as number[]));
    else if (filter.field === 'status') statuses.push(...(filter.values as string[]));
    else if (filter.field === 'acknowledged') {
      all.push(
        eb.or(filter.values.map((v) => eb('notifications.acknowledged_at', v === true ? 'is not' : 'is', null))),
      );
    } else all.push(eb(`notifications.${FILTER_COLUMN[filter.field]}`, 'in', filter.values as never[]));
  }
  if (methods.length > 0 || statuses.length > 0) {
    // One delivery has one of the methods and one of the statuses asked.
    const method = methods.length > 0 ? sql`(d->>'method')::int in (${sql.join(methods)})` : sql`true`;
    const status = statuses.length > 0 ? sql`d->>'status' in (${sql.join(statuses)})` : sql`true`;
    all.push(
      sql<SqlBool>`exists (select 1 from jsonb_array_elements(notifications.deliveries) as d where ${method} and ${status})`,
    );
  }
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(
      eb.or([
        eb('notifications.title', 'ilike', pattern),
        eb('notifications.message', 'ilike', pattern),
        eb('notifications.rule_name', 'ilike', pattern),
        eb('notifications.vehicle_id', 'ilike', pattern),
      ]),
    );
  }
  if (query.from !== undefined) all.push(eb('notifications.sent_at', '>=', query.from));
  if (query.to !== undefined) all.push(eb('notifications.sent_at', '<=', query.to));
  return eb.and(all);
}

/** No filter, search or range: the scope alone (a read of one notification). */
const NO_QUERY: Query = { filters: [], q: undefined, from: undefined, to: undefined };

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** Notifications with the acknowledging account's current name (the kept one when the account is gone). */
function selectNotifications(db: Db) {
  return db
    .selectFrom('notifications')
    .leftJoin('users', 'users.id', 'notifications.acknowledged_by')
    .selectAll('notifications')
    .select('users.name as acknowledged_by_user_name');
}

type Row = Awaited<ReturnType<ReturnType<typeof selectNotifications>['executeTakeFirstOrThrow']>>;

function toNotification(row: Row): Notification {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    faultId: row.fault_id,
    ruleId: row.rule_id,
    ruleName: row.rule_name,
    deliveryMethods: row.delivery_methods,
    title: row.title,
    message: row.message,
    severity: row.severity as Notification['severity'],
    sentAt: iso(row.sent_at),
    deliveries: row.deliveries as Notification['deliveries'],
    acknowledgedAt: isoOrNull(row.acknowledged_at),
    acknowledgedBy: row.acknowledged_by,
    acknowledgedByName: row.acknowledged_by_user_name ?? row.acknowledged_by_name,
    clearedAt: isoOrNull(row.cleared_at),
    ticketRequested: row.ticket_requested,
  };
}

/** The columns of a notification (the seed writes the demo world's notifications with it). */
export function notificationColumns(n: Notification): Updateable<NotificationTable> {
  return {
    id: n.id,
    vehicle_id: n.vehicleId,
    fault_id: n.faultId,
    rule_id: n.ruleId,
    rule_name: n.ruleName,
    delivery_methods: n.deliveryMethods,
    title: n.title,
    message: n.message,
    severity: n.severity,
    sent_at: n.sentAt,
    deliveries: JSON.stringify(n.deliveries),
    acknowledged_at: n.acknowledgedAt,
    acknowledged_by: n.acknowledgedBy,
    acknowledged_by_name: n.acknowledgedByName,
    cleared_at: n.clearedAt,
    ticket_requested: n.ticketRequested,
  };
}

/** Notifications in PostgreSQL (or PGlite): the list scopes, filters, sorts and pages in SQL. */
export function createNotificationRepository(db: Db): NotificationStore {
  return {
    async list(scope, query) {
      let page = selectNotifications(db).where((eb) => conditions(eb as unknown as Eb, scope, query));
      for (const key of query.sort) page = page.orderBy(sql`${SORT[key.field]} ${sql.raw(key.direction)}`);
      const [rows, count] = await Promise.all([
        page
          .orderBy('notifications.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db
          .selectFrom('notifications')
          .where((eb) => conditions(eb, scope, query))
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toNotification), total: count.total };
    },

    async get(id, scope) {
      const row = await selectNotifications(db)
        .where((eb) => eb.and([eb('notifications.id', '=', id), conditions(eb as unknown as Eb, scope, NO_QUERY)]))
        .executeTakeFirst();
      return row ? toNotification(row) : undefined;
    },

    async acknowledge(id, changes) {
      const result = await db
        .updateTable('notifications')
        .set({
          acknowledged_at: changes.acknowledgedAt,
          acknowledged_by: changes.acknowledgedBy,
          acknowledged_by_name: changes.acknowledgedByName,
          deliveries: JSON.stringify(changes.deliveries),
        })
        .where('id', '=', id)
        .where('acknowledged_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async add(notification) {
      await db
        .insertInto('notifications')
        .values(notificationColumns(notification) as Insertable<NotificationTable>)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  };
}
