import { clockRuns, SLA_TARGETS, ticketSla } from '@/domain/tickets';
import type { Notification } from '../notifications/notification-types';
import type { TicketDeps } from './ticket-store';
import type { SlaTargetName, StoredTicket, TicketEvent } from './ticket-types';
import { clockOf } from './ticket-view';

/** Who an escalation goes to: the ticket's service centre and its admin (none when the ticket has no centre). */
export interface EscalationContact {
  dealerName: string | null;
  adminName: string | null;
}

export interface Escalation {
  escalated: SlaTargetName[];
  /** The `escalated` events to append to the ticket's history. */
  addEvents: TicketEvent[];
  notifications: Notification[];
}

const E_MAIL = 2;
const WEB_ALERT = 16;

/**
 * The escalations a ticket is due at `now` (decision 0066), or null: while its clock runs, each SLA target it missed
 * and that was not escalated yet (first response only while unanswered) gets an `escalated` event on the ticket and a
 * notification to its service centre admin (e-mail and web alert, severity by priority), both dated when the target
 * was missed. System events: they are in the ticket's history and the notifications, not in the audit log.
 */
export function dueEscalation(ticket: StoredTicket, now: Date, contact: EscalationContact): Escalation | null {
  if (!clockRuns(ticket.status)) return null;
  const sla = ticketSla(clockOf(ticket), now.getTime());
  const due: SlaTargetName[] = [];
  if (sla.firstResponse.state === 'breached' && ticket.firstResponseActiveMs === null) due.push('firstResponse');
  if (sla.resolution.state === 'breached') due.push('resolution');
  const fresh = due.filter((target) => !ticket.escalated.includes(target));
  if (fresh.length === 0) return null;
  const events: TicketEvent[] = [];
  const notifications: Notification[] = [];
  const to = contact.adminName
    ? `${contact.adminName} (service centre admin${contact.dealerName ? `, ${contact.dealerName}` : ''})`
    : 'no service centre';
  for (const target of fresh) {
    const label = target === 'firstResponse' ? 'first response' : 'resolution';
    const overdueMs = -(target === 'firstResponse' ? sla.firstResponse : sla.resolution).remainingMs;
    const breachedAt = new Date(Math.max(Date.parse(ticket.createdAt), now.getTime() - overdueMs)).toISOString();
    events.push({
      id: `tev-${crypto.randomUUID()}`,
      type: 'escalated',
      actorId: null,
      actorName: 'SLA',
      summary: `The ${label} target of ${SLA_TARGETS[ticket.priority][target]} min was missed; escalated to ${to}.`,
      occurredAt: breachedAt,
    });
    notifications.push({
      id: `ntf-tkt-${ticket.id}-${target}`,
      vehicleId: ticket.vehicleId,
      faultId: ticket.faultId,
      ruleId: null,
      ruleName: 'Ticket SLA escalation',
      deliveryMethods: E_MAIL | WEB_ALERT,
      title: `${ticket.ref} missed its ${label} target`,
      message: `${ticket.ref} "${ticket.title}" (${ticket.priority}) missed its ${label} target${contact.adminName ? `; sent to ${contact.adminName}` : ''}.`,
      severity: ticket.priority === 'critical' ? 4 : ticket.priority === 'high' ? 3 : 2,
      sentAt: breachedAt,
      deliveries: [E_MAIL, WEB_ALERT].map((method) => ({
        method: method as Notification['deliveries'][number]['method'],
        status: method === E_MAIL ? ('delivered' as const) : ('sent' as const),
        error: null,
        at: breachedAt,
      })),
      acknowledgedAt: null,
      acknowledgedBy: null,
      acknowledgedByName: null,
      clearedAt: null,
      ticketRequested: false,
    });
  }
  return { escalated: [...ticket.escalated, ...fresh], addEvents: events, notifications };
}

/**
 * Escalates every open ticket whose SLA target was missed by `now` (`dueEscalation`), in one transaction; a read of
 * the ticket list or a ticket runs it first (openapi.yaml listTickets). A ticket escalated meanwhile by another
 * request is left as that one wrote it. Returns how many tickets were escalated.
 */
export async function escalateBreachedTickets(deps: TicketDeps, now: Date): Promise<number> {
  const candidates = await deps.tickets.breachCandidates(now);
  if (candidates.length === 0) return 0;
  return deps.transact(async (tx) => {
    let count = 0;
    for (const ticket of candidates) {
      const escalation = dueEscalation(ticket, now, await tx.tickets.escalationContact(ticket.dealerId));
      if (!escalation) continue;
      const wrote = await tx.tickets.escalate(ticket.id, ticket.escalated, {
        escalated: escalation.escalated,
        addEvents: escalation.addEvents,
      });
      if (!wrote) continue;
      for (const notification of escalation.notifications) await tx.notifications.add(notification);
      count += 1;
    }
    return count;
  });
}
