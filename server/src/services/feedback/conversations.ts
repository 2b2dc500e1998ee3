import { TICKET_STATUS } from '@/domain/enums';
import { FieldErrors, notFound, validationFailed } from '../lib/app-error';
import { randomToken } from '../lib/web-crypto';
import { statusMoveFields } from '../tickets/move-ticket';
import { ticketEvent } from '../tickets/open-ticket';
import type { TicketMessage } from '../tickets/ticket-types';
import { storedOf } from '../tickets/ticket-write';
import type {
  ConversationAttachment,
  ConversationMessage,
  ConversationSummaryRow,
  StoredConversation,
  VisitorPush,
  WidgetConversationStore,
} from './conversation-store';
import type { FeedbackDeps, StoredSdkKey, StoredSession } from './feedback-store';
import { WIDGET_LIMITS, limitRate } from './rate-limit';
import { type WidgetCaller, authenticateKey, findSession, requireSession } from './widget-auth';

/**
 * The messenger's conversation calls (`sdk/api/widget-api.yaml`, tag conversations; decision 0128) and the relay
 * between a report's conversation and its ticket: an operator's reply on the ticket reaches the visitor's messenger
 * live, the visitor's answer comes back to the ticket. A visitor sees only their own session's conversations (by its
 * `Gleap-Id`/`Gleap-Hash`); another session's share token is 404.
 */

/** What the visitor's conversation calls need: the key and session checks, the conversations, the sockets. */
export type ConversationDeps = Pick<
  FeedbackDeps,
  'sdkKeys' | 'sessions' | 'conversations' | 'conversationTx' | 'push' | 'limiter' | 'now' | 'ticketChanged'
>;

export const CONVERSATION_TEXT_MAX = 10_000;
const TITLE_MAX = 60;
const ATTACHMENTS_MAX = 10;
/** The author name of the widget's own messages (the acknowledgement of a report). */
export const BOT_NAME = 'Volt';
/** How a visitor's message is signed on the ticket when the session names nobody. */
const VISITOR = 'Widget visitor';
/** The history entry of a closed ticket the visitor's answer reopened. */
export const VISITOR_REOPENED = 'Closed -> Reopen: the visitor answered in the widget';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const newMessageId = () => `wmsg-${randomToken(15)}`;

function summaryOrder(a: ConversationSummaryRow, b: ConversationSummaryRow): number {
  return (
    Number(b.unreadCount > 0) - Number(a.unreadCount > 0) ||
    b.updatedAt.localeCompare(a.updatedAt) ||
    a.shareToken.localeCompare(b.shareToken)
  );
}

/** Messages count against the session's calls, as identify and ping do. */
function limitVisitor(deps: ConversationDeps, session: StoredSession): void {
  limitRate(deps.limiter, [[`session-calls:${session.id}`, WIDGET_LIMITS.sessionCallsPerSession]], deps.now());
}

async function visitorOf(
  deps: ConversationDeps,
  caller: WidgetCaller,
): Promise<{ key: StoredSdkKey; session: StoredSession }> {
  const key = await authenticateKey(deps, caller.apiToken);
  const session = await requireSession(deps, caller, key);
  return { key, session };
}

async function conversationOr404(
  deps: Pick<FeedbackDeps, 'conversations'>,
  session: StoredSession,
  shareToken: string,
): Promise<StoredConversation> {
  const found = shareToken.length <= 100 ? await deps.conversations.get(session.id, shareToken) : undefined;
  if (!found) throw notFound('Conversation');
  return found;
}

const titleOf = (text: string, fallback: string) => text.replace(/\s+/g, ' ').trim().slice(0, TITLE_MAX) || fallback;

/** A message's text (may be empty only with attachments) and attachments: 400 for anything else, nothing stored. */
function readMessage(
  body: unknown,
  options: { attachments: boolean },
): { text: string; attachments: ConversationAttachment[] } {
  if (!isObject(body)) throw validationFailed({ body: 'Must be an object.' });
  const errors = new FieldErrors();
  let text = '';
  if (typeof body.text !== 'string') errors.add('text', 'This field is required: the message text.');
  else if (body.text.length > CONVERSATION_TEXT_MAX) errors.add('text', `At most ${CONVERSATION_TEXT_MAX} characters.`);
  else text = body.text.trim();
  const attachments: ConversationAttachment[] = [];
  if (body.attachments !== undefined && options.attachments) {
    if (!Array.isArray(body.attachments) || body.attachments.length > ATTACHMENTS_MAX) {
      errors.add('attachments', `A list of at most ${ATTACHMENTS_MAX} files.`);
    } else {
      body.attachments.forEach((item, index) => {
        const url = isObject(item) && typeof item.url === 'string' ? item.url : '';
        let ok = isObject(item) && typeof item.name === 'string' && item.name.length <= 300 && url.length <= 2_000;
        try {
          ok &&= ['http:', 'https:'].includes(new URL(url).protocol);
        } catch {
          ok = false;
        }
        if (!ok || !isObject(item)) {
          errors.add(`attachments.${index}`, 'Each file needs a name and the http(s) fileUrl its upload answered.');
          return;
        }
        attachments.push({
          name: (item.name as string).trim() || 'file',
          url,
          ...(typeof item.type === 'string' && item.type.length <= 200 ? { type: item.type } : {}),
        });
      });
    }
  }
  if (!errors.has('text') && !errors.has('attachments') && !text && attachments.length === 0)
    errors.add('text', 'A message needs text or a file.');
  errors.throwIfAny();
  return { text, attachments };
}

/** Pushes the session its unread count now (and the actions given) on its open sockets. */
export async function pushUnread(
  deps: { conversations: WidgetConversationStore; push: VisitorPush },
  sessionId: string,
  actions?: unknown[],
): Promise<void> {
  if (!deps.push.has(sessionId)) return;
  const u = await deps.conversations.unreadOfSession(sessionId);
  deps.push.send(sessionId, actions?.length ? { a: actions, u } : { u });
}

/** `GET /conversations`: the session's conversations, unread first, then by their last message, newest first. */
export async function listConversations(
  deps: ConversationDeps,
  caller: WidgetCaller,
): Promise<{ conversations: ConversationSummaryRow[] }> {
  const { session } = await visitorOf(deps, caller);
  const rows = await deps.conversations.listOfSession(session.id);
  return { conversations: rows.sort(summaryOrder) };
}

/** `GET /conversations/{shareToken}`: one of the session's conversations with its messages, oldest first. */
export async function getConversation(
  deps: ConversationDeps,
  caller: WidgetCaller,
  input: { shareToken: string },
): Promise<{ shareToken: string; title: string; messages: ConversationMessage[] }> {
  const { session } = await visitorOf(deps, caller);
  const conversation = await conversationOr404(deps, session, input.shareToken);
  return {
    shareToken: conversation.id,
    title: conversation.title,
    messages: await deps.conversations.messages(conversation.id),
  };
}

function contactMessage(
  session: StoredSession,
  text: string,
  attachments: ConversationAttachment[],
  at: Date,
): ConversationMessage {
  return {
    id: newMessageId(),
    author: { type: 'contact', name: session.name ?? session.email ?? 'You' },
    text,
    createdAt: at.toISOString(),
    ...(attachments.length ? { attachments } : {}),
  };
}

/** `POST /conversations {text}`: the visitor starts a conversation with a first message (201). */
export async function startConversation(
  deps: ConversationDeps,
  caller: WidgetCaller,
  input: { body: unknown },
): Promise<{ shareToken: string; title: string; messages: ConversationMessage[] }> {
  const { key, session } = await visitorOf(deps, caller);
  limitVisitor(deps, session);
  const { text } = readMessage(input.body, { attachments: false });
  const at = deps.now();
  const message = contactMessage(session, text, [], at);
  const id = await deps.conversations.insert(
    {
      id: `c-${randomToken(18)}`,
      tenantId: key.tenantId,
      sdkKeyId: key.id,
      sessionId: session.id,
      reportId: null,
      title: titleOf(text, 'Conversation'),
      unreadCount: 0,
    },
    [message],
    at,
  );
  return { shareToken: id, title: titleOf(text, 'Conversation'), messages: [message] };
}

/** The visitor's message as the ticket shows it: a reply signed by the visitor, file links below the text. */
function ticketMessageOf(session: StoredSession, message: ConversationMessage): TicketMessage {
  const files = (message.attachments ?? []).map((a) => `${a.name}: ${a.url}`);
  return {
    id: `tmsg-${crypto.randomUUID()}`,
    kind: 'reply',
    body: [message.text, ...(files.length ? ['', ...files] : [])].join('\n').trim(),
    authorId: null,
    authorName: session.name ?? session.email ?? VISITOR,
    authorRole: null,
    attachments: [],
    createdAt: message.createdAt,
  };
}

/**
 * `POST /conversations/{shareToken}/messages {text, attachments}`: the visitor writes in one of their conversations
 * (201, the stored message). When the conversation follows up a report that has a ticket, the message is also added
 * to the ticket (a reply signed by the visitor) in the same transaction, unless the ticket was deleted.
 */
export async function sendConversationMessage(
  deps: ConversationDeps,
  caller: WidgetCaller,
  input: { shareToken: string; body: unknown },
): Promise<ConversationMessage> {
  const { session } = await visitorOf(deps, caller);
  limitVisitor(deps, session);
  const conversation = await conversationOr404(deps, session, input.shareToken);
  const { text, attachments } = readMessage(input.body, { attachments: true });
  const now = deps.now();
  const message = contactMessage(session, text, attachments, now);
  const changed = await deps.conversationTx(async (tx) => {
    await tx.conversations.addMessage(conversation.id, message, false);
    const ticketId = conversation.ticketId;
    const ticket = ticketId ? await tx.tickets.get(ticketId, { kind: 'all' }, { notes: true, now }) : undefined;
    if (!ticket || ticket.status === TICKET_STATUS.DELETED) return undefined;
    const answer = ticketMessageOf(session, message);
    await tx.tickets.addMessage(ticket.id, answer);
    const change = { ticketId: ticket.id, vehicleId: ticket.vehicleId, at: now };
    // The visitor answers a closed ticket: it is reopened, as a help desk reopens a solved ticket when its requester
    // replies; its history says who and why. Only from Closed (a move made meanwhile wins: the answer is kept).
    if (ticket.status === TICKET_STATUS.CLOSED) {
      const event = ticketEvent('status', { id: null, name: answer.authorName }, VISITOR_REOPENED, now);
      const set = { ...statusMoveFields(storedOf(ticket), TICKET_STATUS.REOPEN, now), updatedAt: message.createdAt };
      if (await tx.tickets.update(ticket.id, set, { addEvents: [event], ifStatus: TICKET_STATUS.CLOSED }))
        return { ...change, change: 'status' as const };
    }
    await tx.tickets.update(ticket.id, { updatedAt: message.createdAt });
    return { ...change, change: 'message' as const };
  });
  // Committed: an open ticket page hears of it and reads the ticket again.
  if (changed) deps.ticketChanged?.(changed);
  return message;
}

/**
 * `POST /conversations/{shareToken}/read`: the visitor has seen it. When that changed the session's unread count, its
 * sockets hear the new count; a read that changes nothing pushes nothing (an open conversation reads itself again on
 * each push, so a push on every read would never end).
 */
export async function markConversationRead(
  deps: ConversationDeps,
  caller: WidgetCaller,
  input: { shareToken: string },
): Promise<void> {
  const { session } = await visitorOf(deps, caller);
  const conversation = await conversationOr404(deps, session, input.shareToken);
  if (!(await deps.conversations.markRead(session.id, conversation.id))) throw notFound('Conversation');
  if (conversation.unreadCount > 0) await pushUnread(deps, session.id);
}

/**
 * The follow-up conversation of a report sent with a session (widget-api.yaml sendReport): the description as the
 * visitor's first message and the widget's acknowledgement (unread), so the visitor finds the report under Messages
 * and the team's answers arrive there. Silent reports (crashes) and survey answers start none. A retried report finds
 * the conversation stored the first time. Answers its share token, or undefined when the report starts none.
 */
export async function conversationForReport(
  deps: Pick<FeedbackDeps, 'conversations' | 'push'>,
  input: {
    key: StoredSdkKey;
    session: StoredSession | undefined;
    report: { id: string; type: string; description: string | null; isSilent: boolean; outbound: string | null };
    at: Date;
  },
): Promise<string | undefined> {
  const { key, session, report, at } = input;
  if (!session || report.isSilent || report.outbound) return undefined;
  const kind = report.type === 'FEEDBACK' ? 'Feedback' : 'Bug report';
  const description = report.description?.trim() ?? '';
  const shareToken = await deps.conversations.insert(
    {
      id: `c-${randomToken(18)}`,
      tenantId: key.tenantId,
      sdkKeyId: key.id,
      sessionId: session.id,
      reportId: report.id,
      title: titleOf(description, kind),
      unreadCount: 1,
    },
    [
      contactMessage(session, description.slice(0, CONVERSATION_TEXT_MAX) || `${kind} sent`, [], at),
      {
        id: newMessageId(),
        author: { type: 'bot', name: BOT_NAME },
        text: `Thanks! We received your ${kind.toLowerCase()} and will answer here.`,
        createdAt: new Date(at.getTime() + 1).toISOString(),
      },
    ],
    at,
  );
  await pushUnread(deps, session.id);
  return shareToken;
}

/**
 * An operator's reply on a ticket (`postTicketMessage`, kind reply) reaches the conversation of the report the ticket
 * was made from: the message is added in the ticket's transaction (unread for the visitor). Answers what to push once
 * it commits, or undefined when the ticket has no conversation. Internal notes never call this.
 */
export async function relayTicketReply(
  tx: { conversations: WidgetConversationStore },
  ticketId: string,
  reply: TicketMessage,
): Promise<{ sessionId: string; action: unknown } | undefined> {
  const conversation = await tx.conversations.ofTicket(ticketId);
  if (!conversation) return undefined;
  const attachments = reply.attachments.map((a) => ({ name: a.name, url: a.dataUrl, type: a.type }));
  return addTeamMessage(tx, conversation, {
    id: newMessageId(),
    author: { type: 'agent', name: reply.authorName },
    text: reply.body,
    createdAt: reply.createdAt,
    ...(attachments.length ? { attachments } : {}),
  });
}

/**
 * Adds a message of the team to the conversation (unread for the visitor) and answers what to push to the visitor's
 * sockets once it is stored: gleap's in-app notification of a new message, whose click opens the conversation
 * (widget spec, Notification).
 */
export async function addTeamMessage(
  store: { conversations: WidgetConversationStore },
  conversation: StoredConversation,
  message: ConversationMessage,
): Promise<{ sessionId: string; action: unknown }> {
  await store.conversations.addMessage(conversation.id, message, true);
  return {
    sessionId: conversation.sessionId,
    action: {
      actionType: 'notification',
      outbound: message.id,
      createdAt: message.createdAt,
      sound: true,
      data: {
        text: message.text.slice(0, 200),
        sender: { name: message.author.name },
        conversation: { shareToken: conversation.id },
      },
    },
  };
}

/**
 * A visitor's socket (`/widget-ws?gleapId&gleapHash&apiKey&sdkVersion`): the key must be live and the session its
 * own; answers the session and its unread count, or undefined (the socket is refused: an unknown or revoked key, or a
 * wrong session). Nothing is stored.
 */
export async function openVisitorSocket(
  deps: ConversationDeps,
  input: { apiKey: string | null; gleapId: string | null; gleapHash: string | null },
): Promise<{ sessionId: string; unread: number } | undefined> {
  let key: StoredSdkKey;
  try {
    key = await authenticateKey(deps, input.apiKey ?? undefined);
  } catch {
    return undefined;
  }
  const session = await findSession(
    deps,
    {
      apiToken: input.apiKey ?? undefined,
      gleapId: input.gleapId ?? undefined,
      gleapHash: input.gleapHash ?? undefined,
    },
    key,
  );
  if (!session) return undefined;
  return { sessionId: session.id, unread: await deps.conversations.unreadOfSession(session.id) };
}
