import { useMemo } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { commandKeys } from '@/shared/api/query-keys';
import { toRangedListQuery } from '@/shared/ui/data-table/date-range';
import { topics } from '@/shared/lib/live/topics';
import { useLiveConnection } from '@/shared/lib/live/use-live-connection';
import { useLiveInterest } from '@/shared/lib/live/use-live-interest';
import { useAppState } from '@/state/store-context';
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

/**
 * The most vehicles whose acknowledgement topics the history subscribes to at once (the default page of 25 rows never
 * reaches it; a page of 100 to 1,000 pending commands after a group send can). Beyond it the page refetches instead:
 * a hundred subscriptions for one screen cost the broker more than a refetch every few seconds.
 */
export const MAX_ACK_VEHICLES = 50;

/**
 * The acknowledgement topics of the vehicles of the rows still pending (neither settled by the server nor by a live
 * acknowledgement in the store), or null when they are more than `MAX_ACK_VEHICLES` vehicles. Per vehicle, not the
 * fleet-wide filter: the broker grants a scoped user only topics of one vehicle in their scope (decision 0125).
 */
export function pendingAckTopics(
  items: readonly ApiCommand[],
  acknowledged: Readonly<Record<string, unknown>>,
): string[] | null {
  const vehicles = new Set<string>();
  for (const c of items) if (c.status === 1 && acknowledged[c.id] === undefined) vehicles.add(c.vehicleId);
  if (vehicles.size > MAX_ACK_VEHICLES) return null;
  return [...vehicles].sort().map(topics.commandAck);
}

/**
 * One page of the fleet's command history for the params in the URL. Its pending rows' vehicles are subscribed to for
 * their acknowledgements, released as the rows settle; beyond `MAX_ACK_VEHICLES` vehicles nothing is subscribed and the
 * page is refetched every `PENDING_REFETCH_MS` while rows are pending, as without a live connection.
 */
export function useCommandHistory(params: ListParams) {
  const online = useLiveConnection().state === 'online';
  const acknowledged = useAppState((s) => s.vehicle.commandAcknowledge);
  const query = useQuery({
    ...commandHistoryQueryOptions(params),
    refetchInterval: (q) => {
      const items = q.state.data?.items ?? [];
      return pendingRefetchMs(items, online && pendingAckTopics(items, acknowledged) !== null);
    },
  });
  const ackTopics = useMemo(() => pendingAckTopics(query.data?.items ?? [], acknowledged), [query.data, acknowledged]);
  useLiveInterest('command-history', ackTopics ?? []);
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
