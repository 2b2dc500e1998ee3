import { TICKET_STATUS } from '@/domain/enums';
import type { TicketPriority, TicketSource } from '@/domain/tickets';
import type { StoredTicket, TicketEvent } from './ticket-types';

export interface Actor {
  id: string | null;
  name: string;
}

export function ticketEvent(type: TicketEvent['type'], actor: Actor, summary: string, at: Date): TicketEvent {
  return {
    id: `tev-${crypto.randomUUID()}`,
    type,
    actorId: actor.id,
    actorName: actor.name,
    summary,
    occurredAt: at.toISOString(),
  };
}

export interface NewTicketInput {
  ref: string;
  title: string;
  description: string;
  priority: TicketPriority;
  source: TicketSource;
  vehicle: { id: string; dealerId: string | null };
  deviceId?: string | null;
  faultId?: string | null;
  notificationId?: string | null;
  /** The service centre; default (undefined): the vehicle's own. */
  dealerId?: string | null;
  assigneeId?: string | null;
  /** Who opens it: an account, or the system (a rule) with id null. */
  actor: Actor;
  now: Date;
}

/**
 * A new ticket: the one way tickets are opened (POST /tickets, and the rule chain for a rule that opens tickets,
 * `services/rules/rule-chain.ts`). New, in the vehicle's service centre unless `dealerId` says otherwise, its SLA
 * clock running from now.
 */
export function newTicket(input: NewTicketInput): StoredTicket {
  const at = input.now.toISOString();
  return {
    id: `tkt-${crypto.randomUUID()}`,
    ref: input.ref,
    title: input.title,
    description: input.description,
    status: TICKET_STATUS.NEW,
    priority: input.priority,
    source: input.source,
    vehicleId: input.vehicle.id,
    deviceId: input.deviceId ?? null,
    faultId: input.faultId ?? null,
    notificationId: input.notificationId ?? null,
    dealerId: input.dealerId !== undefined ? input.dealerId : input.vehicle.dealerId,
    assigneeId: input.assigneeId ?? null,
    createdBy: input.actor.id,
    createdByName: input.actor.name,
    createdAt: at,
    updatedAt: at,
    closedAt: null,
    firstResponseAt: null,
    activeMs: 0,
    activeSince: at,
    firstResponseActiveMs: null,
    escalated: [],
    events: [ticketEvent('created', input.actor, `Opened (${input.source})`, input.now)],
  };
}

/** The next reference after the highest one in use ("TCK-1001" first). */
export function refAfter(highest: string | null): string {
  const n = highest === null ? 1000 : Math.max(1000, Number(highest.slice(4)) || 0);
  return `TCK-${n + 1}`;
}
