import { TICKET_STATUS, TICKET_STATUS_LABELS, type TicketStatus } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import {
  isTicketStatus,
  MESSAGE_MAX_CHARS,
  moveClock,
  refusedMove,
  TICKET_MOVES,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_SOURCES,
  type TicketPriority,
  type TicketSource,
  ticketSla,
} from '@/domain/tickets';
import type { components } from '@/domain/api-schema';
import type { WorldDb } from '../world/db';
import {
  escalateBreachedTickets,
  openTicket,
  type TicketMessage,
  type TicketRecord,
  ticketEvent,
} from '../world/tickets';
import type { UserRecord } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { allows, type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { FieldErrors, readJsonObject } from './lib/body';
import { conflict, forbidden, notFound } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { vehicleFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';

type ApiTicket = components['schemas']['Ticket'];
type ApiTicketDetail = components['schemas']['TicketDetail'];

const PRIORITY_RANK: Record<TicketPriority, number> = { low: 1, medium: 2, high: 3, critical: 4 };
const STAFF_OF_DEALER = ['DA', 'DE'];

/** Drivers and EV owners: they see replies, never internal notes, and only act on their own tickets. */
export function isRequester(ctx: AuthContext): boolean {
  return ctx.roleType === 'driver' || ctx.roleType === 'evOwner';
}

/** Which tickets the caller sees (openapi.yaml, GET /tickets). */
export function ticketScopeFor(ctx: AuthContext, db: WorldDb): (t: TicketRecord) => boolean {
  const role = ctx.user.role;
  if (ctx.roleType === 'platform') return () => true;
  if (ctx.roleType === 'dealer') {
    const dealerId = ctx.user.dealerId ?? null;
    if (role === 'DA') return (t) => t.dealerId !== null && t.dealerId === dealerId;
    return (t) =>
      t.dealerId !== null && t.dealerId === dealerId && (t.assigneeId === null || t.assigneeId === ctx.user.id);
  }
  if (['oem', 'fleet', 'driver', 'evOwner'].includes(ctx.roleType)) {
    const inScope = vehicleFilterFor(ctx);
    return (t) => {
      const vehicle = db.tables.vehicles.get(t.vehicleId);
      return vehicle !== undefined && inScope(vehicle);
    };
  }
  return (t) => t.createdBy === ctx.user.id;
}

export function ticketOr404(ctx: AuthContext, db: WorldDb, id: string): TicketRecord {
  const ticket = db.tables.tickets.get(id);
  if (!ticket || !ticketScopeFor(ctx, db)(ticket)) throw notFound('Ticket');
  return ticket;
}

function visibleMessages(ctx: AuthContext, ticket: TicketRecord): TicketMessage[] {
  return isRequester(ctx) ? ticket.messages.filter((m) => m.kind === 'reply') : ticket.messages;
}

function asApi(ctx: AuthContext, db: WorldDb, t: TicketRecord, now: number): ApiTicket {
  const vehicle = db.tables.vehicles.get(t.vehicleId);
  const dealer = t.dealerId ? db.tables.dealers.get(t.dealerId) : undefined;
  const assignee = t.assigneeId ? db.tables.users.get(t.assigneeId) : undefined;
  return toApi<ApiTicket>({
    id: t.id,
    ref: t.ref,
    title: t.title,
    status: t.status,
    priority: t.priority,
    source: t.source,
    vehicleId: t.vehicleId,
    vehicleLabel: vehicle?.registrationNumber || vehicle?.vin || t.vehicleId,
    deviceId: t.deviceId,
    faultId: t.faultId,
    notificationId: t.notificationId,
    dealerId: t.dealerId,
    dealerName: dealer?.name ?? null,
    assigneeId: t.assigneeId,
    assigneeName: assignee?.name ?? null,
    createdByName: t.createdByName,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    closedAt: t.closedAt,
    firstResponseAt: t.firstResponseAt,
    messageCount: visibleMessages(ctx, t).length,
    sla: ticketSla(t, now),
  });
}

export function asDetail(ctx: AuthContext, db: WorldDb, t: TicketRecord, now: number): ApiTicketDetail {
  return {
    ...asApi(ctx, db, t, now),
    description: t.description,
    messages: visibleMessages(ctx, t).map((m) => toApi<components['schemas']['TicketMessage']>(m)),
    events: t.events.map((e) => toApi<components['schemas']['TicketEvent']>(e)),
    allowedStatuses: [...TICKET_MOVES[t.status]],
  };
}

/** The list's fields; `now` for the SLA's due time. */
function ticketList(db: WorldDb, now: number): ListSpec<TicketRecord> {
  const dueIn = (t: TicketRecord) => {
    const sla = ticketSla(t, now);
    return sla.resolution.state === 'met' || sla.resolution.state === 'stopped' ? null : sla.resolution.remainingMs;
  };
  const vehicle = (t: TicketRecord) => db.tables.vehicles.get(t.vehicleId);
  return {
    sortable: {
      createdAt: (t) => t.createdAt,
      updatedAt: (t) => t.updatedAt,
      priority: (t) => PRIORITY_RANK[t.priority],
      status: (t) => t.status,
      ref: (t) => t.ref,
      dueAt: dueIn,
    },
    filterable: {
      status: (t) => t.status,
      priority: (t) => t.priority,
      assigneeId: (t) => t.assigneeId ?? 'none',
      dealerId: (t) => t.dealerId ?? 'none',
      source: (t) => t.source,
      vehicleId: (t) => t.vehicleId,
      faultId: (t) => t.faultId,
      overdue: (t) => {
        const sla = ticketSla(t, now);
        return sla.resolution.state === 'breached' && t.status !== TICKET_STATUS.CLOSED;
      },
    },
    searchable: [(t) => t.ref, (t) => t.title, (t) => vehicle(t)?.vin, (t) => vehicle(t)?.registrationNumber],
    time: (t) => t.createdAt,
    defaultSort: [{ field: 'updatedAt', direction: 'desc' }],
  };
}

/**
 * Records the audit entry of a ticket write, with the diff of its fields but not of its conversation and history
 * (they only grow; the summary says what was added, and attachments would bloat the log).
 */
export async function auditTicket(
  db: WorldDb,
  ctx: AuthContext,
  entity: 'Ticket' | 'Ticket Assignment' | 'Ticket Conversation',
  ticketId: string,
  action: Parameters<typeof recordAudit>[4],
  summary: string,
): Promise<void> {
  const write = db.journal.get(ticketId);
  if (write) {
    const trim = (row: object | null) => {
      if (!row) return null;
      const { messages: _m, events: _e, ...rest } = row as TicketRecord;
      return rest;
    };
    db.journal.set(ticketId, { ...write, before: trim(write.before), after: trim(write.after) });
  }
  await recordAudit(db, ctx, entity, ticketId, action, summary);
}

const actorOf = (ctx: AuthContext) => ({ id: ctx.user.id, name: ctx.user.name });

export function readText(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
  label: string,
  max: number,
) {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') {
    errors.add(field, `Enter ${label}.`);
    return undefined;
  }
  if (value.trim().length > max) {
    errors.add(field, `Use at most ${max} characters.`);
    return undefined;
  }
  return value.trim();
}

function readPriority(errors: FieldErrors, value: unknown): TicketPriority | undefined {
  if (TICKET_PRIORITIES.includes(value as TicketPriority)) return value as TicketPriority;
  errors.add('priority', 'Choose Low, Medium, High or Critical.');
  return undefined;
}

/** Staff of a service centre who may take its tickets. */
function dealerStaff(db: WorldDb, dealerId: string): UserRecord[] {
  return db.tables.users
    .all()
    .filter((u) => u.status === 1 && u.dealerId === dealerId && STAFF_OF_DEALER.includes(u.role));
}

/** The service centres the caller may assign to: their own for service centre staff, else every one. */
function assignableDealers(ctx: AuthContext, db: WorldDb) {
  const all = db.tables.dealers.all();
  if (ctx.roleType === 'dealer') return all.filter((d) => d.id === ctx.user.dealerId);
  if (ctx.roleType === 'oem') return all.filter((d) => d.oemId === ctx.user.oemId);
  return all;
}

function readAssignment(ctx: AuthContext, db: WorldDb, errors: FieldErrors, body: Record<string, unknown>) {
  const dealerId = body.dealerId === undefined ? undefined : (body.dealerId as string | null);
  const assigneeId =
    body.assigneeId === undefined || body.assigneeId === '' ? null : (body.assigneeId as string | null);
  if (dealerId !== undefined && dealerId !== null) {
    if (typeof dealerId !== 'string' || !assignableDealers(ctx, db).some((d) => d.id === dealerId)) {
      errors.add('dealerId', 'Choose a service centre you may assign to.');
      return undefined;
    }
  }
  if (assigneeId !== null) {
    if (!dealerId) errors.add('assigneeId', 'Choose the service centre first.');
    else if (typeof assigneeId !== 'string' || !dealerStaff(db, dealerId).some((u) => u.id === assigneeId))
      errors.add('assigneeId', 'Choose someone of that service centre.');
  }
  return { dealerId, assigneeId };
}

/** Support tickets: list, open, details, edit, status moves and assignment (permission `t`); messages: `ticket-messages.ts`. */
export function createTicketHandlers(http: ApiHttp) {
  return [
    http.get('/tickets', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 't');
      const now = Date.now();
      if (escalateBreachedTickets(db, now) > 0) await db.persist();
      const url = new URL(request.url);
      const spec = ticketList(db, now);
      const query = parseListQuery(url, spec);
      const wantsDeleted = (query.filters.get('status') ?? []).includes(String(TICKET_STATUS.DELETED));
      const inScope = ticketScopeFor(ctx, db);
      const rows = db.tables.tickets
        .all()
        .filter((t) => inScope(t) && (wantsDeleted || t.status !== TICKET_STATUS.DELETED));
      const page = applyListQuery(rows, query, spec);
      return response(200).json({ ...page, items: page.items.map((t) => asApi(ctx, db, t, now)) });
    }),

    http.get('/tickets/assignees', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 't', ACTION.ASSIGN);
      const dealers = assignableDealers(ctx, db);
      const ids = new Set(dealers.map((d) => d.id));
      const staff = db.tables.users
        .all()
        .filter((u) => u.status === 1 && u.dealerId && ids.has(u.dealerId) && STAFF_OF_DEALER.includes(u.role))
        .map((u) => ({ id: u.id, name: u.name, role: u.role, dealerId: u.dealerId as string }));
      return response(200).json({ dealers: dealers.map((d) => ({ id: d.id, name: d.name })), staff });
    }),

    http.post('/tickets', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 't', ACTION.ADD);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const title = readText(errors, body, 'title', 'a title', 120);
      const description = readText(errors, body, 'description', 'what is wrong', MESSAGE_MAX_CHARS);
      const priority = readPriority(errors, body.priority ?? 'medium');
      const source = (body.source ?? 'manual') as TicketSource;
      if (!TICKET_SOURCES.includes(source)) errors.add('source', 'Unknown source.');
      const vehicle = typeof body.vehicleId === 'string' ? db.tables.vehicles.get(body.vehicleId) : undefined;
      if (!vehicle || !vehicleFilterFor(ctx)(vehicle)) errors.add('vehicleId', 'Choose one of your vehicles.');
      const faultId = typeof body.faultId === 'string' && body.faultId ? body.faultId : null;
      const fault = faultId ? db.tables.faults.get(faultId) : undefined;
      if (faultId && (!fault || fault.vehicleId !== vehicle?.id))
        errors.add('faultId', 'That fault is not of this vehicle.');
      const notificationId =
        typeof body.notificationId === 'string' && body.notificationId ? body.notificationId : null;
      const notification = notificationId ? db.tables.notifications.get(notificationId) : undefined;
      if (notificationId && (!notification || notification.vehicleId !== vehicle?.id))
        errors.add('notificationId', 'That notification is not of this vehicle.');
      const assigns = body.dealerId !== undefined || (body.assigneeId !== undefined && body.assigneeId !== null);
      if (assigns && !allows(ctx, 't', ACTION.ASSIGN)) throw forbidden();
      const assignment = assigns ? readAssignment(ctx, db, errors, body) : undefined;
      errors.throwIfAny();
      const ticket = openTicket(db, {
        title: title as string,
        description: description as string,
        priority: priority as TicketPriority,
        source,
        vehicleId: (vehicle as NonNullable<typeof vehicle>).id,
        deviceId: fault?.deviceId ?? (typeof body.deviceId === 'string' ? body.deviceId : null),
        faultId,
        notificationId,
        ...(assignment?.dealerId !== undefined ? { dealerId: assignment.dealerId } : {}),
        assigneeId: assignment?.assigneeId ?? null,
        actor: actorOf(ctx),
      });
      await auditTicket(db, ctx, 'Ticket', ticket.id, 'Add', `Opened ${ticket.ref} ${ticket.title}`);
      await db.persist();
      return response(201).json(asDetail(ctx, db, ticket, Date.now()));
    }),

    http.get('/tickets/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 't');
      const now = Date.now();
      if (escalateBreachedTickets(db, now) > 0) await db.persist();
      return response(200).json(asDetail(ctx, db, ticketOr404(ctx, db, params.id), now));
    }),

    http.patch('/tickets/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 't', ACTION.UPDATE);
      if (isRequester(ctx)) throw forbidden();
      const ticket = ticketOr404(ctx, db, params.id);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const changes: Partial<TicketRecord> = {};
      if (body.title !== undefined) changes.title = readText(errors, body, 'title', 'a title', 120);
      if (body.description !== undefined)
        changes.description = readText(errors, body, 'description', 'what is wrong', MESSAGE_MAX_CHARS);
      if (body.priority !== undefined) changes.priority = readPriority(errors, body.priority);
      errors.throwIfAny();
      const now = Date.now();
      const events = [...ticket.events];
      if (changes.priority && changes.priority !== ticket.priority)
        events.push(
          ticketEvent(
            'priority',
            actorOf(ctx),
            `Priority ${TICKET_PRIORITY_LABELS[ticket.priority]} -> ${TICKET_PRIORITY_LABELS[changes.priority]}`,
            now,
          ),
        );
      if (changes.title !== undefined || changes.description !== undefined)
        events.push(ticketEvent('edited', actorOf(ctx), 'Edited the title or description', now));
      const updated = db.tables.tickets.update(ticket.id, { ...changes, events, updatedAt: now }) as TicketRecord;
      await auditTicket(db, ctx, 'Ticket', ticket.id, 'Update', `Updated ${ticket.ref}`);
      await db.persist();
      return response(200).json(asDetail(ctx, db, updated, now));
    }),

    http.post('/tickets/{id}/status', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 't', ACTION.CHANGE_STATUS);
      const ticket = ticketOr404(ctx, db, params.id);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      if (!isTicketStatus(body.status))
        errors.add('status', 'Choose New, In-Progress, Hold, Reopen, Deleted or Closed.');
      const note = typeof body.note === 'string' ? body.note.trim() : '';
      if (note.length > 500) errors.add('note', 'Use at most 500 characters.');
      errors.throwIfAny();
      const to = body.status as TicketStatus;
      if (to === TICKET_STATUS.DELETED) requirePermission(ctx, 't', ACTION.DELETE);
      const refused = refusedMove(ticket.status, to);
      if (refused) throw conflict(refused, { status: refused });
      const now = Date.now();
      const summary = `${TICKET_STATUS_LABELS[ticket.status]} -> ${TICKET_STATUS_LABELS[to]}${note ? `: ${note}` : ''}`;
      const events = [...ticket.events, ticketEvent('status', actorOf(ctx), summary, now)];
      // Closing the ticket of a fault is the repair: the fault is cleared, which also clears a rule that watched it.
      const fault = to === TICKET_STATUS.CLOSED && ticket.faultId ? db.tables.faults.get(ticket.faultId) : undefined;
      if (fault && fault.clearedAt === null) {
        db.tables.faults.update(fault.id, { clearedAt: now });
        events.push(ticketEvent('status', actorOf(ctx), `Fault ${fault.code} (${fault.name}) cleared`, now));
      }
      const updated = db.tables.tickets.update(ticket.id, {
        status: to,
        ...moveClock(ticket, to, now),
        closedAt: to === TICKET_STATUS.CLOSED ? now : to === TICKET_STATUS.REOPEN ? null : ticket.closedAt,
        // A reopened ticket may be escalated again when it misses its target a second time.
        escalated: to === TICKET_STATUS.REOPEN ? [] : ticket.escalated,
        events,
        updatedAt: now,
      }) as TicketRecord;
      await auditTicket(db, ctx, 'Ticket', ticket.id, 'Change Status', `${ticket.ref}: ${summary}`);
      await db.persist();
      return response(200).json(asDetail(ctx, db, updated, now));
    }),

    http.post('/tickets/{id}/assign', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 't', ACTION.ASSIGN);
      const ticket = ticketOr404(ctx, db, params.id);
      if (ticket.status === TICKET_STATUS.DELETED || ticket.status === TICKET_STATUS.CLOSED)
        throw conflict(`A ${TICKET_STATUS_LABELS[ticket.status]} ticket cannot be reassigned; reopen it first.`);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      if (body.dealerId === undefined) errors.add('dealerId', 'Choose a service centre or none.');
      const assignment = readAssignment(ctx, db, errors, body);
      errors.throwIfAny();
      const { dealerId, assigneeId } = assignment as { dealerId: string | null; assigneeId: string | null };
      const now = Date.now();
      const dealer = dealerId ? db.tables.dealers.get(dealerId) : undefined;
      const person = assigneeId ? db.tables.users.get(assigneeId) : undefined;
      const summary = dealer
        ? `Assigned to ${dealer.name}${person ? ` / ${person.name}` : ''}`
        : 'Unassigned from any service centre';
      const updated = db.tables.tickets.update(ticket.id, {
        dealerId,
        assigneeId,
        events: [...ticket.events, ticketEvent('assigned', actorOf(ctx), summary, now)],
        updatedAt: now,
      }) as TicketRecord;
      await auditTicket(db, ctx, 'Ticket Assignment', ticket.id, 'Assign', `${ticket.ref}: ${summary}`);
      await db.persist();
      return response(200).json(asDetail(ctx, db, updated, now));
    }),
  ];
}
