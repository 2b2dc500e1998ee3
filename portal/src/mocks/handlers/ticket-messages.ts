import { postTicketMessage } from '@services/tickets/post-ticket-message';
import { answering } from '../adapter/answer';
import type { ApiHttp } from './http';
import { readJsonObject } from './lib/body';
import { ticketCall } from './tickets';

/** A ticket's conversation: a reply or an internal note with attachments; an adapter over the ticket services. */
export function createTicketMessageHandlers(http: ApiHttp) {
  return [
    http.post('/tickets/{id}/messages', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await ticketCall(request);
        const message = await readJsonObject(request);
        return response(201).json(await postTicketMessage(deps, caller, { id: params.id, message }));
      }),
    ),
  ];
}
