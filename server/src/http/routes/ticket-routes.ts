import type { ServiceDeps } from '../../deps';
import type { ListParams } from '../../services/lib/list-query';
import { assignTicket } from '../../services/tickets/assign-ticket';
import { createTicket } from '../../services/tickets/create-ticket';
import { getTicket } from '../../services/tickets/get-ticket';
import { listTicketAssignees } from '../../services/tickets/list-ticket-assignees';
import { listTickets } from '../../services/tickets/list-tickets';
import { moveTicket } from '../../services/tickets/move-ticket';
import { postTicketMessage } from '../../services/tickets/post-ticket-message';
import { updateTicket } from '../../services/tickets/update-ticket';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };
type Body = Record<string, unknown>;

/** Support tickets: list, assignees, open, read, edit, status moves, assignment and the conversation. */
export function ticketRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.tickets;
  return {
    listTickets: async (request) => listTickets(d, callerOf(request), request.query as ListParams),
    listTicketAssignees: async (request) => listTicketAssignees(d, callerOf(request)),
    createTicket: async (request, reply) =>
      reply.code(201).send(await createTicket(d, callerOf(request), request.body as Body)),
    getTicket: async (request) => getTicket(d, callerOf(request), request.params as IdParams),
    updateTicket: async (request) =>
      updateTicket(d, callerOf(request), { id: (request.params as IdParams).id, patch: request.body as Body }),
    moveTicket: async (request) =>
      moveTicket(d, callerOf(request), { id: (request.params as IdParams).id, move: request.body as Body }),
    assignTicket: async (request) =>
      assignTicket(d, callerOf(request), { id: (request.params as IdParams).id, assignment: request.body as Body }),
    postTicketMessage: async (request, reply) =>
      reply.code(201).send(
        await postTicketMessage(d, callerOf(request), {
          id: (request.params as IdParams).id,
          message: request.body as Body,
        }),
      ),
  };
}
