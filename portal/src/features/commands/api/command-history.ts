import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { commandKeys } from '@/shared/api/query-keys';
import { toRangedListQuery } from '@/shared/ui/data-table/date-range';
import { useLiveConnection } from '@/shared/lib/live/use-live-connection';
import type { ListParams } from '@/shared/ui/data-table/use-list-params';
import type { ApiCommand } from './list-commands';

/** How many commands an export reads at most (ten pages of the contract's largest page). */
export const COMMAND_EXPORT_LIMIT = 10_000;
/** Without the live connection, the history refetches this often while a row is pending. */
export const PENDING_REFETCH_MS = 5000;

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
 * When the history should next be fetched while rows are pending: with the live connection up, acknowledgements
 * arrive live, so only when the first pending command expires (the server then says Failed); without it, every
 * `PENDING_REFETCH_MS`. False when nothing is pending.
 */
export function pendingRefetchMs(items: readonly ApiCommand[], live: boolean, now = Date.now()): number | false {
  const pending = items.filter((c) => c.status === 1);
  if (pending.length === 0) return false;
  if (!live) return PENDING_REFETCH_MS;
  const firstExpiry = Math.min(...pending.map((c) => (c.expiresAt ? Date.parse(c.expiresAt) : now)));
  return Math.max(1000, firstExpiry - now + 500);
}

/** One page of the fleet's command history for the params in the URL; refetched while a row is pending. */
export function useCommandHistory(params: ListParams) {
  const live = useLiveConnection().state === 'online';
  return useQuery({
    ...commandHistoryQueryOptions(params),
    refetchInterval: (query) => pendingRefetchMs(query.state.data?.items ?? [], live),
  });
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
