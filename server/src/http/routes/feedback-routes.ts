import type { ServiceDeps } from '../../deps';
import { getFeedbackReplay, getFeedbackReport, listFeedbackReports } from '../../services/feedback/inbox';
import { getReportConversation, replyToReport } from '../../services/feedback/report-conversation';
import { createTicketFromReport } from '../../services/feedback/report-ticket';
import {
  getVisitorConversation,
  listVisitorConversations,
  replyToVisitorConversation,
} from '../../services/feedback/visitor-conversations';
import type { ListParams } from '../../services/lib/list-query';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

/** The feedback inbox (decision 0116): the organisation's reports the widget sent. */
export function feedbackRoutes(deps: ServiceDeps): OperationHandlers {
  const inbox = { reports: deps.feedback.reports };
  const talk = {
    reports: deps.feedback.reports,
    conversations: deps.feedback.conversations,
    push: deps.feedback.push,
    tickets: deps.tickets,
    now: deps.feedback.now,
  };
  return {
    listFeedbackConversations: async (request) =>
      listVisitorConversations(talk, callerOf(request), request.query as ListParams),
    getFeedbackConversation: async (request) =>
      getVisitorConversation(talk, callerOf(request), (request.params as { shareToken: string }).shareToken),
    replyToFeedbackConversation: async (request, reply) =>
      reply.code(201).send(
        await replyToVisitorConversation(talk, callerOf(request), {
          shareToken: (request.params as { shareToken: string }).shareToken,
          body: request.body,
        }),
      ),
    getFeedbackReportConversation: async (request) =>
      getReportConversation(talk, callerOf(request), (request.params as { id: string }).id),
    replyToFeedbackReport: async (request, reply) =>
      reply.code(201).send(
        await replyToReport(talk, callerOf(request), {
          id: (request.params as { id: string }).id,
          body: request.body,
        }),
      ),
    listFeedbackReports: async (request) => listFeedbackReports(inbox, callerOf(request), request.query as ListParams),
    getFeedbackReport: async (request) =>
      getFeedbackReport(inbox, callerOf(request), (request.params as { id: string }).id),
    getFeedbackReplay: async (request) =>
      getFeedbackReplay(inbox, callerOf(request), (request.params as { id: string }).id),
    createFeedbackReportTicket: async (request, reply) =>
      reply.code(201).send(
        await createTicketFromReport({ reports: deps.feedback.reports, tickets: deps.tickets }, callerOf(request), {
          id: (request.params as { id: string }).id,
          body: request.body as Record<string, unknown>,
        }),
      ),
  };
}
