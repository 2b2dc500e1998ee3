import { TICKET_STATUS, TICKET_STATUS_LABELS } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import { conflict, FieldErrors } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { ticketOr404 } from './get-ticket';
import { ticketEvent } from './open-ticket';
import { assignScopeOf } from './ticket-scope';
import type { TicketDeps } from './ticket-store';
import { readAssignment } from './ticket-fields';
import { TICKET_ASSIGNMENT_AUDIT_ENTITY, type TicketDetail } from './ticket-types';
import { actorOf, auditTicket, readBack, storedOf } from './ticket-write';

/**
 * POST /tickets/{id}/assign: to a service centre the caller may assign to (`assignScopeOf`) and optionally one of its
 * staff, or to none (needs `t` with Assign). A closed or deleted ticket is 409 (reopen it first). Audited as Ticket
 * Assignment / Assign.
 */
export async function assignTicket(
  deps: TicketDeps,
  caller: Caller,
  input: { id: string; assignment: Record<string, unknown> },
): Promise<TicketDetail> {
  requirePermission(caller, 't', ACTION.ASSIGN);
  const now = deps.now();
  const view = await ticketOr404(deps.tickets, caller, input.id, now);
  const before = storedOf(view);
  if (before.status === TICKET_STATUS.DELETED || before.status === TICKET_STATUS.CLOSED)
    throw conflict(`A ${TICKET_STATUS_LABELS[before.status]} ticket cannot be reassigned; reopen it first.`);
  const { assignment } = input;
  const errors = new FieldErrors();
  if (assignment.dealerId === undefined) errors.add('dealerId', 'Choose a service centre or none.');
  const assignees = await deps.tickets.assignees(assignScopeOf(caller));
  const { dealerId, assigneeId } = readAssignment(errors, assignees, assignment.dealerId, assignment.assigneeId);
  errors.throwIfAny();
  const dealer = dealerId ? assignees.dealers.find((d) => d.id === dealerId) : undefined;
  const person = assigneeId ? assignees.staff.find((u) => u.id === assigneeId) : undefined;
  const summary = dealer
    ? `Assigned to ${dealer.name}${person ? ` / ${person.name}` : ''}`
    : 'Unassigned from any service centre';
  const set = { dealerId: dealerId ?? null, assigneeId, updatedAt: now.toISOString() };
  const addEvents = [ticketEvent('assigned', actorOf(caller), summary, now)];
  return deps.transact(async (tx) => {
    await tx.tickets.update(before.id, set, { addEvents });
    await auditTicket(
      tx,
      caller,
      {
        entity: TICKET_ASSIGNMENT_AUDIT_ENTITY,
        action: 'Assign',
        summary: `${before.ref}: ${summary}`,
        before,
        after: { ...before, ...set },
      },
      now,
    );
    return readBack(tx, caller, before.id, now);
  });
}
