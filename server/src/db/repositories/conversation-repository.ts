import { type Selectable, sql } from 'kysely';
import type {
  ConversationMessage,
  ConversationTx,
  StoredConversation,
  WidgetConversationStore,
} from '../../services/feedback/conversation-store';
import type { Db } from '../database';
import type { WidgetConversationMessageTable } from '../schema';
import { createTicketRepository } from './ticket-repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toMessage(row: Selectable<WidgetConversationMessageTable>): ConversationMessage {
  const attachments = (row.attachments ?? []) as ConversationMessage['attachments'];
  return {
    id: row.id,
    author: { type: row.author_type as ConversationMessage['author']['type'], name: row.author_name },
    text: row.text,
    createdAt: iso(row.created_at),
    ...(attachments?.length ? { attachments } : {}),
  };
}

/** A listed conversation's last message, from the `last` lateral join's columns (none when it has no message). */
function lastMessageOf(row: {
  id: string;
  m_id: string | null;
  author_type: string | null;
  author_name: string | null;
  text: string | null;
  attachments: unknown;
  m_created_at: Date | null;
}): { lastMessage?: ConversationMessage } {
  if (!row.m_id) return {};
  return {
    lastMessage: toMessage({
      id: row.m_id,
      conversation_id: row.id,
      seq: '0',
      author_type: row.author_type as string,
      author_name: row.author_name as string,
      text: row.text as string,
      attachments: row.attachments as unknown[],
      created_at: row.m_created_at as Date,
    }),
  };
}

const messageColumns = (conversationId: string, m: ConversationMessage) => ({
  id: m.id,
  conversation_id: conversationId,
  author_type: m.author.type,
  author_name: m.author.name,
  text: m.text,
  attachments: JSON.stringify(m.attachments ?? []),
  created_at: m.createdAt,
});

/** The widget's conversations in SQL (migration 0030, decision 0128). */
export function createConversationRepository(db: Db): WidgetConversationStore {
  const conversations = () =>
    db
      .selectFrom('widget_conversations as c')
      .leftJoin('feedback_reports as r', 'r.id', 'c.report_id')
      .select([
        'c.id',
        'c.tenant_id',
        'c.sdk_key_id',
        'c.session_id',
        'c.report_id',
        'c.title',
        'c.unread_count',
        'c.updated_at',
        'r.ticket_id',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof conversations>['executeTakeFirstOrThrow']>>;
  const toConversation = (row: Row): StoredConversation => ({
    id: row.id,
    tenantId: row.tenant_id,
    sdkKeyId: row.sdk_key_id,
    sessionId: row.session_id,
    reportId: row.report_id,
    ticketId: row.ticket_id ?? null,
    title: row.title,
    unreadCount: row.unread_count,
    updatedAt: iso(row.updated_at),
  });
  return {
    async insert(conversation, messages, at) {
      const run = <T>(work: (tx: Db) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
      return run(async (tx) => {
        const inserted = await tx
          .insertInto('widget_conversations')
          .values({
            id: conversation.id,
            tenant_id: conversation.tenantId,
            sdk_key_id: conversation.sdkKeyId,
            session_id: conversation.sessionId,
            report_id: conversation.reportId,
            title: conversation.title,
            unread_count: conversation.unreadCount,
            created_at: at,
            updated_at: messages.at(-1)?.createdAt ?? at,
          })
          .onConflict((oc) => oc.column('report_id').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) {
          const known = await tx
            .selectFrom('widget_conversations')
            .select('id')
            .where('report_id', '=', conversation.reportId as string)
            .executeTakeFirstOrThrow();
          return known.id;
        }
        if (messages.length) {
          await tx
            .insertInto('widget_conversation_messages')
            .values(messages.map((m) => messageColumns(conversation.id, m)))
            .execute();
        }
        return conversation.id;
      });
    },
    async listOfSession(sessionId) {
      const rows = await db
        .selectFrom('widget_conversations as c')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('widget_conversation_messages as m')
              .selectAll('m')
              .whereRef('m.conversation_id', '=', 'c.id')
              .orderBy('m.seq', 'desc')
              .limit(1)
              .as('last'),
          (join) => join.onTrue(),
        )
        .select([
          'c.id',
          'c.title',
          'c.unread_count',
          'c.updated_at',
          'last.id as m_id',
          'last.author_type',
          'last.author_name',
          'last.text',
          'last.attachments',
          'last.created_at as m_created_at',
        ])
        .where('c.session_id', '=', sessionId)
        .orderBy('c.updated_at', 'desc')
        .limit(200)
        .execute();
      return rows.map((row) => ({
        shareToken: row.id,
        title: row.title,
        unreadCount: row.unread_count,
        updatedAt: iso(row.updated_at),
        ...lastMessageOf(row),
      }));
    },
    async get(sessionId, id) {
      const row = await conversations().where('c.session_id', '=', sessionId).where('c.id', '=', id).executeTakeFirst();
      return row && toConversation(row);
    },
    async listWithoutReport(tenantId, page) {
      const rows = await db
        .selectFrom('widget_conversations as c')
        .leftJoin('widget_sessions as s', 's.id', 'c.session_id')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('widget_conversation_messages as m')
              .selectAll('m')
              .whereRef('m.conversation_id', '=', 'c.id')
              .orderBy('m.seq', 'desc')
              .limit(1)
              .as('last'),
          (join) => join.onTrue(),
        )
        .select([
          'c.id',
          'c.title',
          'c.sdk_key_id',
          'c.unread_count',
          'c.updated_at',
          's.name as visitor_name',
          's.email as visitor_email',
          'last.id as m_id',
          'last.author_type',
          'last.author_name',
          'last.text',
          'last.attachments',
          'last.created_at as m_created_at',
        ])
        .where('c.tenant_id', '=', tenantId)
        .where('c.report_id', 'is', null)
        .orderBy('c.updated_at', 'desc')
        .orderBy('c.id')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
      const count = await db
        .selectFrom('widget_conversations')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('report_id', 'is', null)
        .executeTakeFirstOrThrow();
      return {
        total: Number(count.n),
        rows: rows.map((row) => ({
          shareToken: row.id,
          title: row.title,
          sdkKeyId: row.sdk_key_id,
          visitor: { name: row.visitor_name ?? null, email: row.visitor_email ?? null },
          unreadCount: row.unread_count,
          updatedAt: iso(row.updated_at),
          ...lastMessageOf(row),
        })),
      };
    },
    async ofTenant(tenantId, id) {
      const row = await conversations().where('c.tenant_id', '=', tenantId).where('c.id', '=', id).executeTakeFirst();
      return row && toConversation(row);
    },
    async ofReport(reportId) {
      const row = await conversations().where('c.report_id', '=', reportId).executeTakeFirst();
      return row && toConversation(row);
    },
    async ofTicket(ticketId) {
      const row = await conversations().where('r.ticket_id', '=', ticketId).executeTakeFirst();
      return row && toConversation(row);
    },
    async messages(id) {
      const rows = await db
        .selectFrom('widget_conversation_messages')
        .selectAll()
        .where('conversation_id', '=', id)
        .orderBy('seq')
        .execute();
      return rows.map(toMessage);
    },
    async addMessage(id, message, unread) {
      await db.insertInto('widget_conversation_messages').values(messageColumns(id, message)).execute();
      await db
        .updateTable('widget_conversations')
        .set({
          updated_at: message.createdAt,
          ...(unread ? { unread_count: sql<number>`unread_count + 1` } : {}),
        })
        .where('id', '=', id)
        .execute();
    },
    async markRead(sessionId, id) {
      const row = await db
        .updateTable('widget_conversations')
        .set({ unread_count: 0 })
        .where('session_id', '=', sessionId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async unreadOfSession(sessionId) {
      const row = await db
        .selectFrom('widget_conversations')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('unread_count'), eb.lit(0)).as('unread'))
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return Number(row.unread);
    },
  };
}

/** A conversation write and the ticket message it carries, in one transaction. */
export function createConversationTx(db: Db) {
  return <T>(work: (tx: ConversationTx) => Promise<T>): Promise<T> =>
    db.transaction().execute((tx) => {
      return work({ conversations: createConversationRepository(tx), tickets: createTicketRepository(tx) });
    });
}
