import { TICKET_STATUS } from '@/domain/enums';
import type { TicketPriority } from '@/domain/tickets';
import type { WorldDb } from './db';
import { openTicket } from './tickets';
import type { Notification, Rule } from './types';

/** A notification's severity (spec §3: 0 info … 5) as a ticket priority. */
export function priorityOfSeverity(severity: number): TicketPriority {
  if (severity >= 4) return 'critical';
  if (severity === 3) return 'high';
  if (severity === 2) return 'medium';
  return 'low';
}

const CLOSED_OR_DELETED = new Set<number>([TICKET_STATUS.CLOSED, TICKET_STATUS.DELETED]);

/**
 * What the rule engine does for a rule with "open a ticket" (decision 0063): one ticket per rule and vehicle while it
 * is not closed, opened by the system in the vehicle's service centre, linked to the notification (and its fault).
 * Reminders and repeated firings add nothing while that ticket is open. Returns the ticket id, new or existing.
 */
export function openTicketForRule(db: WorldDb, notification: Notification, rule: Rule): string | null {
  if (!db.tables.vehicles.get(notification.vehicleId)) return null;
  for (const ticket of db.tables.tickets.values()) {
    if (ticket.vehicleId !== notification.vehicleId || ticket.source !== 'rule' || CLOSED_OR_DELETED.has(ticket.status))
      continue;
    const cause = ticket.notificationId ? db.tables.notifications.get(ticket.notificationId) : undefined;
    if (cause?.ruleId === rule.id) return ticket.id;
  }
  const ticket = openTicket(db, {
    title: notification.title.includes(rule.name) ? notification.title : `${rule.name}: ${notification.title}`,
    description: `Opened by the rule "${rule.name}". ${notification.message}`,
    priority: priorityOfSeverity(notification.severity),
    source: 'rule',
    vehicleId: notification.vehicleId,
    faultId: notification.faultId,
    notificationId: notification.id,
    actor: { id: null, name: `Rule: ${rule.name}` },
    now: notification.sentAt,
  });
  return ticket.id;
}
