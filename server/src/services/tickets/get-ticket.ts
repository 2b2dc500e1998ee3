import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { escalateBreachedTickets } from './escalate-tickets';
import { isRequester, ticketScopeOf } from './ticket-scope';
import type { TicketDeps, TicketStore } from './ticket-store';
import type { TicketDetail, TicketMessage, TicketView } from './ticket-types';
import { toTicketDetail } from './ticket-view';

/** The ticket in the caller's scope, as they see it, or the contract's 404 (one outside the scope is not told apart). */
export async function ticketOr404(
  store: TicketStore,
  caller: Caller,
  id: string,
  now: Date,
): Promise<TicketView & { messages: TicketMessage[] }> {
  const ticket = await store.get(id, ticketScopeOf(caller), { notes: !isRequester(caller), now });
  if (!ticket) throw notFound('Ticket');
  return ticket;
}

/** GET /tickets/{id}: the ticket with its conversation (drivers and EV owners never get internal notes) and history. */
export async function getTicket(deps: TicketDeps, caller: Caller, input: { id: string }): Promise<TicketDetail> {
  requirePermission(caller, 't');
  const now = deps.now();
  await escalateBreachedTickets(deps, now);
  return toTicketDetail(await ticketOr404(deps.tickets, caller, input.id, now), now);
}
