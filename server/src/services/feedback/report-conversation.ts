import { ACTION } from '@/domain/permissions';
import { MESSAGE_MAX_CHARS } from '@/domain/tickets';
import { appendAudit } from '../audit/audit-chain';
import { FieldErrors, notFound, validationFailed } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { tenantOf } from '../settings/settings-scope';
import { postTicketMessage } from '../tickets/post-ticket-message';
import type { TicketDeps } from '../tickets/ticket-store';
import type {
  ConversationMessage,
  StoredConversation,
  VisitorPush,
  WidgetConversationStore,
} from './conversation-store';
import { addTeamMessage, newMessageId, pushUnread } from './conversations';
import type { FeedbackReportReader } from './inbox-store';

/** The audit log's entity of a reply to the visitor written on a report without a ticket. */
export const REPORT_CONVERSATION_AUDIT_ENTITY = 'Feedback Conversation';

/** The operator's side of a report's conversation (decision 0128): reading it and answering the visitor. */
export interface ReportConversationDeps {
  reports: FeedbackReportReader;
  conversations: WidgetConversationStore;
  push: VisitorPush;
  /** The tickets' deps: a report with a ticket is answered through the ticket's reply. */
  tickets: TicketDeps;
  now: () => Date;
}

export interface ReportConversation {
  shareToken: string;
  title: string;
  unreadCount: number;
  messages: ConversationMessage[];
}

async function conversationOfReport(
  deps: Pick<ReportConversationDeps, 'reports' | 'conversations'>,
  caller: Caller,
  id: string,
) {
  const report = await deps.reports.get(tenantOf(caller), id);
  if (!report) throw notFound('Report');
  const conversation = await deps.conversations.ofReport(report.id);
  if (!conversation) throw notFound('Conversation');
  return { report, conversation };
}

async function answerOf(deps: Pick<ReportConversationDeps, 'conversations'>, conversation: StoredConversation) {
  const fresh = (await deps.conversations.ofReport(conversation.reportId as string)) ?? conversation;
  return {
    shareToken: fresh.id,
    title: fresh.title,
    unreadCount: fresh.unreadCount,
    messages: await deps.conversations.messages(fresh.id),
  };
}

/** GET /feedback-reports/{id}/conversation: the report's conversation, oldest first (needs `fb`). */
export async function getReportConversation(
  deps: Pick<ReportConversationDeps, 'reports' | 'conversations'>,
  caller: Caller,
  id: string,
): Promise<ReportConversation> {
  requirePermission(caller, 'fb');
  const { conversation } = await conversationOfReport(deps, caller, id);
  return answerOf(deps, conversation);
}

/**
 * POST /feedback-reports/{id}/conversation/messages {text}: the operator answers the visitor (needs `fb` with Update).
 * A report with a ticket is answered through the ticket (`postTicketMessage`: its permission, scope, clock and audit;
 * it relays the reply to the conversation), so the ticket keeps the exchange; otherwise the reply goes to the
 * conversation alone. Either way the visitor's sockets hear of it once it is stored.
 */
export async function replyToReport(
  deps: ReportConversationDeps,
  caller: Caller,
  input: { id: string; body: unknown },
): Promise<ReportConversation> {
  requirePermission(caller, 'fb', ACTION.UPDATE);
  const text = replyTextOf(input.body);
  const { report, conversation } = await conversationOfReport(deps, caller, input.id);
  if (report.ticket) {
    await postTicketMessage(deps.tickets, caller, { id: report.ticket.id, message: { kind: 'reply', body: text } });
    return answerOf(deps, conversation);
  }
  await sendTeamReply(deps, caller, conversation, text, {
    entityId: report.id,
    summary: `Reply to the visitor of report ${report.id}`,
  });
  return answerOf(deps, conversation);
}

/** The text of an operator's reply to a visitor (`{text}`: trimmed, not empty, at most `MESSAGE_MAX_CHARS`), or 400. */
export function replyTextOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw validationFailed({ body: 'Must be an object.' });
  const raw = (body as { text?: unknown }).text;
  const errors = new FieldErrors();
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text) errors.add('text', 'Write a reply.');
  else if (text.length > MESSAGE_MAX_CHARS) errors.add('text', `At most ${MESSAGE_MAX_CHARS} characters.`);
  errors.throwIfAny();
  return text;
}

/**
 * An operator's reply written to a visitor's conversation: the message and its audit entry commit together (the
 * tickets' transaction carries the conversations and the log); then the visitor's sockets hear of it.
 */
export async function sendTeamReply(
  deps: Pick<ReportConversationDeps, 'conversations' | 'push' | 'now'> & { tickets: Pick<TicketDeps, 'transact'> },
  caller: Caller,
  conversation: StoredConversation,
  text: string,
  audit: { entityId: string; summary: string },
): Promise<void> {
  const now = deps.now();
  const pushed = await deps.tickets.transact(async (tx) => {
    const added = await addTeamMessage({ conversations: tx.conversations ?? deps.conversations }, conversation, {
      id: newMessageId(),
      author: { type: 'agent', name: caller.user.name },
      text,
      createdAt: now.toISOString(),
    });
    await appendAudit(
      tx.audit,
      caller,
      { entity: REPORT_CONVERSATION_AUDIT_ENTITY, action: 'Add', changes: [], ...audit },
      now,
    );
    return added;
  });
  await pushUnread(deps, pushed.sessionId, [pushed.action]);
}
