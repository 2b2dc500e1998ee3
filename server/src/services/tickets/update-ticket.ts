import { ACTION } from '@/domain/permissions';
import { TICKET_PRIORITY_LABELS } from '@/domain/tickets';
import { FieldErrors, forbidden } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { ticketOr404 } from './get-ticket';
import { ticketEvent } from './open-ticket';
import { isRequester } from './ticket-scope';
import type { TicketDeps } from './ticket-store';
import { MESSAGE_MAX_CHARS, readPriority, readText, TITLE_MAX_CHARS } from './ticket-fields';
import { type StoredTicket, TICKET_AUDIT_ENTITY, type TicketDetail, type TicketEvent } from './ticket-types';
import { actorOf, auditTicket, readBack, storedOf } from './ticket-write';

/**
 * PATCH /tickets/{id}: title, description and priority (needs `t` with Update; staff only: drivers and EV owners get
 * 403). A new priority keeps the clock and changes the targets. Audited as Ticket / Update.
 */
export async function updateTicket(
  deps: TicketDeps,
  caller: Caller,
  input: { id: string; patch: Record<string, unknown> },
): Promise<TicketDetail> {
  requirePermission(caller, 't', ACTION.UPDATE);
  if (isRequester(caller)) throw forbidden();
  const now = deps.now();
  const before = storedOf(await ticketOr404(deps.tickets, caller, input.id, now));
  const { patch } = input;
  const errors = new FieldErrors();
  const changes: Partial<StoredTicket> = {};
  if (patch.title !== undefined) changes.title = readText(errors, patch.title, 'title', 'a title', TITLE_MAX_CHARS);
  if (patch.description !== undefined)
    changes.description = readText(errors, patch.description, 'description', 'what is wrong', MESSAGE_MAX_CHARS);
  if (patch.priority !== undefined) changes.priority = readPriority(errors, patch.priority);
  errors.throwIfAny();
  const events: TicketEvent[] = [];
  if (changes.priority && changes.priority !== before.priority)
    events.push(
      ticketEvent(
        'priority',
        actorOf(caller),
        `Priority ${TICKET_PRIORITY_LABELS[before.priority]} -> ${TICKET_PRIORITY_LABELS[changes.priority]}`,
        now,
      ),
    );
  if (changes.title !== undefined || changes.description !== undefined)
    events.push(ticketEvent('edited', actorOf(caller), 'Edited the title or description', now));
  const set = { ...changes, updatedAt: now.toISOString() };
  return deps.transact(async (tx) => {
    await tx.tickets.update(before.id, set, { addEvents: events });
    await auditTicket(
      tx,
      caller,
      {
        entity: TICKET_AUDIT_ENTITY,
        action: 'Update',
        summary: `Updated ${before.ref}`,
        before,
        after: { ...before, ...set },
      },
      now,
    );
    return readBack(tx, caller, before.id, now);
  });
}
