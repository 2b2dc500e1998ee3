import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/shared/api/schema';
import { notificationKeys } from '@/shared/api/query-keys';

export type ApiNotificationPage = components['schemas']['NotificationPage'];

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
  return useQuery(vehicleNotificationsQueryOptions(params));
}
