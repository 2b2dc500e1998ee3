import type { TicketStore } from '../tickets/ticket-store';

/**
 * The widget's conversations as stored (migration 0030, decision 0128). Shapes follow `sdk/api/widget-api.yaml`
 * (ConversationMessage, ConversationSummary, Conversation), which the messenger reads.
 */
export type ConversationAuthorType = 'contact' | 'agent' | 'bot';

export interface ConversationAttachment {
  name: string;
  url: string;
  type?: string;
}

export interface ConversationMessage {
  id: string;
  author: { type: ConversationAuthorType; name: string };
  text: string;
  createdAt: string;
  attachments?: ConversationAttachment[];
}

/** A conversation's row: whose it is (organisation, key, session), the report it follows up, and its ticket. */
export interface StoredConversation {
  id: string;
  tenantId: string;
  sdkKeyId: string;
  sessionId: string;
  reportId: string | null;
  /** The ticket made from the conversation's report (decision 0118), null while none. */
  ticketId: string | null;
  title: string;
  unreadCount: number;
  updatedAt: string;
}

export interface ConversationSummaryRow {
  shareToken: string;
  title: string;
  unreadCount: number;
  updatedAt: string;
  lastMessage?: ConversationMessage;
}

/** A conversation a visitor started without a report, as the operators' list shows it (decision 0136 Session 25). */
export interface VisitorConversationRow {
  shareToken: string;
  title: string;
  sdkKeyId: string;
  /** Who the visitor's session names, when it names anyone. */
  visitor: { name: string | null; email: string | null };
  /** The team's messages the visitor has not seen yet. */
  unreadCount: number;
  updatedAt: string;
  lastMessage?: ConversationMessage;
}

export interface WidgetConversationStore {
  /**
   * Stores the conversation with its first messages unless one follows up the same report already; answers the id of
   * the report's conversation (this one, or the one stored before).
   */
  insert(
    conversation: Omit<StoredConversation, 'ticketId' | 'updatedAt'>,
    messages: ConversationMessage[],
    at: Date,
  ): Promise<string>;
  /** The session's conversations with their last message, in no particular order. */
  listOfSession(sessionId: string): Promise<ConversationSummaryRow[]>;
  /** The session's conversation with this id; undefined for another session's or none. */
  get(sessionId: string, id: string): Promise<StoredConversation | undefined>;
  /**
   * The organisation's conversations that follow up no report (visitors started them in the messenger), last message
   * newest first, one page, with how many there are.
   */
  listWithoutReport(
    tenantId: string,
    page: { offset: number; limit: number },
  ): Promise<{ rows: VisitorConversationRow[]; total: number }>;
  /** The organisation's conversation with this id; undefined for another organisation's or none. */
  ofTenant(tenantId: string, id: string): Promise<StoredConversation | undefined>;
  /** The conversation that follows up the report; undefined when it started none. */
  ofReport(reportId: string): Promise<StoredConversation | undefined>;
  /** The conversation of the report the ticket was made from; undefined when the ticket has none. */
  ofTicket(ticketId: string): Promise<StoredConversation | undefined>;
  /** Its messages, oldest first. */
  messages(id: string): Promise<ConversationMessage[]>;
  /** Appends a message and stamps the update time; a team's message counts as unread for the visitor. */
  addMessage(id: string, message: ConversationMessage, unread: boolean): Promise<void>;
  /** The visitor has seen everything: the unread count is 0. False when the session has no such conversation. */
  markRead(sessionId: string, id: string): Promise<boolean>;
  /** What the session has not read, over all its conversations (the socket's `u`). */
  unreadOfSession(sessionId: string): Promise<number>;
}

/**
 * A conversation write's transaction: the conversation and, for a ticket's conversation, the ticket (a deleted one
 * takes no more messages; a closed one is reopened by the visitor's answer).
 */
export interface ConversationTx {
  conversations: WidgetConversationStore;
  tickets: Pick<TicketStore, 'get' | 'addMessage' | 'update'>;
}

/** The visitor's sockets: the services push a session its new unread count and actions (`update {a, u}`). */
export interface VisitorPush {
  send(sessionId: string, update: { a?: unknown[]; u?: number }): void;
  /** Whether the session has a socket open here (nothing is read to push to nobody). */
  has(sessionId: string): boolean;
}

/**
 * Tells the portal's live readers that a ticket changed without them (decision 0136): the server publishes it on the
 * ticket's vehicle topic, so an open ticket page reads the ticket again. Called once the change is committed.
 */
export type TicketChanged = (change: {
  ticketId: string;
  vehicleId: string;
  change: 'message' | 'status';
  at: Date;
}) => void;
