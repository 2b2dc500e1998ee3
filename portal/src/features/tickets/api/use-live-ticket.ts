import { useQueryClient } from '@tanstack/react-query';
import { ticketKeys } from '@/shared/api/query-keys';
import { topics } from '@/shared/lib/live/topics';
import { useLiveEvents } from '@/shared/lib/live/use-live-events';

/**
 * While a ticket is open, reads it again (and the ticket lists) when the server announces a change made without this
 * page: the widget's visitor answered on it, or reopened it by answering (decision 0136). The announcement names the
 * ticket only; the reading goes through the Fleet API and its scope.
 */
export function useLiveTicket(ticket: { id: string; vehicleId: string } | undefined): void {
  const client = useQueryClient();
  const id = ticket?.id;
  useLiveEvents(`ticket-${id ?? 'none'}`, ticket ? [topics.ticketChange(ticket.vehicleId)] : [], 'ticket-change', {
    // Listen only: the ticket read again renders, not each event.
    max: 0,
    onEvent: (event) => {
      if (event.ticketId !== id) return;
      void client.invalidateQueries({ queryKey: ticketKeys.detail(event.ticketId), exact: true });
      void client.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
  });
}
