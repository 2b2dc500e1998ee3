import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { notificationKeys } from '@/shared/api/query-keys';
import { toRangedListQuery } from '@/shared/ui/data-table/date-range';
import type { ListParams } from '@/shared/ui/data-table/use-list-params';

export type ApiNotificationPage = components['schemas']['NotificationPage'];
export type ApiNotification = components['schemas']['Notification'];

/** How often notification lists and the header count ask for news (the demo engine runs on each read). */
export const NOTIFICATION_POLL_MS = 5000;
/** How many notifications an export reads at most. */
export const NOTIFICATION_EXPORT_LIMIT = 10_000;

export interface NotificationListParams {
  vehicleId: string;
  page: number;
  pageSize: number;
}

/** One page of the notifications rules sent for a vehicle, newest first. */
export async function listVehicleNotifications({
  vehicleId,
  page,
  pageSize,
}: NotificationListParams): Promise<ApiNotificationPage> {
  return requireData(
    await apiClient.GET('/notifications', {
      params: { query: { page, pageSize, sort: 'sentAt:desc', filter: { vehicleId } } },
    }),
  );
}

export function vehicleNotificationsQueryOptions(params: NotificationListParams) {
  return queryOptions({
    queryKey: notificationKeys.forVehicle(params.vehicleId, params),
    queryFn: () => listVehicleNotifications(params),
  });
}

export function useVehicleNotifications(params: NotificationListParams) {
  return useQuery({ ...vehicleNotificationsQueryOptions(params), refetchInterval: NOTIFICATION_POLL_MS });
}

/** The history's list query: its filters (and date range) as the contract's query. */
export async function listNotifications(params: ListParams): Promise<ApiNotificationPage> {
  return requireData(await apiClient.GET('/notifications', { params: { query: toRangedListQuery(params) } }));
}

/** One page of the history for the params in the URL; polls, so new notifications appear without a reload. */
export function useNotificationHistory(params: ListParams) {
  return useQuery({
    queryKey: notificationKeys.history(params),
    queryFn: () => listNotifications(params),
    placeholderData: keepPreviousData,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

/** Every notification that matches the params (up to the export limit), page by page. */
export async function listAllNotifications(params: ListParams): Promise<{ items: ApiNotification[]; total: number }> {
  const items: ApiNotification[] = [];
  let total = 0;
  for (let page = 1; items.length < NOTIFICATION_EXPORT_LIMIT; page += 1) {
    const answer = await listNotifications({ ...params, page, pageSize: 1000 });
    total = answer.total;
    items.push(...answer.items);
    if (answer.items.length < 1000 || items.length >= total) break;
  }
  return { items, total };
}

/** How many notifications nobody has acknowledged yet (the header's count); polls while enabled. */
export function useUnreadNotificationCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: async () =>
      requireData(
        await apiClient.GET('/notifications', {
          params: { query: { page: 1, pageSize: 1, filter: { acknowledged: 'false' } } },
        }),
      ).total,
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

export function useAcknowledgeNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      requireData(await apiClient.POST('/notifications/{id}/acknowledge', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
