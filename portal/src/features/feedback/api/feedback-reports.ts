import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/domain/api-schema';
import { apiClient, requireData } from '@/shared/api/api-client';
import { feedbackKeys, ticketKeys } from '@/shared/api/query-keys';
import { toRangedListQuery } from '@/shared/ui/data-table/date-range';
import type { ListParams } from '@/shared/ui/data-table/use-list-params';

export type ApiFeedbackReportSummary = components['schemas']['FeedbackReportSummary'];
export type ApiFeedbackReport = components['schemas']['FeedbackReport'];

/** One page of the organisation's reports (`GET /feedback-reports`). */
export async function listFeedbackReports(params: ListParams) {
  return requireData(await apiClient.GET('/feedback-reports', { params: { query: toRangedListQuery(params) } }));
}

export function feedbackReportsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: feedbackKeys.list(params),
    queryFn: () => listFeedbackReports(params),
    placeholderData: keepPreviousData,
  });
}

export function useFeedbackReports(params: ListParams) {
  return useQuery(feedbackReportsQueryOptions(params));
}

/** One report as the inbox reads it (`GET /feedback-reports/{id}`). */
export async function getFeedbackReport(id: string): Promise<ApiFeedbackReport> {
  return requireData(await apiClient.GET('/feedback-reports/{id}', { params: { path: { id } } }));
}

export function useFeedbackReport(id: string) {
  return useQuery(queryOptions({ queryKey: feedbackKeys.detail(id), queryFn: () => getFeedbackReport(id) }));
}

export type ApiFeedbackReplay = components['schemas']['FeedbackReplay'];

/** The report's replay events, asked for only when the player is opened (they may be megabytes). */
export async function getFeedbackReplay(id: string): Promise<ApiFeedbackReplay> {
  return requireData(await apiClient.GET('/feedback-reports/{id}/replay', { params: { path: { id } } }));
}

export function useFeedbackReplay(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: feedbackKeys.replay(id),
      queryFn: () => getFeedbackReplay(id),
      enabled,
      staleTime: Infinity,
    }),
  );
}

export type ApiFeedbackReportTicketInput = components['schemas']['FeedbackReportTicketInput'];

/**
 * "Create ticket" (`POST /feedback-reports/{id}/ticket`, decision 0118): a Help & Support ticket linked to the report.
 * The report's page then shows its ticket, and the ticket lists refresh.
 */
export function useCreateReportTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ApiFeedbackReportTicketInput) =>
      requireData(await apiClient.POST('/feedback-reports/{id}/ticket', { params: { path: { id } }, body })),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.detail(ticket.id), ticket);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: feedbackKeys.detail(id), exact: true }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
      ]);
    },
  });
}

export type ApiFeedbackConversation = components['schemas']['FeedbackConversation'];

/** The visitor's conversation that follows the report up (`GET /feedback-reports/{id}/conversation`, decision 0128). */
export async function getReportConversation(id: string): Promise<ApiFeedbackConversation> {
  return requireData(await apiClient.GET('/feedback-reports/{id}/conversation', { params: { path: { id } } }));
}

/** Asked only when the report names a conversation (`FeedbackReport.conversation`): one that has none is never asked. */
export function useReportConversation(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: feedbackKeys.conversation(id), queryFn: () => getReportConversation(id), enabled }),
  );
}

/**
 * Answering the visitor on the report (`POST /feedback-reports/{id}/conversation/messages`): the reply reaches their
 * messenger; with a ticket it is the ticket's reply, so the ticket refreshes too.
 */
export function useReplyToReport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) =>
      requireData(
        await apiClient.POST('/feedback-reports/{id}/conversation/messages', {
          params: { path: { id } },
          body: { text },
        }),
      ),
    onSuccess: (conversation) => {
      queryClient.setQueryData(feedbackKeys.conversation(id), conversation);
      return queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}

export type ApiVisitorConversationSummary = components['schemas']['VisitorConversationSummary'];

/** Conversations a page holds in the visitor conversations' list. */
export const VISITOR_CONVERSATIONS_PAGE_SIZE = 25;
/** How often the operator's view reads them again: a visitor may write at any time (their messages are not pushed). */
const VISITOR_CONVERSATIONS_REFRESH_MS = 30_000;

/**
 * The conversations visitors started without a report (`GET /feedback-conversations`, decision 0136 Session 25), the
 * last message newest first.
 */
export function useVisitorConversations(page: number) {
  return useQuery(
    queryOptions({
      queryKey: feedbackKeys.visitorConversationList(page),
      queryFn: async () =>
        requireData(
          await apiClient.GET('/feedback-conversations', {
            params: { query: { page, pageSize: VISITOR_CONVERSATIONS_PAGE_SIZE } },
          }),
        ),
      placeholderData: keepPreviousData,
      refetchInterval: VISITOR_CONVERSATIONS_REFRESH_MS,
    }),
  );
}

/** One of them with its messages (`GET /feedback-conversations/{shareToken}`); none asked while none is open. */
export function useVisitorConversation(shareToken: string | null) {
  return useQuery(
    queryOptions({
      queryKey: feedbackKeys.visitorConversation(shareToken ?? ''),
      queryFn: async () =>
        requireData(
          await apiClient.GET('/feedback-conversations/{shareToken}', {
            params: { path: { shareToken: shareToken ?? '' } },
          }),
        ),
      enabled: shareToken !== null,
      refetchInterval: VISITOR_CONVERSATIONS_REFRESH_MS,
    }),
  );
}

/** Answering the visitor (`POST /feedback-conversations/{shareToken}/messages`): reaches their messenger live. */
export function useReplyToVisitorConversation(shareToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) =>
      requireData(
        await apiClient.POST('/feedback-conversations/{shareToken}/messages', {
          params: { path: { shareToken } },
          body: { text },
        }),
      ),
    onSuccess: (conversation) => {
      queryClient.setQueryData(feedbackKeys.visitorConversation(shareToken), conversation);
      return queryClient.invalidateQueries({ queryKey: feedbackKeys.visitorConversations });
    },
  });
}
