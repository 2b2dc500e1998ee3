import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { TicketAssignees } from './ticket-types';
import { ticketKeys } from '@/shared/api/query-keys';

export async function getTicketAssignees(): Promise<TicketAssignees> {
  return requireData(await apiClient.GET('/tickets/assignees'));
}

/** The service centres and staff the caller may assign tickets to; only loaded for callers with Assign. */
export function useTicketAssignees(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: ticketKeys.assignees(), queryFn: getTicketAssignees, staleTime: 5 * 60_000 }),
    enabled,
  });
}
