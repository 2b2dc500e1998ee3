import { TICKET_STATUS } from '@/domain/enums';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { escalateBreachedTickets } from './escalate-tickets';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { TICKET_LIST } from './ticket-list-spec';
import { isRequester, ticketScopeOf } from './ticket-scope';
import type { TicketDeps } from './ticket-store';
import { toTicket } from './ticket-view';

/** GET /tickets: one page of the tickets in the caller's scope; deleted ones only with `filter[status]=5`. */
export async function listTickets(deps: TicketDeps, caller: Caller, input: ListParams): Promise<Schemas['TicketPage']> {
  requirePermission(caller, 't');
  const query = parseListQuery(input, TICKET_LIST);
  const withDeleted = query.filters.some((f) => f.field === 'status' && f.values.includes(TICKET_STATUS.DELETED));
  const now = deps.now();
  await escalateBreachedTickets(deps, now);
  const { items, total } = await deps.tickets.list(ticketScopeOf(caller), query, {
    notes: !isRequester(caller),
    now,
    withDeleted,
  });
  return { items: items.map((t) => toTicket(t, now)), total, page: query.page, pageSize: query.pageSize };
}
