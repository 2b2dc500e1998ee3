import type { Selectable } from 'kysely';
import type {
  FeedbackReportStore,
  SdkKeyStore,
  SessionChanges,
  StoredSdkKey,
  StoredSession,
  WidgetSessionStore,
  WidgetUploadStore,
} from '../../services/feedback/feedback-store';
import type { Db } from '../database';
import type { SdkKeyTable, WidgetSessionTable } from '../schema';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

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

/** SDK keys in SQL (migration 0022). */
export function createSdkKeyRepository(db: Db): SdkKeyStore {
  return {
    async byKey(key) {
      const row = await db.selectFrom('sdk_keys').selectAll().where('key', '=', key).executeTakeFirst();
      return row && toSdkKey(row);
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
export function createFeedbackReportRepository(db: Db): FeedbackReportStore {
  return {
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

export async function seedDemoSdkKey(db: Db, createdAt: string): Promise<void> {
  await db
    .insertInto('sdk_keys')
    .values({
      id: 'sdk-demo',
      tenant_id: 'platform',
      key: DEMO_SDK_KEY,
      name: 'Voltline portal',
      created_at: createdAt,
    })
    .execute();
}
