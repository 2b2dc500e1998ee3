import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { commandKeys } from '@/shared/api/query-keys';

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

/** The command history; while a command is pending it refetches every `pendingRefetchMs`, so a settled status shows. */
export function useCommands(params: CommandListParams, pendingRefetchMs = 5000) {
  return useQuery({
    ...commandsQueryOptions(params),
    refetchInterval: (query) => (query.state.data?.items.some((c) => c.status === 1) ? pendingRefetchMs : false),
  });
}
