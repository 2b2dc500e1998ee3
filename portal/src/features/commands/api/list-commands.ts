import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { commandKeys } from '@/shared/api/query-keys';
import { usePendingAckInterest, usePendingRefetch } from './pending-commands';

export type ApiCommand = components['schemas']['Command'];
export type ApiCommandPage = components['schemas']['CommandPage'];

export interface CommandListParams {
  vehicleId: string;
  /** Only the commands sent to this device (BMS/MCU/VCU details). */
  deviceId?: string;
  page: number;
  pageSize: number;
}

/** One page of a vehicle's (or device's) command history, newest first. */
export async function listCommands({
  vehicleId,
  deviceId,
  page,
  pageSize,
}: CommandListParams): Promise<ApiCommandPage> {
  const filter: Record<string, string> = { vehicleId, ...(deviceId ? { deviceId } : {}) };
  return requireData(
    await apiClient.GET('/commands', { params: { query: { page, pageSize, sort: 'sentAt:desc', filter } } }),
  );
}

export function commandsQueryOptions(params: CommandListParams) {
  return queryOptions({
    queryKey: commandKeys.list(params.vehicleId, params),
    queryFn: () => listCommands(params),
  });
}

/**
 * A vehicle's (or device's) command history, as the Commands tab shows it. Its pending commands learn their outcome as
 * the fleet's command history does (`pending-commands.ts`): the vehicle's acknowledgement topic is subscribed while
 * one is pending, and the list is refetched only when the first expires, or every `PENDING_REFETCH_MS` without the
 * live connection.
 */
export function useCommands(params: CommandListParams) {
  const refetchWhilePending = usePendingRefetch();
  const query = useQuery({
    ...commandsQueryOptions(params),
    refetchInterval: (q) => refetchWhilePending(q.state.data?.items ?? []),
  });
  usePendingAckInterest('vehicle-commands', query.data?.items);
  return query;
}
