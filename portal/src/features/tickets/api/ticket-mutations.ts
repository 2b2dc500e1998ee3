import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketStatus } from '@/domain/enums';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { ApiTicketDetail, TicketInput, TicketMessageInput } from './ticket-types';
import { ticketKeys } from '@/shared/api/query-keys';

/** After a write: the detail answer goes into its cache and every list refreshes. */
function useTicketWrite<V>(write: (vars: V) => Promise<ApiTicketDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.detail(ticket.id), ticket);
      return queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
  });
}

export function useCreateTicket() {
  return useTicketWrite(async (input: TicketInput) => requireData(await apiClient.POST('/tickets', { body: input })));
}

export function useMoveTicket(id: string) {
  return useTicketWrite(async ({ status, note }: { status: TicketStatus; note?: string }) =>
    requireData(
      await apiClient.POST('/tickets/{id}/status', {
        params: { path: { id } },
        body: { status, ...(note ? { note } : {}) },
      }),
    ),
  );
}

export function useAssignTicket(id: string) {
  return useTicketWrite(async (body: { dealerId: string | null; assigneeId: string | null }) =>
    requireData(await apiClient.POST('/tickets/{id}/assign', { params: { path: { id } }, body })),
  );
}

export function usePostTicketMessage(id: string) {
  return useTicketWrite(async (body: TicketMessageInput) =>
    requireData(await apiClient.POST('/tickets/{id}/messages', { params: { path: { id } }, body })),
  );
}

export function useUpdateTicketPriority(id: string) {
  return useTicketWrite(async (priority: TicketInput['priority']) =>
    requireData(await apiClient.PATCH('/tickets/{id}', { params: { path: { id } }, body: { priority } })),
  );
}
