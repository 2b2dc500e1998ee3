import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import type { ApiFault } from './list-faults';
import { faultKeys } from '@/shared/api/query-keys';

export type ApiNotification = components['schemas']['Notification'];
export type ApiCommand = components['schemas']['Command'];

/** Notifications that rules sent about one fault (the API filters by vehicle; the fault id narrows it here). */
export async function listFaultNotifications(fault: ApiFault): Promise<ApiNotification[]> {
  const page = requireData(
    await apiClient.GET('/notifications', {
      params: {
        query: { pageSize: 1000, sort: 'sentAt:asc', from: fault.occurredAt, filter: { vehicleId: fault.vehicleId } },
      },
    }),
  );
  return page.items.filter((n) => n.faultId === fault.id);
}

/**
 * Commands related to a fault: those sent to the same vehicle (and device, when the fault names one) while the fault
 * was active, from its occurrence until it cleared (or now).
 */
export async function listFaultCommands(fault: ApiFault): Promise<ApiCommand[]> {
  const filter: Record<string, string> = {
    vehicleId: fault.vehicleId,
    ...(fault.deviceId ? { deviceId: fault.deviceId } : {}),
  };
  const page = requireData(
    await apiClient.GET('/commands', {
      params: {
        query: {
          pageSize: 100,
          sort: 'sentAt:asc',
          from: fault.occurredAt,
          ...(fault.clearedAt ? { to: fault.clearedAt } : {}),
          filter,
        },
      },
    }),
  );
  return page.items;
}

export function faultNotificationsQueryOptions(fault: ApiFault) {
  return queryOptions({
    queryKey: faultKeys.notifications(fault.id),
    queryFn: () => listFaultNotifications(fault),
  });
}

export function faultCommandsQueryOptions(fault: ApiFault) {
  return queryOptions({
    queryKey: faultKeys.commands(fault.id),
    queryFn: () => listFaultCommands(fault),
  });
}

/** The notifications of a fault; idle until the fault has loaded, or when the user may not see notifications. */
export function useFaultNotifications(fault: ApiFault | undefined, enabled: boolean) {
  return useQuery({
    queryKey: faultKeys.notifications(fault?.id ?? ''),
    queryFn: () => listFaultNotifications(fault as ApiFault),
    enabled: enabled && fault !== undefined,
  });
}

/** The related commands of a fault; idle until the fault has loaded, or when the user may not see commands. */
export function useFaultCommands(fault: ApiFault | undefined, enabled: boolean) {
  return useQuery({
    queryKey: faultKeys.commands(fault?.id ?? ''),
    queryFn: () => listFaultCommands(fault as ApiFault),
    enabled: enabled && fault !== undefined,
  });
}
