import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type {
  FeedbackReportStore,
  SdkKeyStore,
  SessionChanges,
  StoredSdkKey,
  StoredSession,
  WidgetSessionStore,
  WidgetUploadStore,
} from '../../services/feedback/feedback-store';
import type { FeedbackFilterField, FeedbackSortField } from '../../services/feedback/inbox-list-spec';
import {
  type FeedbackReportReader,
  type ReportTicketLinks,
  REPORT_PAGE_VIEWS,
  type StoredReportSummary,
} from '../../services/feedback/inbox-store';
import type { ListQuery } from '../../services/lib/list-query';
import type { ManagedSdkKey, SdkKeyAdminStore } from '../../services/sdk-keys/sdk-key-store';
import type { SeedReport, SeedSdkKey } from '../seed-source';
import type { Db } from '../database';
import type { Database, SdkKeyTable, WidgetSessionTable } from '../schema';

const iso = (value: Date | string | number) => (value instanceof Date ? value : new Date(value)).toISOString();

function toSdkKey(row: Selectable<SdkKeyTable>): StoredSdkKey {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    key: row.key,
    name: row.name,
    config: (row.config as Record<string, unknown> | null) ?? undefined,
    revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
  };
}

const toManagedSdkKey = (row: Selectable<SdkKeyTable>): ManagedSdkKey => ({
  ...toSdkKey(row),
  createdAt: iso(row.created_at),
});

/** SDK keys in SQL (migration 0022): the widget API reads them by value, Settings manages them (decision 0123). */
export function createSdkKeyRepository(db: Db): SdkKeyStore & SdkKeyAdminStore {
  return {
    async byKey(key) {
      const row = await db.selectFrom('sdk_keys').selectAll().where('key', '=', key).executeTakeFirst();
      return row && toSdkKey(row);
    },
    async list(tenantId) {
      const rows = await db
        .selectFrom('sdk_keys')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toManagedSdkKey);
    },
    async get(id) {
      const row = await db.selectFrom('sdk_keys').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toManagedSdkKey(row);
    },
    async insert(key) {
      await db
        .insertInto('sdk_keys')
        .values({
          id: key.id,
          tenant_id: key.tenantId,
          key: key.key,
          name: key.name,
          config: key.config === undefined ? null : JSON.stringify(key.config),
          created_at: key.createdAt,
          revoked_at: key.revokedAt,
        })
        .execute();
    },
    async updateLive(id, changes) {
      const set: Record<string, unknown> = {};
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.config !== undefined) set.config = JSON.stringify(changes.config);
      if (changes.revokedAt !== undefined) set.revoked_at = changes.revokedAt;
      if (Object.keys(set).length === 0) {
        const live = await db
          .selectFrom('sdk_keys')
          .select('id')
          .where('id', '=', id)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        return live !== undefined;
      }
      const result = await db
        .updateTable('sdk_keys')
        .set(set as never)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

function toSession(row: Selectable<WidgetSessionTable>): StoredSession {
  return {
    id: row.id,
    sdkKeyId: row.sdk_key_id,
    hashSha256: row.hash_sha256,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    value: row.value,
    lang: row.lang,
    attributes: row.attributes ?? {},
    customData: row.custom_data ?? {},
  };
}

/** The widget's sessions and their events in SQL (migration 0022). */
export function createWidgetSessionRepository(db: Db): WidgetSessionStore {
  const columnsOf = (changes: SessionChanges) => {
    const set: Record<string, unknown> = {};
    if (changes.userId !== undefined) set.user_id = changes.userId;
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.email !== undefined) set.email = changes.email;
    if (changes.phone !== undefined) set.phone = changes.phone;
    if (changes.value !== undefined) set.value = changes.value;
    if (changes.lang !== undefined) set.lang = changes.lang;
    if (changes.attributes !== undefined) set.attributes = JSON.stringify(changes.attributes);
    if (changes.customData !== undefined) set.custom_data = JSON.stringify(changes.customData);
    return set;
  };
  return {
    async insert(session, at) {
      await db
        .insertInto('widget_sessions')
        .values({
          id: session.id,
          sdk_key_id: session.sdkKeyId,
          hash_sha256: session.hashSha256,
          user_id: session.userId,
          name: session.name,
          email: session.email,
          phone: session.phone,
          value: session.value,
          lang: session.lang,
          attributes: JSON.stringify(session.attributes),
          custom_data: JSON.stringify(session.customData),
          created_at: at,
          updated_at: at,
          last_seen_at: at,
        })
        .execute();
    },
    async get(sdkKeyId, id) {
      const row = await db
        .selectFrom('widget_sessions')
        .selectAll()
        .where('id', '=', id)
        .where('sdk_key_id', '=', sdkKeyId)
        .executeTakeFirst();
      return row && toSession(row);
    },
    async update(id, changes, at) {
      await db
        .updateTable('widget_sessions')
        .set({ ...columnsOf(changes), updated_at: at, last_seen_at: at } as never)
        .where('id', '=', id)
        .execute();
    },
    async addEvents(id, events, at) {
      await db.transaction().execute(async (tx) => {
        if (events.length > 0) {
          await tx
            .insertInto('widget_session_events')
            .values(
              events.map((event) => ({
                session_id: id,
                name: event.name,
                occurred_at: event.occurredAt,
                data: event.data === null ? null : JSON.stringify(event.data),
                received_at: at,
              })),
            )
            .execute();
        }
        await tx.updateTable('widget_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
      });
    },
  };
}

/** Reports in SQL: one per key and client id (the partial unique index of migration 0022 decides, under races too). */
export function createFeedbackReportRepository(db: Db): FeedbackReportStore & FeedbackReportReader {
  return {
    ...createFeedbackReportReader(db),
    async insertOnce(report) {
      const inserted = await db
        .insertInto('feedback_reports')
        .values({
          id: report.id,
          sdk_key_id: report.sdkKeyId,
          tenant_id: report.tenantId,
          session_id: report.sessionId,
          client_id: report.clientId,
          type: report.type,
          priority: report.priority,
          description: report.description,
          reported_by: report.reportedBy,
          page_url: report.pageUrl,
          is_silent: report.isSilent,
          outbound: report.outbound,
          body: report.body,
          body_bytes: report.bodyBytes,
          created_at: report.createdAt,
        })
        .onConflict((oc) => oc.columns(['sdk_key_id', 'client_id']).where('client_id', 'is not', null).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, stored: true };
      const known = await db
        .selectFrom('feedback_reports')
        .select('id')
        .where('sdk_key_id', '=', report.sdkKeyId)
        .where('client_id', '=', report.clientId)
        .executeTakeFirstOrThrow();
      return { id: known.id, stored: false };
    },
  };
}

/** A page view's page: `data.page` as the widget sends it, else the data as text. */
function pageOf(data: unknown): string {
  if (typeof data === 'object' && data !== null && typeof (data as { page?: unknown }).page === 'string') {
    return (data as { page: string }).page;
  }
  return data === null || data === undefined ? '' : JSON.stringify(data);
}

const SORT_COLUMN = {
  createdAt: 'feedback_reports.created_at',
  type: 'feedback_reports.type',
  status: 'feedback_reports.status',
  priority: 'feedback_reports.priority',
  reportedBy: 'feedback_reports.reported_by',
} as const satisfies Record<FeedbackSortField, string>;
const FILTER_COLUMN = {
  type: 'feedback_reports.type',
  status: 'feedback_reports.status',
  sdkKey: 'feedback_reports.sdk_key_id',
} as const satisfies Record<FeedbackFilterField, string>;

type ReportEb = ExpressionBuilder<Database & { k: Database['sdk_keys'] }, 'feedback_reports' | 'k'>;

/** The inbox's reading of reports (decision 0116): an organisation's only, filtered, sorted and paged in SQL. */
export function createFeedbackReportReader(db: Db): FeedbackReportReader {
  const summary = () =>
    db
      .selectFrom('feedback_reports')
      .innerJoin('sdk_keys as k', 'k.id', 'feedback_reports.sdk_key_id')
      .select([
        'feedback_reports.id',
        'feedback_reports.type',
        'feedback_reports.status',
        'feedback_reports.priority',
        'feedback_reports.description',
        'feedback_reports.reported_by',
        'feedback_reports.page_url',
        'feedback_reports.sdk_key_id',
        'k.name as sdk_key_name',
        'feedback_reports.is_silent',
        'feedback_reports.created_at',
      ]);
  const toSummary = (row: {
    id: string;
    type: string;
    status: string;
    priority: string | null;
    description: string | null;
    reported_by: string | null;
    page_url: string | null;
    sdk_key_id: string;
    sdk_key_name: string;
    is_silent: boolean;
    created_at: Date | string;
  }): StoredReportSummary => ({
    id: row.id,
    type: row.type,
    status: row.status as StoredReportSummary['status'],
    priority: row.priority,
    description: row.description,
    reportedBy: row.reported_by,
    pageUrl: row.page_url,
    sdkKeyId: row.sdk_key_id,
    sdkKeyName: row.sdk_key_name,
    isSilent: row.is_silent,
    createdAt: iso(row.created_at),
  });
  const where = (tenantId: string, query: ListQuery<FeedbackSortField, FeedbackFilterField>) => (eb: ReportEb) => {
    const all = [eb('feedback_reports.tenant_id', '=', tenantId)];
    for (const filter of query.filters) all.push(eb(FILTER_COLUMN[filter.field], 'in', filter.values as string[]));
    if (query.q !== undefined) {
      const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      all.push(
        eb.or([
          eb('feedback_reports.description', 'ilike', pattern),
          eb('feedback_reports.reported_by', 'ilike', pattern),
          eb('feedback_reports.page_url', 'ilike', pattern),
          eb('feedback_reports.id', 'ilike', pattern),
        ]),
      );
    }
    if (query.from !== undefined) all.push(eb('feedback_reports.created_at', '>=', query.from));
    if (query.to !== undefined) all.push(eb('feedback_reports.created_at', '<=', query.to));
    return eb.and(all);
  };
  return {
    async list(tenantId, query) {
      let select = summary().where(where(tenantId, query));
      for (const key of query.sort) {
        select = select.orderBy(SORT_COLUMN[key.field], (ob) =>
          key.direction === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast(),
        );
      }
      const [rows, count] = await Promise.all([
        select
          .orderBy('feedback_reports.created_at', 'desc')
          .orderBy('feedback_reports.id', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db
          .selectFrom('feedback_reports')
          .innerJoin('sdk_keys as k', 'k.id', 'feedback_reports.sdk_key_id')
          .where(where(tenantId, query))
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toSummary), total: count.total };
    },
    async get(tenantId, id) {
      const row = await summary()
        .leftJoin('widget_sessions as s', 's.id', 'feedback_reports.session_id')
        .leftJoin('tickets as t', 't.id', 'feedback_reports.ticket_id')
        .leftJoin('widget_conversations as c', 'c.report_id', 'feedback_reports.id')
        .select([
          'c.id as conversation_id',
          'c.unread_count as conversation_unread',
          't.id as ticket_id',
          't.ref as ticket_ref',
          sql<string>`feedback_reports.body::text`.as('body_text'),
          'feedback_reports.body_bytes',
          's.name as session_name',
          's.email as session_email',
          's.user_id as session_user_id',
          'feedback_reports.session_id',
        ])
        .where('feedback_reports.tenant_id', '=', tenantId)
        .where('feedback_reports.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const views = row.session_id
        ? await db
            .selectFrom('widget_session_events')
            .select(['data', 'occurred_at'])
            .where('session_id', '=', row.session_id)
            .where('name', '=', 'pageView')
            .where('received_at', '<=', row.created_at)
            .orderBy('id', 'desc')
            .limit(REPORT_PAGE_VIEWS)
            .execute()
        : [];
      return {
        ...toSummary(row),
        pageViews: views.reverse().map((v) => ({
          page: pageOf(v.data),
          date: v.occurred_at === null ? null : iso(v.occurred_at),
        })),
        body: row.body_text,
        bodyBytes: row.body_bytes,
        reporter: { name: row.session_name, email: row.session_email, userId: row.session_user_id },
        ticket: row.ticket_id && row.ticket_ref ? { id: row.ticket_id, ref: row.ticket_ref } : null,
        conversation: row.conversation_id
          ? { shareToken: row.conversation_id, unreadCount: row.conversation_unread ?? 0 }
          : null,
      };
    },
  };
}

/** Linking a report to its ticket (decision 0118): set only while empty, so one ticket per report. */
export function createReportTicketLinks(db: Db): ReportTicketLinks {
  return {
    async link(tenantId, reportId, ticketId) {
      const row = await db
        .updateTable('feedback_reports')
        .set({ ticket_id: ticketId })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', reportId)
        .where('ticket_id', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/** Uploaded files' rows in SQL (their bytes are files, `files/widget-files.ts`). */
export function createWidgetUploadRepository(db: Db): WidgetUploadStore {
  return {
    async insert(upload) {
      await db
        .insertInto('widget_uploads')
        .values({
          id: upload.id,
          sdk_key_id: upload.sdkKeyId,
          tenant_id: upload.tenantId,
          session_id: upload.sessionId,
          file: upload.file,
          file_name: upload.fileName,
          type: upload.type,
          size: upload.size,
          created_at: upload.createdAt,
        })
        .execute();
    },
    async get(id) {
      const row = await db.selectFrom('widget_uploads').selectAll().where('id', '=', id).executeTakeFirst();
      return (
        row && {
          id: row.id,
          sdkKeyId: row.sdk_key_id,
          tenantId: row.tenant_id,
          sessionId: row.session_id,
          file: row.file,
          fileName: row.file_name,
          type: row.type,
          size: row.size,
          createdAt: new Date(row.created_at),
        }
      );
    },
  };
}

/** The seeded demo world's SDK key, which the portal's own widget uses (issue 38). */
export const DEMO_SDK_KEY = 'demo-widget-key';

/** The world's SDK keys (its `sdkKeys` table: the demo key), the rows the demo's store starts from too. */
export async function seedSdkKeys(db: Db, keys: readonly SeedSdkKey[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto('sdk_keys')
    .values(
      keys.map((k) => ({
        id: k.id,
        tenant_id: k.tenantId,
        key: k.key,
        name: k.name,
        config: k.config === null ? null : JSON.stringify(k.config),
        created_at: iso(k.createdAt),
        revoked_at: k.revokedAt === null ? null : iso(k.revokedAt),
      })),
    )
    .execute();
}

/** The demo world's inbox reports (decision 0116), under the demo key, bodies stored as their JSON text. */
export async function seedDemoFeedbackReports(db: Db, reports: readonly SeedReport[]): Promise<void> {
  if (reports.length === 0) return;
  await db
    .insertInto('feedback_reports')
    .values(
      reports.map((r) => {
        const body = JSON.stringify(r.body);
        return {
          id: r.id,
          sdk_key_id: 'sdk-demo',
          tenant_id: 'platform',
          session_id: null,
          client_id: typeof r.body.clientId === 'string' ? r.body.clientId : null,
          type: r.type,
          priority: r.priority,
          description: r.description,
          reported_by: r.reportedBy,
          page_url: r.pageUrl,
          is_silent: r.isSilent,
          outbound: null,
          body,
          body_bytes: new TextEncoder().encode(body).length,
          created_at: new Date(r.createdAt).toISOString(),
        };
      }),
    )
    .execute();
}
