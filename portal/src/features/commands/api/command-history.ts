import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { commandKeys } from '@/shared/api/query-keys';
import { toRangedListQuery } from '@/shared/ui/data-table/date-range';
import type { ListParams } from '@/shared/ui/data-table/use-list-params';
import type { ApiCommand } from './list-commands';
import { usePendingAckInterest, usePendingRefetch } from './pending-commands';

/** How many commands an export reads at most (ten pages of the contract's largest page). */
export const COMMAND_EXPORT_LIMIT = 10_000;

export async function listCommandHistory(params: ListParams) {
  return requireData(await apiClient.GET('/commands', { params: { query: toRangedListQuery(params) } }));
}

export function commandHistoryQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: commandKeys.history(params),
    queryFn: () => listCommandHistory(params),
    placeholderData: keepPreviousData,
  });
}

/**
 * One page of the fleet's command history for the params in the URL. Its pending rows' vehicles are subscribed to for
 * their acknowledgements, released as the rows settle; beyond `MAX_ACK_VEHICLES` vehicles nothing is subscribed and the
 * page is refetched every `PENDING_REFETCH_MS` while rows are pending, as without a live connection.
 */
export function useCommandHistory(params: ListParams) {
  const refetchWhilePending = usePendingRefetch();
  const query = useQuery({
    ...commandHistoryQueryOptions(params),
    refetchInterval: (q) => refetchWhilePending(q.state.data?.items ?? []),
  });
  usePendingAckInterest('command-history', query.data?.items);
  return query;
}

/** Every command that matches the params (up to `COMMAND_EXPORT_LIMIT`), page by page, for the export. */
export async function listAllCommands(params: ListParams): Promise<{ items: ApiCommand[]; total: number }> {
  const items: ApiCommand[] = [];
  let total = 0;
  for (let page = 1; items.length < COMMAND_EXPORT_LIMIT; page += 1) {
    const answer = await listCommandHistory({ ...params, page, pageSize: 1000 });
    total = answer.total;
    items.push(...answer.items);
    if (answer.items.length < 1000 || items.length >= total) break;
  }
  return { items, total };
}
