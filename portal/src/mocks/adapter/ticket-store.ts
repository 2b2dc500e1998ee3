import type { TicketFilterField, TicketSortField } from '@services/tickets/ticket-list-spec';
import { type TicketScope, ticketScopeOf } from '@services/tickets/ticket-scope';
import type { TicketDeps, TicketStore, TicketTx } from '@services/tickets/ticket-store';
import {
  type StoredTicket,
  TICKET_STAFF_ROLES,
  type TicketMessage,
  type TicketView,
} from '@services/tickets/ticket-types';
import { TICKET_STATUS } from '@/domain/enums';
import { clockRuns, TICKET_PRIORITIES, ticketSla } from '@/domain/tickets';
import type { AuthContext } from '../handlers/lib/auth-context';
import { vehicleTest } from '../handlers/lib/scope';
import { fromApi, toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import { nextWorldRef, type TicketRecord, ticketRecordOf } from '../world/tickets';
import type { Vehicle } from '../world/types';
import { callerOf } from './caller';
import { worldAuditStore } from './audit-store';
import { worldFaultStore } from './fault-store';
import { worldNotificationStore } from './notification-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { worldConversationStore, worldVisitorPush } from './widget-conversation-store';
import { type UndoLog, worldTransact } from './world-transaction';

type Granted = ((vehicle: Vehicle) => boolean) | undefined;

/** The services' ticket scope read in memory (`ticketScopeOf`); access grants widen a vehicle scope, as for vehicles. */
export function ticketTest(db: WorldDb, scope: TicketScope, granted: Granted): (t: TicketRecord) => boolean {
  switch (scope.kind) {
    case 'all':
      return () => true;
    case 'dealer':
      return (t) =>
        t.dealerId !== null &&
        t.dealerId === scope.dealerId &&
        (scope.employeeId === null || t.assigneeId === null || t.assigneeId === scope.employeeId);
    case 'vehicles': {
      const inScope = vehicleTest(scope.vehicles, granted);
      return (t) => {
        const vehicle = db.tables.vehicles.get(t.vehicleId);
        return vehicle !== undefined && inScope(vehicle);
      };
    }
    case 'opener':
      return (t) => t.createdBy === scope.userId;
  }
}

/** The tickets a demo caller sees (the dashboards' ticket panel reads it too). */
export function ticketFilterFor(ctx: AuthContext, db: WorldDb): (t: TicketRecord) => boolean {
  return ticketTest(db, ticketScopeOf(callerOf(ctx)), ctx.granted);
}

const PRIORITY_RANK = Object.fromEntries(TICKET_PRIORITIES.map((p, i) => [p, i + 1])) as Record<string, number>;

/** Ticket fields as the list reads them at `now`: the in-memory counterpart of the SQL repository's. */
function ticketColumns(db: WorldDb, now: number): MemoryListSpec<TicketRecord, TicketSortField, TicketFilterField> {
  const left = (t: TicketRecord) => ticketSla(t, now).resolution;
  const vehicle = (t: TicketRecord) => db.tables.vehicles.get(t.vehicleId);
  return {
    sortable: {
      createdAt: (t) => t.createdAt,
      updatedAt: (t) => t.updatedAt,
      priority: (t) => PRIORITY_RANK[t.priority] ?? 0,
      status: (t) => t.status,
      ref: (t) => t.ref,
      dueAt: (t) => {
        const target = left(t);
        return target.state === 'met' || target.state === 'stopped' ? null : target.remainingMs;
      },
    },
    filterable: {
      status: (t) => t.status,
      priority: (t) => t.priority,
      assigneeId: (t) => t.assigneeId ?? 'none',
      dealerId: (t) => t.dealerId ?? 'none',
      source: (t) => t.source,
      vehicleId: (t) => t.vehicleId,
      faultId: (t) => t.faultId,
      overdue: (t) => left(t).state === 'breached' && t.status !== TICKET_STATUS.CLOSED,
    },
    searchable: [(t) => t.ref, (t) => t.title, (t) => vehicle(t)?.vin, (t) => vehicle(t)?.registrationNumber],
    time: (t) => t.createdAt,
  };
}

/** A world ticket as the services store it (ISO times). */
export function storedTicketOf(t: TicketRecord): StoredTicket {
  const { messages: _messages, events, ...rest } = t;
  return {
    ...toApi<Omit<StoredTicket, 'events' | 'activeSince'>>(rest),
    activeSince: t.activeSince === null ? null : new Date(t.activeSince).toISOString(),
    events: events.map((e) => toApi<StoredTicket['events'][number]>(e)),
  };
}

const eventRecords = (events: readonly StoredTicket['events'][number][]) =>
  events.map((e) => fromApi<TicketRecord['events'][number]>(e));

/** The services' ticket fields (or some of them) as the world keeps them (epoch ms). */
export function ticketRecordFields(t: Partial<StoredTicket>): Partial<TicketRecord> {
  const out = fromApi<Partial<TicketRecord>>(t);
  if (t.activeSince !== undefined) out.activeSince = t.activeSince === null ? null : Date.parse(t.activeSince);
  if (t.events !== undefined) out.events = eventRecords(t.events);
  return out;
}

function viewOf(db: WorldDb, t: TicketRecord, notes: boolean): TicketView {
  const vehicle = db.tables.vehicles.get(t.vehicleId);
  const dealer = t.dealerId ? db.tables.dealers.get(t.dealerId) : undefined;
  const assignee = t.assigneeId ? db.tables.users.get(t.assigneeId) : undefined;
  return {
    ...storedTicketOf(t),
    vehicleLabel: vehicle?.registrationNumber || vehicle?.vin || t.vehicleId,
    dealerName: dealer?.name ?? null,
    assigneeName: assignee?.name ?? null,
    messageCount: notes ? t.messages.length : t.messages.filter((m) => m.kind === 'reply').length,
  };
}

interface WorldTicketOptions {
  /** Vehicles the caller's active access grants add to their scope (decision 0079), a demo-only widening. */
  granted?: Granted;
  /** Inside a transaction: where writes record what they overwrite. */
  undo?: UndoLog;
}

/** The TicketStore of the services over the demo world's tickets (a ticket keeps its conversation in its row). */
export function worldTicketStore(db: WorldDb, options: WorldTicketOptions = {}): TicketStore {
  const granted = options.granted;
  return {
    async list(scope, query, reading) {
      const inScope = ticketTest(db, scope, granted);
      const rows = Array.from(db.tables.tickets.values()).filter(
        (t) => inScope(t) && (reading.withDeleted || t.status !== TICKET_STATUS.DELETED),
      );
      const { items, total } = memoryList(rows, query, ticketColumns(db, reading.now.getTime()));
      return { items: items.map((t) => viewOf(db, t, reading.notes)), total };
    },
    async get(id, scope, reading) {
      const t = db.tables.tickets.get(id);
      if (!t || !ticketTest(db, scope, granted)(t)) return undefined;
      const messages = reading.notes ? t.messages : t.messages.filter((m) => m.kind === 'reply');
      return { ...viewOf(db, t, reading.notes), messages: messages.map((m) => toApi<TicketMessage>(m)) };
    },
    async vehicle(id, scope) {
      const vehicle = db.tables.vehicles.get(id);
      return vehicle && vehicleTest(scope, granted)(vehicle)
        ? { id: vehicle.id, dealerId: vehicle.dealerId }
        : undefined;
    },
    async notificationVehicle(id) {
      return db.tables.notifications.get(id)?.vehicleId;
    },
    async assignees(scope) {
      const dealers = db.tables.dealers
        .all()
        .filter((d) => !scope || ('dealerId' in scope ? d.id === scope.dealerId : d.oemId === scope.oemId));
      const ids = new Set(dealers.map((d) => d.id));
      const staff = db.tables.users
        .all()
        .filter(
          (u) =>
            u.status === 1 &&
            u.dealerId != null &&
            ids.has(u.dealerId) &&
            (TICKET_STAFF_ROLES as readonly string[]).includes(u.role),
        )
        .map((u) => ({ id: u.id, name: u.name, role: u.role, dealerId: u.dealerId as string }));
      return { dealers: dealers.map((d) => ({ id: d.id, name: d.name })), staff };
    },
    async nextRef() {
      return nextWorldRef(db);
    },
    async insert(ticket) {
      options.undo?.touch('tickets', ticket.id);
      db.tables.tickets.insert(ticketRecordOf(ticket));
    },
    async update(id, changes, { addEvents = [], ifStatus } = {}) {
      const t = db.tables.tickets.get(id);
      if (!t || (ifStatus !== undefined && t.status !== ifStatus)) return false;
      options.undo?.touch('tickets', id);
      db.tables.tickets.update(id, {
        ...ticketRecordFields(changes),
        events: [...t.events, ...eventRecords(addEvents)],
      });
      return true;
    },
    async breachCandidates(_now) {
      // Every ticket whose clock runs: dueEscalation decides (the demo world is small).
      return Array.from(db.tables.tickets.values())
        .filter((t) => clockRuns(t.status) && t.escalated.length < 2)
        .map(storedTicketOf);
    },
    async escalationContact(dealerId) {
      if (dealerId === null) return { dealerName: null, adminName: null };
      const admin = db.tables.users
        .all()
        .filter((u) => u.role === 'DA' && u.dealerId === dealerId)
        .sort((a, b) => (a.id < b.id ? -1 : 1))[0];
      return { dealerName: db.tables.dealers.get(dealerId)?.name ?? null, adminName: admin?.name ?? null };
    },
    async escalate(id, was, changes) {
      const t = db.tables.tickets.get(id);
      if (!t || JSON.stringify(t.escalated) !== JSON.stringify(was)) return false;
      options.undo?.touch('tickets', id);
      db.tables.tickets.update(id, {
        escalated: changes.escalated,
        events: [...t.events, ...eventRecords(changes.addEvents)],
      });
      return true;
    },
    async addMessage(ticketId, message) {
      const t = db.tables.tickets.get(ticketId);
      if (!t) return;
      options.undo?.touch('tickets', ticketId);
      db.tables.tickets.update(ticketId, {
        messages: [...t.messages, fromApi<TicketRecord['messages'][number]>(message)],
      });
    },
  };
}

/**
 * The ticket services' dependencies over the demo world, with the demo page widget's conversations (decision 0136): a
 * reply on a ticket made from a widget report reaches the visitor's messenger, as on the server.
 */
export function worldTicketDeps(db: WorldDb, granted?: Granted): TicketDeps {
  return {
    tickets: worldTicketStore(db, { granted }),
    faults: worldFaultStore(db, { granted }),
    notifications: worldNotificationStore(db, { granted }),
    conversations: worldConversationStore(db),
    visitorPush: worldVisitorPush(db),
    now: () => new Date(),
    transact: worldTransact(
      db,
      (undo): TicketTx => ({
        tickets: worldTicketStore(db, { granted, undo }),
        faults: worldFaultStore(db, { granted, undo }),
        notifications: worldNotificationStore(db, { granted, undo }),
        audit: worldAuditStore(db, undo),
        conversations: worldConversationStore(db, undo),
      }),
    ),
  };
}
