import { TICKET_STATUS, TICKET_STATUS_LABELS } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import { moveClock, refusedMove } from '@/domain/tickets';
import { appendAudit } from '../audit/audit-chain';
import { FAULT_AUDIT_ENTITY } from '../faults/fault-types';
import { conflict, FieldErrors } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { ticketOr404 } from './get-ticket';
import { ticketEvent } from './open-ticket';
import type { TicketDeps } from './ticket-store';
import { isStatus, NOTE_MAX_CHARS } from './ticket-fields';
import { type StoredTicket, TICKET_AUDIT_ENTITY, type TicketDetail } from './ticket-types';
import { clockOf } from './ticket-view';
import { actorOf, auditTicket, readBack, storedOf } from './ticket-write';

const ANY_FAULT = { vehicles: null, kinds: null };

/**
 * What a status move writes on the ticket at `now` (the caller checked the move against the table): the status, the
 * SLA clock run, paused or stopped (`moveClock`), the close time, and the escalations a reopened ticket starts again.
 */
export function statusMoveFields(before: StoredTicket, to: StoredTicket['status'], now: Date): Partial<StoredTicket> {
  const clock = moveClock(clockOf(before), to, now.getTime());
  return {
    status: to,
    activeMs: clock.activeMs,
    activeSince: clock.activeSince === null ? null : new Date(clock.activeSince).toISOString(),
    closedAt: to === TICKET_STATUS.CLOSED ? now.toISOString() : to === TICKET_STATUS.REOPEN ? null : before.closedAt,
    // A reopened ticket may be escalated again when it misses its target a second time.
    escalated: to === TICKET_STATUS.REOPEN ? [] : before.escalated,
    updatedAt: now.toISOString(),
  };
}

/**
 * POST /tickets/{id}/status: a move the table allows (decision 0065; `refusedMove`, else 409 naming the allowed ones).
 * Needs `t` with Change Status, and Delete to move to Deleted. The SLA clock runs, pauses (Hold) or stops (Closed,
 * Deleted) with the move (`moveClock`); a reopened ticket may be escalated again. Closing the ticket of a fault is the
 * repair: the fault is cleared (through the fault store, audited as Fault / Update) if it is not already.
 */
export async function moveTicket(
  deps: TicketDeps,
  caller: Caller,
  input: { id: string; move: Record<string, unknown> },
): Promise<TicketDetail> {
  requirePermission(caller, 't', ACTION.CHANGE_STATUS);
  const now = deps.now();
  const before = storedOf(await ticketOr404(deps.tickets, caller, input.id, now));
  const { move } = input;
  const errors = new FieldErrors();
  if (!isStatus(move.status)) errors.add('status', 'Choose New, In-Progress, Hold, Reopen, Deleted or Closed.');
  if (move.note !== undefined && typeof move.note !== 'string') errors.add('note', 'Send the note as text.');
  const note = typeof move.note === 'string' ? move.note.trim() : '';
  if (note.length > NOTE_MAX_CHARS) errors.add('note', `Use at most ${NOTE_MAX_CHARS} characters.`);
  errors.throwIfAny();
  const to = move.status as StoredTicket['status'];
  if (to === TICKET_STATUS.DELETED) requirePermission(caller, 't', ACTION.DELETE);
  const refused = refusedMove(before.status, to);
  if (refused) throw conflict(refused, { status: refused });
  const actor = actorOf(caller);
  const summary = `${TICKET_STATUS_LABELS[before.status]} -> ${TICKET_STATUS_LABELS[to]}${note ? `: ${note}` : ''}`;
  return deps.transact(async (tx) => {
    const events = [ticketEvent('status', actor, summary, now)];
    const fault =
      to === TICKET_STATUS.CLOSED && before.faultId ? await tx.faults.get(before.faultId, ANY_FAULT) : undefined;
    if (fault && fault.clearedAt === null && (await tx.faults.clear(fault.id, now.toISOString()))) {
      events.push(ticketEvent('status', actor, `Fault ${fault.code} (${fault.name}) cleared`, now));
      await appendAudit(
        tx.audit,
        caller,
        {
          entity: FAULT_AUDIT_ENTITY,
          entityId: fault.id,
          action: 'Update',
          summary: `Cleared ${fault.code}: ${before.ref} closed`,
          changes: [{ field: 'clearedAt', before: null, after: now.toISOString() }],
        },
        now,
      );
    }
    const set = statusMoveFields(before, to, now);
    // Only from the status the move was checked against: a move made meanwhile wins, this one is refused.
    if (!(await tx.tickets.update(before.id, set, { addEvents: events, ifStatus: before.status }))) {
      throw conflict('The ticket changed status meanwhile; reload it and try again.');
    }
    await auditTicket(
      tx,
      caller,
      {
        entity: TICKET_AUDIT_ENTITY,
        action: 'Change Status',
        summary: `${before.ref}: ${summary}`,
        before,
        after: { ...before, ...set },
      },
      now,
    );
    return readBack(tx, caller, before.id, now);
  });
}
