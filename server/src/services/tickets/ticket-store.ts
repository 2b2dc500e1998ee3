import type { VisitorPush, WidgetConversationStore } from '../feedback/conversation-store';
import type { AuditStore } from '../audit/audit-chain';
import type { FaultStore } from '../faults/fault-store';
import type { ListQuery } from '../lib/list-query';
import type { NotificationStore } from '../notifications/notification-store';
import type { EscalationContact } from './escalate-tickets';
import type { VehicleScope } from '../vehicles/vehicle-scope';
import type { TicketFilterField, TicketSortField } from './ticket-list-spec';
import type { AssignScope, TicketScope } from './ticket-scope';
import type {
  SlaTargetName,
  StoredTicket,
  TicketAssignees,
  TicketEvent,
  TicketMessage,
  TicketView,
} from './ticket-types';

/** How a read sees a ticket: internal notes counted and shown or not, and the time its SLA is read at. */
export interface TicketReading {
  notes: boolean;
  now: Date;
}

/** Storage of tickets and their conversation. Every read of tickets takes the caller's ticket scope. */
export interface TicketStore {
  /**
   * One page of the tickets in scope matching the query; deleted ones only when `withDeleted`. `dueAt` and `overdue`
   * read the resolution target at `reading.now` (`domain/tickets` SLA_TARGETS and the stored clock).
   */
  list(
    scope: TicketScope,
    query: ListQuery<TicketSortField, TicketFilterField>,
    reading: TicketReading & { withDeleted: boolean },
  ): Promise<{ items: TicketView[]; total: number }>;
  /** The ticket in scope with the messages the reader may see, oldest first. */
  get(
    id: string,
    scope: TicketScope,
    reading: TicketReading,
  ): Promise<(TicketView & { messages: TicketMessage[] }) | undefined>;
  /** The vehicle, if it exists and is in the vehicle scope: its service centre. */
  vehicle(id: string, scope: VehicleScope): Promise<{ id: string; dealerId: string | null } | undefined>;
  /** The vehicle a notification is of, if the notification exists. */
  notificationVehicle(id: string): Promise<string | undefined>;
  /** The active service centres of the assign scope and their active admins and employees. */
  assignees(scope: AssignScope): Promise<TicketAssignees>;
  /** The next free reference number ("TCK-1042"). */
  nextRef(): Promise<string>;
  insert(ticket: StoredTicket): Promise<void>;
  /**
   * Sets a ticket's fields and appends `addEvents` to its history (appended, never rewritten: two writes at once both
   * keep theirs). With `ifStatus`, only while the ticket still has that status; true when written.
   */
  update(
    id: string,
    changes: Partial<Omit<StoredTicket, 'id' | 'ref' | 'events'>>,
    options?: { addEvents?: TicketEvent[]; ifStatus?: StoredTicket['status'] },
  ): Promise<boolean>;
  addMessage(ticketId: string, message: TicketMessage): Promise<void>;
  /**
   * The tickets whose clock runs and that may have missed an SLA target not escalated yet at `now` (it may name more:
   * `dueEscalation` decides), oldest first.
   */
  breachCandidates(now: Date): Promise<StoredTicket[]>;
  /** The service centre's name and its (first) admin's name, for an escalation. */
  escalationContact(dealerId: string | null): Promise<EscalationContact>;
  /** Writes an escalation unless the ticket's escalated targets changed from `was` meanwhile; true when written. */
  escalate(
    id: string,
    was: SlaTargetName[],
    changes: { escalated: SlaTargetName[]; addEvents: TicketEvent[] },
  ): Promise<boolean>;
}

export interface TicketTx {
  tickets: TicketStore;
  faults: FaultStore;
  /** Where an SLA escalation's notifications go. */
  notifications: NotificationStore;
  audit: AuditStore;
  /** The widget's conversations: a reply on a ticket made from a report reaches its visitor (decision 0128). */
  conversations?: WidgetConversationStore;
}

export interface TicketDeps {
  tickets: TicketStore;
  /** The faults a ticket names (closing the ticket of a fault clears it, through the fault store). */
  faults: FaultStore;
  notifications: NotificationStore;
  now: () => Date;
  /** The widget's conversations and the visitors' sockets (decision 0128); absent where there is no widget API. */
  conversations?: WidgetConversationStore;
  visitorPush?: VisitorPush;
  /** Runs `work` in one transaction: the write, a fault it clears and the audit entries commit together. */
  transact<T>(work: (tx: TicketTx) => Promise<T>): Promise<T>;
}
