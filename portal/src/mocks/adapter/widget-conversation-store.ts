import type { ConversationDeps } from '@services/feedback/conversations';
import type {
  ConversationMessage,
  StoredConversation,
  WidgetConversationStore,
} from '@services/feedback/conversation-store';
import type { StoredSdkKey } from '@services/feedback/feedback-store';
import { createWindowLimiter } from '@services/feedback/rate-limit';
import { sha256Hex } from '@services/lib/web-crypto';
import type { MockConversation, MockMessage, WidgetMock } from '@voltline/widget/mock';
import type { WorldDb } from '../world/db';

/** The demo page's own widget key when the world has no key of that value: the platform's (decision 0128). */
const PAGE_KEY_ID = 'sdk-demo-page';

const toMessage = (m: MockMessage): ConversationMessage => m as ConversationMessage;

/**
 * The widget conversation services' storage over the widget mock's store (decision 0128), so that the demo's messenger
 * is answered by the services the server runs: sessions are the mock's (their hash kept in clear there, as a browser
 * keeps it), conversations its list. Seeded conversations (no owner) are the demo's sample content, visible to every
 * session as the mock shows them; the rest belong to the session that started them. The demo's widget reports are
 * not the inbox's (they stay in the mock), so no demo conversation has a ticket.
 */
export function widgetConversationDeps(
  db: WorldDb,
  widget: Pick<WidgetMock, 'store' | 'pushUpdate'>,
  options: { pageKey?: string | undefined } = {},
): ConversationDeps {
  const { store } = widget;
  const visible = (sessionId: string) =>
    store.conversations.filter((c) => c.owner === undefined || c.owner === sessionId);
  const toStored = (c: MockConversation, sessionId: string): StoredConversation => ({
    id: c.shareToken,
    tenantId: 'platform',
    sdkKeyId: PAGE_KEY_ID,
    sessionId: c.owner ?? sessionId,
    reportId: null,
    ticketId: null,
    title: c.title,
    unreadCount: c.unreadCount,
    updatedAt: c.messages.at(-1)?.createdAt ?? '1970-01-01T00:00:00.000Z',
  });
  const conversations: WidgetConversationStore = {
    async insert(conversation, messages) {
      store.conversations.push({
        shareToken: conversation.id,
        title: conversation.title,
        unreadCount: conversation.unreadCount,
        owner: conversation.sessionId,
        messages: messages as MockMessage[],
      });
      return conversation.id;
    },
    async listOfSession(sessionId) {
      return visible(sessionId).map((c) => {
        const last = c.messages.at(-1);
        return {
          shareToken: c.shareToken,
          title: c.title,
          unreadCount: c.unreadCount,
          updatedAt: last?.createdAt ?? '1970-01-01T00:00:00.000Z',
          ...(last ? { lastMessage: toMessage(last) } : {}),
        };
      });
    },
    async get(sessionId, id) {
      const found = visible(sessionId).find((c) => c.shareToken === id);
      return found && toStored(found, sessionId);
    },
    async ofReport() {
      return undefined;
    },
    async ofTicket() {
      return undefined;
    },
    async messages(id) {
      return (store.conversations.find((c) => c.shareToken === id)?.messages ?? []).map(toMessage);
    },
    async addMessage(id, message, unread) {
      const found = store.conversations.find((c) => c.shareToken === id);
      if (!found) return;
      found.messages.push(message as MockMessage);
      if (unread) found.unreadCount += 1;
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
  const pageKey = (key: string): StoredSdkKey | undefined =>
    options.pageKey && key === options.pageKey
      ? { id: PAGE_KEY_ID, tenantId: 'platform', key, name: 'Demo page', config: undefined, revokedAt: null }
      : undefined;
  return {
    sdkKeys: {
      async byKey(key) {
        const row = db.tables.sdkKeys.all().find((k) => k.key === key);
        if (!row) return pageKey(key);
        return {
          id: row.id,
          tenantId: row.tenantId,
          key: row.key,
          name: row.name,
          config: row.config ?? undefined,
          revokedAt: row.revokedAt === null ? null : new Date(row.revokedAt).toISOString(),
        };
      },
    },
    sessions: {
      async get(sdkKeyId, id) {
        const s = store.sessions.get(id);
        if (!s) return undefined;
        const text = (v: unknown) => (typeof v === 'string' ? v : null);
        return {
          id: s.gleapId,
          sdkKeyId,
          hashSha256: await sha256Hex(s.gleapHash),
          userId: text(s.userId),
          name: text(s.name),
          email: text(s.email),
          phone: text(s.phone),
          value: typeof s.value === 'number' ? s.value : null,
          lang: text(s.lang),
          attributes: {},
          customData: s.customData ?? {},
        };
      },
      // The conversation calls never write sessions (the mock's session calls do).
      insert: () => Promise.reject(new Error('The demo keeps widget sessions in the widget mock.')),
      update: () => Promise.reject(new Error('The demo keeps widget sessions in the widget mock.')),
      addEvents: () => Promise.reject(new Error('The demo keeps widget sessions in the widget mock.')),
    },
    conversations,
    conversationTx: (work) =>
      work({
        conversations,
        tickets: {
          addMessage: () => Promise.reject(new Error('No demo conversation has a ticket.')),
          update: () => Promise.reject(new Error('No demo conversation has a ticket.')),
        },
        ticketStatus: async () => undefined,
      }),
    // The demo page is one visitor: its sockets are every socket the mock has open.
    push: { send: (_sessionId, update) => widget.pushUpdate(update), has: () => true },
    limiter: createWindowLimiter(),
    now: () => new Date(),
  };
}

/**
 * The conversations of the demo world's reports, for the inbox's report page: none. The world's reports were seeded
 * without widget sessions, and the demo page's widget reports stay in the widget mock (decision 0116), so a report's
 * conversation is 404 in the demo, as the server answers for a report that started none.
 */
export function worldReportConversations(): WidgetConversationStore {
  const none = async () => undefined;
  const refuse = () => Promise.reject(new Error('The demo world has no report conversations.'));
  return {
    insert: refuse,
    listOfSession: async () => [],
    get: none,
    ofReport: none,
    ofTicket: none,
    messages: async () => [],
    addMessage: refuse,
    markRead: async () => false,
    unreadOfSession: async () => 0,
  };
}
