import { ACTION } from '@/domain/permissions';
import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { tenantOf } from '../settings/settings-scope';
import type { TicketDeps } from '../tickets/ticket-store';
import type {
  ConversationMessage,
  StoredConversation,
  VisitorConversationRow,
  VisitorPush,
  WidgetConversationStore,
} from './conversation-store';
import { replyTextOf, sendTeamReply } from './report-conversation';

/**
 * The operators' side of the conversations visitors start in the messenger without a report (decision 0136 Session
 * 25): listed in the feedback inbox, read and answered there. A report's conversation is read and answered on its
 * report (`report-conversation.ts`), so it is not one of these. Everything is in the caller's organisation (another's
 * conversation is 404) and needs `fb`; answering needs `fb` with Update.
 */
export interface VisitorConversationDeps {
  conversations: WidgetConversationStore;
  push: VisitorPush;
  /** The tickets' transaction, which carries the conversations and the audit log (as a report's reply uses it). */
  tickets: Pick<TicketDeps, 'transact'>;
  now: () => Date;
}

export interface VisitorConversationPage {
  items: (VisitorConversationRow & { awaitingReply: boolean })[];
  total: number;
  page: number;
  pageSize: number;
}

export interface VisitorConversation {
  shareToken: string;
  title: string;
  unreadCount: number;
  messages: ConversationMessage[];
}

const LIST_SPEC = {
  sortable: ['updatedAt'] as const,
  filterable: {},
  defaultSort: [{ field: 'updatedAt' as const, direction: 'desc' as const }],
};

/**
 * GET /feedback-conversations: the organisation's conversations without a report, last message newest first; each
 * says whether the visitor wrote last (`awaitingReply`).
 */
export async function listVisitorConversations(
  deps: Pick<VisitorConversationDeps, 'conversations'>,
  caller: Caller,
  params: ListParams,
): Promise<VisitorConversationPage> {
  requirePermission(caller, 'fb');
  const query = parseListQuery(params, LIST_SPEC);
  const { rows, total } = await deps.conversations.listWithoutReport(tenantOf(caller), {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    items: rows.map((row) => ({ ...row, awaitingReply: row.lastMessage?.author.type === 'contact' })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function conversationOr404(
  deps: Pick<VisitorConversationDeps, 'conversations'>,
  caller: Caller,
  shareToken: string,
): Promise<StoredConversation> {
  const found = shareToken.length <= 100 ? await deps.conversations.ofTenant(tenantOf(caller), shareToken) : undefined;
  // A report's conversation is answered on its report (and its ticket), not here.
  if (!found || found.reportId !== null) throw notFound('Conversation');
  return found;
}

async function answerOf(
  deps: Pick<VisitorConversationDeps, 'conversations'>,
  caller: Caller,
  shareToken: string,
): Promise<VisitorConversation> {
  const fresh = await conversationOr404(deps, caller, shareToken);
  return {
    shareToken: fresh.id,
    title: fresh.title,
    unreadCount: fresh.unreadCount,
    messages: await deps.conversations.messages(fresh.id),
  };
}

/** GET /feedback-conversations/{shareToken}: one of them with its messages, oldest first. */
export async function getVisitorConversation(
  deps: Pick<VisitorConversationDeps, 'conversations'>,
  caller: Caller,
  shareToken: string,
): Promise<VisitorConversation> {
  requirePermission(caller, 'fb');
  return answerOf(deps, caller, shareToken);
}

/**
 * POST /feedback-conversations/{shareToken}/messages {text}: an operator answers the visitor. The message and its
 * audit entry commit together; then the visitor's sockets hear of it (the messenger shows it live, as a report's reply).
 */
export async function replyToVisitorConversation(
  deps: VisitorConversationDeps,
  caller: Caller,
  input: { shareToken: string; body: unknown },
): Promise<VisitorConversation> {
  requirePermission(caller, 'fb', ACTION.UPDATE);
  const text = replyTextOf(input.body);
  const conversation = await conversationOr404(deps, caller, input.shareToken);
  await sendTeamReply(deps, caller, conversation, text, {
    entityId: conversation.id,
    summary: `Reply to the visitor in conversation ${conversation.id}`,
  });
  return answerOf(deps, caller, conversation.id);
}
