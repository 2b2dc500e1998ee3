import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  sql,
} from 'kysely';
import { SLA_TARGETS, TICKET_PRIORITIES } from '@/domain/tickets';
import type { ListQuery } from '../../services/lib/list-query';
import type { TicketFilterField, TicketSortField } from '../../services/tickets/ticket-list-spec';
import type { TicketScope } from '../../services/tickets/ticket-scope';
import type { TicketStore } from '../../services/tickets/ticket-store';
import {
  type StoredTicket,
  TICKET_STAFF_ROLES,
  type TicketMessage,
  type TicketView,
} from '../../services/tickets/ticket-types';
import { storedOf } from '../../services/tickets/ticket-write';
import type { Db } from '../database';
import type { Database, TicketMessageTable, TicketTable } from '../schema';
import { vehicleIdInScope, vehicleScopeCondition } from './vehicle-scope-sql';

type Eb = ExpressionBuilder<Database, 'tickets'>;

const MINUTE = 60_000;

/** A priority's target in ms, as SQL (`SLA_TARGETS` of domain/tickets, the table the services read). */
function targetMs(target: 'firstResponse' | 'resolution'): RawBuilder<number> {
  const cases = TICKET_PRIORITIES.map((p) => sql`when ${sql.lit(p)} then ${sql.lit(SLA_TARGETS[p][target] * MINUTE)}`);
  return sql<number>`(case tickets.priority ${sql.join(cases, sql` `)} end)`;
}

/** Running-clock ms of a ticket at `now`, as `elapsedActiveMs` reads it. */
function elapsedMs(now: Date): RawBuilder<number> {
  return sql<number>`(tickets.active_ms + case when tickets.active_since is null then 0 else greatest(0, floor(extract(epoch from (${now.toISOString()}::timestamptz - tickets.active_since)) * 1000)) end)`;
}

/** Running-clock ms left on the resolution target at `now` (negative: overdue), as `ticketSla` reads it. */
function resolutionLeft(now: Date): RawBuilder<number> {
  return sql<number>`(${targetMs('resolution')} - ${elapsedMs(now)})`;
}

/** `dueAt`: time left, none once met (closed in time) or stopped (deleted in time). */
function dueAt(now: Date): RawBuilder<number | null> {
  const left = resolutionLeft(now);
  return sql<number | null>`(case when tickets.status in (5, 6) and ${left} >= 0 then null else ${left} end)`;
}

const PRIORITY_RANK = sql<number>`(case tickets.priority ${sql.join(
  TICKET_PRIORITIES.map((p, i) => sql`when ${sql.lit(p)} then ${sql.lit(i + 1)}`),
  sql` `,
)} end)`;

const SORT = {
  createdAt: () => sql`tickets.created_at`,
  updatedAt: () => sql`tickets.updated_at`,
  priority: () => PRIORITY_RANK,
  status: () => sql`tickets.status`,
  ref: () => sql`tickets.ref`,
  dueAt,
} as const satisfies Record<TicketSortField, (now: Date) => RawBuilder<unknown>>;

const COLUMN = {
  status: 'status',
  priority: 'priority',
  source: 'source',
  vehicleId: 'vehicle_id',
  faultId: 'fault_id',
  assigneeId: 'assignee_id',
  dealerId: 'dealer_id',
} as const satisfies Record<Exclude<TicketFilterField, 'overdue'>, keyof TicketTable>;

/** The tickets of a scope. */
function inScope(eb: Eb, scope: TicketScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return sql<SqlBool>`true`;
    case 'dealer': {
      const centre = eb('tickets.dealer_id', '=', scope.dealerId);
      if (scope.employeeId === null) return centre;
      return eb.and([
        centre,
        eb.or([eb('tickets.assignee_id', 'is', null), eb('tickets.assignee_id', '=', scope.employeeId)]),
      ]);
    }
    case 'vehicles':
      return vehicleIdInScope(eb, 'tickets', scope.vehicles) ?? sql<SqlBool>`true`;
    case 'opener':
      return eb('tickets.created_by', '=', scope.userId);
  }
}

function conditions(
  eb: Eb,
  scope: TicketScope,
  query: Pick<ListQuery<TicketSortField, TicketFilterField>, 'filters' | 'q' | 'from' | 'to'>,
  now: Date,
  withDeleted: boolean,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [inScope(eb, scope)];
  if (!withDeleted) all.push(eb('tickets.status', '<>', 5));
  for (const filter of query.filters) {
    if (filter.field === 'overdue') {
      const overdue = sql<SqlBool>`(${resolutionLeft(now)} < 0 and tickets.status <> 6)`;
      all.push(eb.or(filter.values.map((v) => (v === true ? overdue : eb.not(overdue)))));
      continue;
    }
    const column = `tickets.${COLUMN[filter.field]}` as const;
    if (filter.field === 'assigneeId' || filter.field === 'dealerId') {
      const ids = filter.values.filter((v) => v !== 'none') as string[];
      const alternatives: Expression<SqlBool>[] = [];
      if (ids.length > 0) alternatives.push(eb(column, 'in', ids));
      if (ids.length < filter.values.length) alternatives.push(eb(column, 'is', null));
      all.push(eb.or(alternatives));
      continue;
    }
    all.push(eb(column, 'in', filter.values as never[]));
  }
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(
      eb.or([
        eb('tickets.ref', 'ilike', pattern),
        eb('tickets.title', 'ilike', pattern),
        eb(
          'tickets.vehicle_id',
          'in',
          eb
            .selectFrom('vehicles')
            .select('vehicles.id')
            .where((v) =>
              v.or([v('vehicles.vin', 'ilike', pattern), v('vehicles.registration_number', 'ilike', pattern)]),
            ),
        ),
      ]),
    );
  }
  if (query.from !== undefined) all.push(eb('tickets.created_at', '>=', query.from));
  if (query.to !== undefined) all.push(eb('tickets.created_at', '<=', query.to));
  return eb.and(all);
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The tickets with the names a reader sees and the count of the messages they may see. */
function viewQuery(db: Db, notes: boolean) {
  return db
    .selectFrom('tickets')
    .innerJoin('vehicles', 'vehicles.id', 'tickets.vehicle_id')
    .leftJoin('dealers', 'dealers.id', 'tickets.dealer_id')
    .leftJoin('users', 'users.id', 'tickets.assignee_id')
    .selectAll('tickets')
    .select((eb) => [
      sql<string>`coalesce(nullif(vehicles.registration_number, ''), nullif(vehicles.vin, ''), tickets.vehicle_id)`.as(
        'vehicle_label',
      ),
      'dealers.name as dealer_name',
      'users.name as assignee_name',
      eb
        .selectFrom('ticket_messages')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('ticket_messages.ticket_id', '=', 'tickets.id')
        .where((m) => (notes ? sql<SqlBool>`true` : m('ticket_messages.kind', '=', 'reply')))
        .as('message_count'),
    ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];

function toView(row: ViewRow): TicketView {
  return {
    id: row.id,
    ref: row.ref,
    title: row.title,
    description: row.description,
    status: row.status as StoredTicket['status'],
    priority: row.priority as StoredTicket['priority'],
    source: row.source as StoredTicket['source'],
    vehicleId: row.vehicle_id,
    deviceId: row.device_id,
    faultId: row.fault_id,
    notificationId: row.notification_id,
    dealerId: row.dealer_id,
    assigneeId: row.assignee_id,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    closedAt: isoOrNull(row.closed_at),
    firstResponseAt: isoOrNull(row.first_response_at),
    activeMs: Number(row.active_ms),
    activeSince: isoOrNull(row.active_since),
    firstResponseActiveMs: row.first_response_active_ms === null ? null : Number(row.first_response_active_ms),
    escalated: parseJson(row.escalated),
    events: parseJson(row.events),
    vehicleLabel: row.vehicle_label,
    dealerName: row.dealer_name,
    assigneeName: row.assignee_name,
    messageCount: Number(row.message_count ?? 0),
  };
}

function toMessage(row: Selectable<TicketMessageTable>): TicketMessage {
  return {
    id: row.id,
    kind: row.kind as TicketMessage['kind'],
    body: row.body,
    authorId: row.author_id,
    authorName: row.author_name,
    authorRole: row.author_role,
    attachments: parseJson(row.attachments),
    createdAt: iso(row.created_at),
  };
}

/** The columns of a ticket (or of the fields a change sets). */
export function ticketColumns(t: Partial<StoredTicket>): Partial<Insertable<TicketTable>> {
  const out: Record<string, unknown> = {};
  const set = (key: keyof TicketTable, value: unknown) => {
    if (value !== undefined) out[key] = value;
  };
  set('id', t.id);
  set('ref', t.ref);
  set('title', t.title);
  set('description', t.description);
  set('status', t.status);
  set('priority', t.priority);
  set('source', t.source);
  set('vehicle_id', t.vehicleId);
  set('device_id', t.deviceId);
  set('fault_id', t.faultId);
  set('notification_id', t.notificationId);
  set('dealer_id', t.dealerId);
  set('assignee_id', t.assigneeId);
  set('created_by', t.createdBy);
  set('created_by_name', t.createdByName);
  set('created_at', t.createdAt);
  set('updated_at', t.updatedAt);
  set('closed_at', t.closedAt);
  set('first_response_at', t.firstResponseAt);
  set('active_ms', t.activeMs === undefined ? undefined : Math.round(t.activeMs));
  set('active_since', t.activeSince);
  set(
    'first_response_active_ms',
    t.firstResponseActiveMs === undefined || t.firstResponseActiveMs === null
      ? t.firstResponseActiveMs
      : Math.round(t.firstResponseActiveMs),
  );
  set('escalated', t.escalated === undefined ? undefined : JSON.stringify(t.escalated));
  set('events', t.events === undefined ? undefined : JSON.stringify(t.events));
  return out as Partial<Insertable<TicketTable>>;
}

/** The columns of a message. */
export function ticketMessageColumns(ticketId: string, m: TicketMessage): Insertable<TicketMessageTable> {
  return {
    id: m.id,
    ticket_id: ticketId,
    kind: m.kind,
    body: m.body,
    author_id: m.authorId,
    author_name: m.authorName,
    author_role: m.authorRole,
    attachments: JSON.stringify(m.attachments),
    created_at: m.createdAt,
  };
}

/** Tickets in PostgreSQL (or PGlite): the list scopes, filters, sorts (the SLA's time left too) and pages in SQL. */
export function createTicketRepository(db: Db): TicketStore {
  return {
    async list(scope, query, reading) {
      const where = (eb: Eb) => conditions(eb, scope, query, reading.now, reading.withDeleted);
      let page = viewQuery(db, reading.notes).where(where);
      for (const key of query.sort) {
        page = page.orderBy(sql`${SORT[key.field](reading.now)} ${sql.raw(key.direction)} nulls last`);
      }
      const [rows, count] = await Promise.all([
        page
          .orderBy('tickets.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db.selectFrom('tickets').where(where).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toView), total: count.total };
    },

    async get(id, scope, reading) {
      const row = await viewQuery(db, reading.notes)
        .where((eb) => eb.and([eb('tickets.id', '=', id), inScope(eb as unknown as Eb, scope)]))
        .executeTakeFirst();
      if (!row) return undefined;
      let messages = db.selectFrom('ticket_messages').selectAll().where('ticket_id', '=', id);
      if (!reading.notes) messages = messages.where('kind', '=', 'reply');
      const rows = await messages.orderBy('created_at').orderBy('id').execute();
      return { ...toView(row), messages: rows.map(toMessage) };
    },

    async vehicle(id, scope) {
      const row = await db
        .selectFrom('vehicles')
        .select(['vehicles.id', 'vehicles.dealer_id'])
        .where((eb) => eb.and([eb('vehicles.id', '=', id), vehicleScopeCondition(eb, scope)]))
        .executeTakeFirst();
      return row ? { id: row.id, dealerId: row.dealer_id } : undefined;
    },

    async notificationVehicle(id) {
      const row = await db.selectFrom('notifications').select('vehicle_id').where('id', '=', id).executeTakeFirst();
      return row?.vehicle_id;
    },

    async assignees(scope) {
      let dealers = db.selectFrom('dealers').select(['id', 'name']);
      if (scope && 'dealerId' in scope) dealers = dealers.where('id', '=', scope.dealerId);
      if (scope && 'oemId' in scope) dealers = dealers.where('oem_id', '=', scope.oemId);
      const centres = await dealers.orderBy('id').execute();
      const ids = centres.map((d) => d.id);
      const staff =
        ids.length === 0
          ? []
          : await db
              .selectFrom('users')
              .select(['id', 'name', 'role', 'dealer_id'])
              .where('status', '=', 1)
              .where('dealer_id', 'in', ids)
              .where('role', 'in', [...TICKET_STAFF_ROLES])
              .orderBy('id')
              .execute();
      return {
        dealers: centres,
        staff: staff.map((u) => ({ id: u.id, name: u.name, role: u.role, dealerId: u.dealer_id as string })),
      };
    },

    async nextRef() {
      const row = await sql<{ n: string | number }>`select nextval('ticket_refs') as n`.execute(db);
      return `TCK-${Number(row.rows[0]?.n)}`;
    },

    async insert(ticket) {
      await db
        .insertInto('tickets')
        .values(ticketColumns(ticket) as Insertable<TicketTable>)
        .execute();
    },

    async update(id, changes, options = {}) {
      let query = db.updateTable('tickets').set(ticketColumns(changes)).where('id', '=', id);
      if (options.addEvents && options.addEvents.length > 0) {
        query = query.set({ events: sql`tickets.events || ${JSON.stringify(options.addEvents)}::jsonb` as never });
      }
      if (options.ifStatus !== undefined) query = query.where('status', '=', options.ifStatus);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async breachCandidates(now) {
      const rows = await viewQuery(db, true)
        .where('tickets.status', 'in', [1, 2, 4])
        .where((eb) =>
          eb.or([
            sql<SqlBool>`(${targetMs('resolution')} < ${elapsedMs(now)} and not tickets.escalated @> '["resolution"]'::jsonb)`,
            sql<SqlBool>`(tickets.first_response_active_ms is null and ${targetMs('firstResponse')} < ${elapsedMs(now)} and not tickets.escalated @> '["firstResponse"]'::jsonb)`,
          ]),
        )
        .orderBy('tickets.created_at')
        .orderBy('tickets.id')
        .execute();
      return rows.map((row) => storedOf(toView(row)));
    },

    async escalationContact(dealerId) {
      if (dealerId === null) return { dealerName: null, adminName: null };
      const dealer = await db.selectFrom('dealers').select('name').where('id', '=', dealerId).executeTakeFirst();
      const admin = await db
        .selectFrom('users')
        .select('name')
        .where('dealer_id', '=', dealerId)
        .where('role', '=', 'DA')
        .orderBy('id')
        .executeTakeFirst();
      return { dealerName: dealer?.name ?? null, adminName: admin?.name ?? null };
    },

    async escalate(id, was, changes) {
      const result = await db
        .updateTable('tickets')
        .set({
          escalated: JSON.stringify(changes.escalated),
          events: sql`tickets.events || ${JSON.stringify(changes.addEvents)}::jsonb` as never,
        })
        .where('id', '=', id)
        .where(sql<SqlBool>`escalated = ${JSON.stringify(was)}::jsonb`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async addMessage(ticketId, message) {
      await db.insertInto('ticket_messages').values(ticketMessageColumns(ticketId, message)).execute();
    },
  };
}
