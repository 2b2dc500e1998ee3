import type {
  ConversationMessage,
  StoredConversation,
  VisitorPush,
  WidgetConversationStore,
} from '@services/feedback/conversation-store';
import type { MockConversation, MockMessage } from '@voltline/widget/mock';
import type { WorldDb } from '../world/db';
import { DEMO_SDK_KEY_ID } from '../world/feedback-reports';
import { conversationOfReport, type DemoWidget, demoWidgetOf } from './demo-widget';
import { reportOfTicket, ticketOfReport } from './feedback-store';
import type { UndoLog } from './world-transaction';

const toMessage = (m: MockMessage): ConversationMessage => m as ConversationMessage;
const EPOCH = '1970-01-01T00:00:00.000Z';
/** The organisation of the demo's one widget key: the platform (`tenantOf` a platform caller). */
const DEMO_TENANT = 'platform';

/** Where no widget is attached (a handler test without one): no conversation, and nothing may be written. */
function noConversations(): WidgetConversationStore {
  const none = async () => undefined;
  const refuse = () => Promise.reject(new Error('The demo world has no widget attached.'));
  return {
    insert: refuse,
    listOfSession: async () => [],
    listWithoutReport: async () => ({ rows: [], total: 0 }),
    ofTenant: none,
    get: none,
    ofReport: none,
    ofTicket: none,
    messages: async () => [],
    addMessage: refuse,
    markRead: async () => false,
    unreadOfSession: async () => 0,
  };
}

/**
 * The widget conversation services' storage over the demo page's widget (decisions 0128, 0136): the conversations are
 * the widget mock's list, which its messenger reads; which report each follows up is the attached widget's
 * `reportOf`, and its ticket is the report's (as the server finds it through `feedback_reports.ticket_id`). Seeded
 * conversations (no owner) are the demo's sample content, visible to every session as the mock shows them; the rest
 * belong to the session that started them. Given a transaction's undo log, a message added is taken back if the
 * transaction fails (a ticket's reply relayed to the visitor).
 */
export function worldConversationStore(db: WorldDb, undo?: UndoLog): WidgetConversationStore {
  const demo = demoWidgetOf(db);
  if (!demo) return noConversations();
  const { store } = demo;
  const visible = (sessionId: string) =>
    store.conversations.filter((c) => c.owner === undefined || c.owner === sessionId);
  const toStored = (c: MockConversation, sessionId: string): StoredConversation => {
    const reportId = demo.reportOf.get(c.shareToken) ?? null;
    return {
      id: c.shareToken,
      tenantId: DEMO_TENANT,
      sdkKeyId: DEMO_SDK_KEY_ID,
      sessionId: c.owner ?? sessionId,
      reportId,
      ticketId: reportId ? ticketOfReport(db, reportId) : null,
      title: c.title,
      unreadCount: c.unreadCount,
      updatedAt: c.messages.at(-1)?.createdAt ?? EPOCH,
    };
  };
  return {
    async insert(conversation, messages) {
      const known = conversation.reportId ? conversationOfReport(db, conversation.reportId) : undefined;
      if (known) return known.shareToken;
      store.conversations.push({
        shareToken: conversation.id,
        title: conversation.title,
        unreadCount: conversation.unreadCount,
        owner: conversation.sessionId,
        messages: messages as MockMessage[],
      });
      if (conversation.reportId) demo.reportOf.set(conversation.id, conversation.reportId);
      return conversation.id;
    },
    async listOfSession(sessionId) {
      return visible(sessionId).map((c) => {
        const last = c.messages.at(-1);
        return {
          shareToken: c.shareToken,
          title: c.title,
          unreadCount: c.unreadCount,
          updatedAt: last?.createdAt ?? EPOCH,
          ...(last ? { lastMessage: toMessage(last) } : {}),
        };
      });
    },
    async get(sessionId, id) {
      const found = visible(sessionId).find((c) => c.shareToken === id);
      return found && toStored(found, sessionId);
    },
    async listWithoutReport(tenantId, page) {
      // The demo's conversations are the platform's (its one key); the seeded samples have no session.
      if (tenantId !== DEMO_TENANT) return { rows: [], total: 0 };
      const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
      const all = store.conversations
        .filter((c) => !demo.reportOf.has(c.shareToken))
        .map((c) => {
          const last = c.messages.at(-1);
          const session = c.owner === undefined ? undefined : store.sessions.get(c.owner);
          return {
            shareToken: c.shareToken,
            title: c.title,
            sdkKeyId: DEMO_SDK_KEY_ID,
            visitor: { name: text(session?.name), email: text(session?.email) },
            unreadCount: c.unreadCount,
            updatedAt: last?.createdAt ?? EPOCH,
            ...(last ? { lastMessage: toMessage(last) } : {}),
          };
        })
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.shareToken.localeCompare(b.shareToken));
      return { rows: all.slice(page.offset, page.offset + page.limit), total: all.length };
    },
    async ofTenant(tenantId, id) {
      const found = tenantId === DEMO_TENANT ? store.conversations.find((c) => c.shareToken === id) : undefined;
      return found && toStored(found, found.owner ?? '');
    },
    async ofReport(reportId) {
      const found = conversationOfReport(db, reportId);
      return found && toStored(found, found.owner ?? '');
    },
    async ofTicket(ticketId) {
      const report = reportOfTicket(db, ticketId);
      const found = report && conversationOfReport(db, report.id);
      return found && toStored(found, found.owner ?? '');
    },
    async messages(id) {
      return (store.conversations.find((c) => c.shareToken === id)?.messages ?? []).map(toMessage);
    },
    async addMessage(id, message, unread) {
      const found = store.conversations.find((c) => c.shareToken === id);
      if (!found) return;
      found.messages.push(message as MockMessage);
      if (unread) found.unreadCount += 1;
      undo?.onRollback(() => {
        found.messages.splice(found.messages.indexOf(message as MockMessage), 1);
        if (unread) found.unreadCount -= 1;
      });
    },
    async markRead(sessionId, id) {
      const found = visible(sessionId).find((c) => c.shareToken === id);
      if (!found) return false;
      found.unreadCount = 0;
      return true;
    },
    async unreadOfSession(sessionId) {
      return visible(sessionId).reduce((sum, c) => sum + c.unreadCount, 0);
    },
  };
}

/** The visitor's sockets in the demo: the page is one visitor, so every socket the widget mock has open. */
export function worldVisitorPush(db: WorldDb): VisitorPush {
  const demo: DemoWidget | undefined = demoWidgetOf(db);
  return demo
    ? { send: (_sessionId, update) => demo.pushUpdate(update), has: () => true }
    : { send: () => undefined, has: () => false };
}
