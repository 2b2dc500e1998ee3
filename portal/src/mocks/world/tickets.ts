import type { TicketStatus } from '@/domain/enums';
import { clockRuns, SLA_TARGETS, type TicketPriority, type TicketSource } from '@/domain/tickets';
import { refAfter } from '@services/tickets/open-ticket';
import type { StoredTicket } from '@services/tickets/ticket-types';
import type { WorldDb } from './db';
import { createRng, pad } from './prng';
import type { Fault } from './types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface TicketAttachment {
  id: string;
  name: string;
  type: string;
  size: number;
  /** The file as a data URL (the demo keeps attachments in its own db; they are small by the limits). */
  dataUrl: string;
}

export interface TicketMessage {
  id: string;
  /** `reply`: seen by the driver or owner; `note`: internal, staff only. */
  kind: 'reply' | 'note';
  body: string;
  authorId: string | null;
  authorName: string;
  authorRole: string | null;
  attachments: TicketAttachment[];
  createdAt: number;
}

export type TicketEventType = 'created' | 'status' | 'assigned' | 'priority' | 'escalated' | 'edited';

export interface TicketEvent {
  id: string;
  type: TicketEventType;
  actorId: string | null;
  actorName: string;
  summary: string;
  occurredAt: number;
}

/** A stored ticket: the fields of the API's Ticket plus its SLA clock, conversation and history. */
export interface TicketRecord {
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
  createdBy: string | null;
  createdByName: string;
  createdAt: number;
  updatedAt: number;
  closedAt: number | null;
  firstResponseAt: number | null;
  activeMs: number;
  activeSince: number | null;
  firstResponseActiveMs: number | null;
  /** Which SLA targets have been escalated already (each once). */
  escalated: ('firstResponse' | 'resolution')[];
  messages: TicketMessage[];
  events: TicketEvent[];
}

/** The next reference of the world's tickets: the services' `refAfter` the highest one. */
export function nextWorldRef(db: WorldDb): string {
  let highest: string | null = null;
  for (const t of db.tables.tickets.values()) {
    if (highest === null || (Number(t.ref.slice(4)) || 0) > Number(highest.slice(4))) highest = t.ref;
  }
  return refAfter(highest);
}

const msOrNull = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** A ticket as the services store it (ISO times), as the world keeps it (epoch ms), with no conversation yet. */
export function ticketRecordOf(t: StoredTicket): TicketRecord {
  return {
    ...t,
    createdAt: Date.parse(t.createdAt),
    updatedAt: Date.parse(t.updatedAt),
    closedAt: msOrNull(t.closedAt),
    firstResponseAt: msOrNull(t.firstResponseAt),
    activeSince: msOrNull(t.activeSince),
    events: t.events.map((e) => ({ ...e, occurredAt: Date.parse(e.occurredAt) })),
    messages: [],
  };
}

const TITLES = [
  'Range dropped after the last charge',
  'Vehicle will not start in the morning',
  'Charger stops at 80 percent',
  'Warning light on the dashboard',
  'Brakes squeal at low speed',
  'Motor cuts out under load',
  'App shows the wrong state of charge',
  'Battery gets hot while charging',
];

/** The shape of each seeded ticket: status, priority and hours since it was opened (see the README of the world). */
const SHAPES: { status: TicketStatus; priority: TicketPriority; ageH: number; hold?: number; answered?: boolean }[] = [
  { status: 1, priority: 'high', ageH: 0.25 },
  { status: 2, priority: 'critical', ageH: 9, answered: true },
  { status: 3, priority: 'medium', ageH: 30, hold: 20, answered: true },
  { status: 6, priority: 'low', ageH: 80, answered: true },
  { status: 1, priority: 'medium', ageH: 6 },
  { status: 2, priority: 'low', ageH: 2, answered: true },
  { status: 4, priority: 'high', ageH: 14, answered: true },
  { status: 6, priority: 'medium', ageH: 50, answered: true },
];

/**
 * The seeded tickets, deterministic from the seed: a few per demo user's vehicles (so every role sees some) and one
 * on every few other vehicles. The shapes give some that are overdue, some on hold and some closed.
 */
export function seedTickets(
  seed: number,
  size: number,
  now: number,
  vehicleOf: (i: number) => { id: string; dealerId: string | null },
  faultsOf: () => Fault[],
  staff: { id: string; name: string; dealerId?: string | null | undefined; role: string }[],
): TicketRecord[] {
  const r = createRng(seed, 'tickets');
  const count = Math.min(size * 3, Math.max(24, Math.floor(size / 20)), 2000);
  const faultByVehicle = new Map<string, Fault>();
  for (const f of faultsOf()) if (!faultByVehicle.has(f.vehicleId)) faultByVehicle.set(f.vehicleId, f);
  const rows: TicketRecord[] = [];
  for (let k = 0; k < count; k += 1) {
    // The first eight on the demo users' two vehicles; the rest spread over the world.
    const vi = k < 8 ? k % Math.min(2, size) : (2 + r.int(k, 0, 0, Math.max(0, size - 3))) % size;
    const vehicle = vehicleOf(vi);
    const shape = SHAPES[k % SHAPES.length] as (typeof SHAPES)[number];
    const created = now - shape.ageH * HOUR - r.int(k, 1, 0, 30) * MINUTE;
    const fault = faultByVehicle.get(vehicle.id);
    const fromFault = fault !== undefined && k % 3 !== 2;
    const dealerStaff = staff.filter((u) => u.dealerId != null && u.dealerId === vehicle.dealerId);
    const assignee =
      shape.status === 1 || dealerStaff.length === 0 ? null : (dealerStaff[k % dealerStaff.length] ?? null);
    const opener = { id: null, name: fromFault ? 'Rule: High severity faults' : 'Driver app' };
    const events: TicketEvent[] = [
      {
        id: `tev-${pad(k, 5)}-0`,
        type: 'created',
        actorId: null,
        actorName: opener.name,
        summary: 'Opened',
        occurredAt: created,
      },
    ];
    const messages: TicketMessage[] = [];
    const firstReply = created + r.int(k, 2, 5, 50) * MINUTE;
    if (shape.answered && assignee) {
      messages.push({
        id: `tmsg-${pad(k, 5)}-1`,
        kind: 'reply',
        body: 'Thanks for reporting this. We are looking at the telemetry and will get back to you shortly.',
        authorId: assignee.id,
        authorName: assignee.name,
        authorRole: assignee.role,
        attachments: [],
        createdAt: firstReply,
      });
      messages.push({
        id: `tmsg-${pad(k, 5)}-2`,
        kind: 'note',
        body: 'Internal: cell imbalance visible in the last three cycles; parts may be needed.',
        authorId: assignee.id,
        authorName: assignee.name,
        authorRole: assignee.role,
        attachments: [],
        createdAt: firstReply + 5 * MINUTE,
      });
    }
    const ageMs = now - created;
    const holdMs = shape.hold ? shape.hold * HOUR : 0;
    const closedAt =
      shape.status === 6 ? created + Math.min(ageMs, SLA_TARGETS[shape.priority].resolution * MINUTE * 0.6) : null;
    const runningMs = closedAt !== null ? closedAt - created : ageMs - holdMs;
    if (shape.status !== 1) {
      events.push({
        id: `tev-${pad(k, 5)}-1`,
        type: 'status',
        actorId: assignee?.id ?? null,
        actorName: assignee?.name ?? 'Service centre',
        summary: shape.status === 6 ? 'New -> Closed' : shape.status === 3 ? 'New -> Hold' : 'New -> In-Progress',
        occurredAt: closedAt ?? (shape.status === 3 ? now - holdMs : firstReply),
      });
    }
    rows.push({
      id: `tkt-${pad(k + 1, 6)}`,
      ref: `TCK-${1001 + k}`,
      title: fromFault && fault ? `${fault.name} (${fault.code})` : (TITLES[k % TITLES.length] as string),
      description:
        fromFault && fault
          ? `${fault.deviceKind} reported ${fault.code} (${fault.name}). Please inspect the vehicle.`
          : 'Reported by the driver: please look at the vehicle at the next service visit.',
      status: shape.status,
      priority: shape.priority,
      source: fromFault ? 'fault' : 'manual',
      vehicleId: vehicle.id,
      deviceId: fromFault && fault ? fault.deviceId : null,
      faultId: fromFault && fault ? fault.id : null,
      notificationId: null,
      dealerId: vehicle.dealerId,
      assigneeId: assignee?.id ?? null,
      createdBy: null,
      createdByName: opener.name,
      createdAt: created,
      updatedAt: closedAt ?? messages.at(-1)?.createdAt ?? created,
      closedAt,
      firstResponseAt: messages[0]?.createdAt ?? null,
      activeMs: clockRuns(shape.status) ? 0 : Math.max(0, runningMs),
      activeSince: clockRuns(shape.status) ? now - Math.max(0, runningMs) : null,
      firstResponseActiveMs: messages[0] ? messages[0].createdAt - created : null,
      escalated: [],
      messages,
      events,
    });
  }
  return rows;
}
