import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { ApiTicketDetail } from './ticket-types';
import { ticketKeys } from '@/shared/api/query-keys';

export async function getTicket(id: string): Promise<ApiTicketDetail> {
  return requireData(await apiClient.GET('/tickets/{id}', { params: { path: { id } } }));
}

export function ticketQueryOptions(id: string) {
  return queryOptions({ queryKey: ticketKeys.detail(id), queryFn: () => getTicket(id), refetchInterval: 30_000 });
}

/** One ticket with its conversation; disabled without an id. */
export function useTicket(id: string | null) {
  return useQuery({ ...ticketQueryOptions(id ?? ''), enabled: id !== null });
}
