import { TICKET_PRIORITIES, TICKET_SOURCES } from '@/domain/tickets';
import { type ListSpec, parse } from '../lib/list-query';

export const TICKET_SORT_FIELDS = ['createdAt', 'updatedAt', 'priority', 'status', 'ref', 'dueAt'] as const;
export type TicketSortField = (typeof TICKET_SORT_FIELDS)[number];

/** `assigneeId` and `dealerId` take `none` for a ticket without one. */
const TICKET_FILTERS = {
  status: parse.int('status', [1, 2, 3, 4, 5, 6]),
  priority: parse.oneOf('priority', TICKET_PRIORITIES),
  assigneeId: parse.text,
  dealerId: parse.text,
  source: parse.oneOf('source', TICKET_SOURCES),
  vehicleId: parse.text,
  faultId: parse.text,
  overdue: parse.boolean('overdue'),
};
export type TicketFilterField = keyof typeof TICKET_FILTERS;

/**
 * The ticket list's sorts and filters (openapi.yaml listTickets); search covers ref, title, the vehicle's VIN and
 * registration, the range createdAt. `dueAt` sorts by resolution time left (none when met or stopped), `overdue` is a
 * resolution target breached on a ticket not closed.
 */
export const TICKET_LIST: ListSpec<TicketSortField, TicketFilterField> = {
  sortable: TICKET_SORT_FIELDS,
  filterable: TICKET_FILTERS,
  defaultSort: [{ field: 'updatedAt', direction: 'desc' }],
};
