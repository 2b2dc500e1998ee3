import type { TicketStatus } from '@/domain/enums';
import type { TicketPriority, TicketSource } from '@/domain/tickets';
import type { Schemas } from '../lib/api-types';

export type Ticket = Schemas['Ticket'];
export type TicketDetail = Schemas['TicketDetail'];
export type TicketMessage = Schemas['TicketMessage'];
export type TicketEvent = Schemas['TicketEvent'];
export type TicketAttachment = Schemas['TicketAttachment'];
export type TicketAssignees = Schemas['TicketAssignees'];
export type SlaTargetName = 'firstResponse' | 'resolution';

/**
 * A stored ticket: the fields of the contract's Ticket that are its own, its description and history, and its SLA
 * clock (decision 0066: running ms banked in `activeMs`, the current running stretch since `activeSince`).
 */
export interface StoredTicket {
  id: string;
  ref: string;
  title: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  source: TicketSource;
  vehicleId: string;
  deviceId: string | null;
  faultId: string | null;
  notificationId: string | null;
  dealerId: string | null;
  assigneeId: string | null;
  /** The account that opened it (null: the system, a rule). */
  createdBy: string | null;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  firstResponseAt: string | null;
  activeMs: number;
  activeSince: string | null;
  firstResponseActiveMs: number | null;
  /** The SLA targets escalated already (each once until the ticket is reopened). */
  escalated: SlaTargetName[];
  events: TicketEvent[];
}

/** A stored ticket as a reader sees it: with the names it shows and the count of messages the reader may see. */
export interface TicketView extends StoredTicket {
  vehicleLabel: string;
  dealerName: string | null;
  assigneeName: string | null;
  messageCount: number;
}

/** Audit entity names of spec §3. */
export const TICKET_AUDIT_ENTITY = 'Ticket';
export const TICKET_ASSIGNMENT_AUDIT_ENTITY = 'Ticket Assignment';
export const TICKET_CONVERSATION_AUDIT_ENTITY = 'Ticket Conversation';

/** Roles of a service centre whose staff may take its tickets. */
export const TICKET_STAFF_ROLES = ['DA', 'DE'] as const;
