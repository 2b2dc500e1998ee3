import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import type { ListParams } from '@/shared/ui/data-table/use-list-params';
import { toRangedListQuery } from '@/shared/ui/data-table/date-range';
import { hardwareLogKeys } from '@/shared/api/query-keys';

export type ApiHardwareLogEntry = components['schemas']['HardwareLogEntry'];

/** How often the live tail asks for new messages. */
export const LIVE_TAIL_MS = 3_000;
export const HARDWARE_LOG_EXPORT_LIMIT = 10_000;

export async function listHardwareLogs(params: ListParams) {
  return requireData(await apiClient.GET('/hardware-logs', { params: { query: toRangedListQuery(params) } }));
}

export function hardwareLogsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: hardwareLogKeys.list(params),
    queryFn: () => listHardwareLogs(params),
    placeholderData: keepPreviousData,
  });
}

/** One page of the hardware log; with `live`, polled so that new messages show up (the live tail). */
export function useHardwareLogs(params: ListParams, live = false) {
  return useQuery({ ...hardwareLogsQueryOptions(params), refetchInterval: live ? LIVE_TAIL_MS : false });
}

/** Every message that matches the params (up to the export limit), page by page. */
export async function listAllHardwareLogs(params: ListParams) {
  const items: ApiHardwareLogEntry[] = [];
  let total = 0;
  for (let page = 1; items.length < HARDWARE_LOG_EXPORT_LIMIT; page += 1) {
    const answer = await listHardwareLogs({ ...params, page, pageSize: 1000 });
    total = answer.total;
    items.push(...answer.items);
    if (answer.items.length < 1000 || items.length >= total) break;
  }
  return { items, total };
}
