import { TICKET_MOVES, ticketSla } from '@/domain/tickets';
import type { StoredTicket, Ticket, TicketDetail, TicketMessage, TicketView } from './ticket-types';

/** The stored clock of a ticket as `domain/tickets` reads it (epoch ms). */
export function clockOf(
  t: Pick<StoredTicket, 'status' | 'priority' | 'activeMs' | 'activeSince' | 'firstResponseActiveMs'>,
) {
  return {
    status: t.status,
    priority: t.priority,
    activeMs: t.activeMs,
    activeSince: t.activeSince === null ? null : Date.parse(t.activeSince),
    firstResponseActiveMs: t.firstResponseActiveMs,
  };
}

/** The contract's Ticket of a stored one, with its SLA at `now`. */
export function toTicket(t: TicketView, now: Date): Ticket {
  return {
    id: t.id,
    ref: t.ref,
    title: t.title,
    status: t.status,
    priority: t.priority,
    source: t.source,
    vehicleId: t.vehicleId,
    vehicleLabel: t.vehicleLabel,
    deviceId: t.deviceId,
    faultId: t.faultId,
    notificationId: t.notificationId,
    dealerId: t.dealerId,
    dealerName: t.dealerName,
    assigneeId: t.assigneeId,
    assigneeName: t.assigneeName,
    createdByName: t.createdByName,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    closedAt: t.closedAt,
    firstResponseAt: t.firstResponseAt,
    messageCount: t.messageCount,
    sla: ticketSla(clockOf(t), now.getTime()),
  };
}

/** The contract's TicketDetail: the ticket, its description, the messages the reader sees, its history and moves. */
export function toTicketDetail(t: TicketView & { messages: TicketMessage[] }, now: Date): TicketDetail {
  return {
    ...toTicket(t, now),
    description: t.description,
    messages: t.messages,
    events: t.events,
    allowedStatuses: [...TICKET_MOVES[t.status]],
  };
}

/** A ticket's own fields as the audit log diffs them: without its history, which only grows. */
export function auditedFields(t: StoredTicket): Omit<StoredTicket, 'events'> {
  const { events: _events, ...rest } = t;
  return rest;
}
