import { ACTION } from '@/domain/permissions';
import { TICKET_SOURCES, type TicketSource } from '@/domain/tickets';
import { FieldErrors, forbidden } from '../lib/app-error';
import { allows, type Caller, requirePermission } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import { assignScopeOf } from './ticket-scope';
import { newTicket } from './open-ticket';
import type { TicketDeps } from './ticket-store';
import {
  MESSAGE_MAX_CHARS,
  optionalId,
  readAssignment,
  readPriority,
  readText,
  TITLE_MAX_CHARS,
} from './ticket-fields';
import { TICKET_AUDIT_ENTITY, type TicketDetail } from './ticket-types';
import { actorOf, auditTicket, readBack } from './ticket-write';

/** Every fault: a ticket's fault is checked against its vehicle, which is in the caller's scope already. */
const ANY_FAULT = { vehicles: null, kinds: null };

/**
 * POST /tickets: opens a ticket on a vehicle in the caller's vehicle scope (needs `t` with Add). It goes to the
 * vehicle's service centre unless `dealerId` is given, which needs Assign. A fault or notification it names must be of
 * that vehicle. Audited as Ticket / Add.
 */
export async function createTicket(
  deps: TicketDeps,
  caller: Caller,
  input: Record<string, unknown>,
): Promise<TicketDetail> {
  requirePermission(caller, 't', ACTION.ADD);
  const errors = new FieldErrors();
  const title = readText(errors, input.title, 'title', 'a title', TITLE_MAX_CHARS);
  const description = readText(errors, input.description, 'description', 'what is wrong', MESSAGE_MAX_CHARS);
  const priority = readPriority(errors, input.priority ?? 'medium');
  const source = (input.source ?? 'manual') as TicketSource;
  if (!TICKET_SOURCES.includes(source)) errors.add('source', 'Unknown source.');
  const vehicle =
    typeof input.vehicleId === 'string'
      ? await deps.tickets.vehicle(input.vehicleId, vehicleScopeOf(caller))
      : undefined;
  if (!vehicle) errors.add('vehicleId', 'Choose one of your vehicles.');
  const faultId = optionalId(input.faultId);
  const fault = faultId ? await deps.faults.get(faultId, ANY_FAULT) : undefined;
  if (faultId && (!fault || fault.vehicleId !== vehicle?.id))
    errors.add('faultId', 'That fault is not of this vehicle.');
  const notificationId = optionalId(input.notificationId);
  if (notificationId && (await deps.tickets.notificationVehicle(notificationId)) !== vehicle?.id)
    errors.add('notificationId', 'That notification is not of this vehicle.');
  const assigns = input.dealerId !== undefined || (input.assigneeId !== undefined && input.assigneeId !== null);
  if (assigns && !allows(caller, 't', ACTION.ASSIGN)) throw forbidden();
  const assignment = assigns
    ? readAssignment(errors, await deps.tickets.assignees(assignScopeOf(caller)), input.dealerId, input.assigneeId)
    : undefined;
  errors.throwIfAny();
  const now = deps.now();
  return deps.transact(async (tx) => {
    const ticket = newTicket({
      ref: await tx.tickets.nextRef(),
      title: title as string,
      description: description as string,
      priority: priority as NonNullable<typeof priority>,
      source,
      vehicle: vehicle as NonNullable<typeof vehicle>,
      deviceId: fault?.deviceId ?? optionalId(input.deviceId),
      faultId,
      notificationId,
      ...(assignment?.dealerId !== undefined ? { dealerId: assignment.dealerId } : {}),
      assigneeId: assignment?.assigneeId ?? null,
      actor: actorOf(caller),
      now,
    });
    await tx.tickets.insert(ticket);
    await auditTicket(
      tx,
      caller,
      {
        entity: TICKET_AUDIT_ENTITY,
        action: 'Add',
        summary: `Opened ${ticket.ref} ${ticket.title}`,
        before: null,
        after: ticket,
      },
      now,
    );
    return readBack(tx, caller, ticket.id, now);
  });
}
