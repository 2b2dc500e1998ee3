import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@/domain/api-schema';
import { apiClient, requireData } from '@/shared/api/api-client';
import { feedbackKeys } from '@/shared/api/query-keys';
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
