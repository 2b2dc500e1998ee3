import { assignTicket } from '@services/tickets/assign-ticket';
import { createTicket } from '@services/tickets/create-ticket';
import { getTicket } from '@services/tickets/get-ticket';
import { listTicketAssignees } from '@services/tickets/list-ticket-assignees';
import { listTickets } from '@services/tickets/list-tickets';
import { moveTicket } from '@services/tickets/move-ticket';
import { updateTicket } from '@services/tickets/update-ticket';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { listParamsOf } from '../adapter/list-params';
import { worldTicketDeps } from '../adapter/ticket-store';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/** The caller of a request and the ticket services' dependencies over the demo world. */
export async function ticketCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldTicketDeps(db, ctx.granted) };
}

/** Support tickets: list, assignees, open, details, edit, status moves and assignment; adapters over the ticket services. */
export function createTicketHandlers(http: ApiHttp) {
  return [
    http.get('/tickets', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await ticketCall(request);
        return response(200).json(await listTickets(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.get('/tickets/assignees', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await ticketCall(request);
        return response(200).json(await listTicketAssignees(deps, caller));
      }),
    ),

    http.post('/tickets', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await ticketCall(request);
        return response(201).json(await createTicket(deps, caller, await readJsonObject(request)));
      }),
    ),

    http.get('/tickets/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await ticketCall(request);
        return response(200).json(await getTicket(deps, caller, { id: params.id }));
      }),
    ),

    http.patch('/tickets/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await ticketCall(request);
        const patch = await readJsonObject(request);
        return response(200).json(await updateTicket(deps, caller, { id: params.id, patch }));
      }),
    ),

    http.post('/tickets/{id}/status', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await ticketCall(request);
        const move = await readJsonObject(request);
        return response(200).json(await moveTicket(deps, caller, { id: params.id, move }));
      }),
    ),

    http.post('/tickets/{id}/assign', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await ticketCall(request);
        const assignment = await readJsonObject(request);
        return response(200).json(await assignTicket(deps, caller, { id: params.id, assignment }));
      }),
    ),
  ];
}
