import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { toRangedListQuery } from '@/shared/ui/data-table/date-range';
import type { ListParams } from '@/shared/ui/data-table/use-list-params';
import type { ApiTicket } from './ticket-types';
import { ticketKeys } from '@/shared/api/query-keys';

/** How many tickets an export reads at most. */
export const TICKET_EXPORT_LIMIT = 5000;

export async function listTickets(params: ListParams) {
  return requireData(await apiClient.GET('/tickets', { params: { query: toRangedListQuery(params) } }));
}

export function ticketsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: ticketKeys.list(params),
    queryFn: () => listTickets(params),
    placeholderData: keepPreviousData,
    // SLA timers move: refresh the page of tickets every minute.
    refetchInterval: 60_000,
  });
}

/** One page of tickets for the params in the URL. */
export function useTicketList(params: ListParams) {
  return useQuery(ticketsQueryOptions(params));
}

/** Every ticket matching the params (up to `TICKET_EXPORT_LIMIT`), for the CSV export. */
export async function listAllTickets(params: ListParams): Promise<{ items: ApiTicket[]; total: number }> {
  const items: ApiTicket[] = [];
  let total = 0;
  for (let page = 1; items.length < TICKET_EXPORT_LIMIT; page += 1) {
    const answer = await listTickets({ ...params, page, pageSize: 1000 });
    total = answer.total;
    items.push(...answer.items);
    if (answer.items.length < 1000 || items.length >= total) break;
  }
  return { items, total };
}
