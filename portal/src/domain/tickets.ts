import { TICKET_STATUS, TICKET_STATUS_LABELS, type TicketStatus } from './enums';

/**
 * Support tickets: the allowed status moves (decision 0065), the SLA per priority and its clock (decision 0066) and
 * the attachment limits. Pure, so the demo server and the UI apply the same rules.
 */

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

export const TICKET_SOURCES = ['manual', 'fault', 'vehicle', 'notification', 'rule', 'widget'] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];
export const TICKET_SOURCE_LABELS: Record<TicketSource, string> = {
  manual: 'By hand',
  fault: 'Fault',
  vehicle: 'Vehicle',
  notification: 'Notification',
  rule: 'Rule',
  widget: 'Widget',
};

const { NEW, IN_PROGRESS, HOLD, REOPEN, DELETED, CLOSED } = TICKET_STATUS;

/** Where a ticket may go from each status (decision 0065). Deleted is final. */
export const TICKET_MOVES: Record<TicketStatus, readonly TicketStatus[]> = {
  [NEW]: [IN_PROGRESS, HOLD, CLOSED, DELETED],
  [IN_PROGRESS]: [HOLD, CLOSED],
  [HOLD]: [IN_PROGRESS, CLOSED],
  [REOPEN]: [IN_PROGRESS, HOLD, CLOSED],
  [CLOSED]: [REOPEN],
  [DELETED]: [],
};

/** The verb a move is offered under ("Start work" for In-Progress). */
export const TICKET_MOVE_LABELS: Record<TicketStatus, string> = {
  [NEW]: 'New',
  [IN_PROGRESS]: 'Start work',
  [HOLD]: 'Put on hold',
  [REOPEN]: 'Reopen',
  [DELETED]: 'Delete',
  [CLOSED]: 'Close',
};

export function isTicketStatus(value: unknown): value is TicketStatus {
  return typeof value === 'number' && Object.hasOwn(TICKET_STATUS_LABELS, value);
}

export function canMoveTicket(from: TicketStatus, to: TicketStatus): boolean {
  return TICKET_MOVES[from].includes(to);
}

/** Why a move is refused, in words a user can act on; null when it is allowed. */
export function refusedMove(from: TicketStatus, to: TicketStatus): string | null {
  if (canMoveTicket(from, to)) return null;
  const here = TICKET_STATUS_LABELS[from];
  if (from === to) return `The ticket is already ${here}.`;
  const allowed = TICKET_MOVES[from].map((s) => TICKET_STATUS_LABELS[s]);
  if (allowed.length === 0) return `A ${here} ticket cannot change status.`;
  return `A ${here} ticket can only move to ${allowed.join(', ')}, not to ${TICKET_STATUS_LABELS[to]}.`;
}

/** Statuses whose SLA clock runs; Hold pauses it, Closed and Deleted stop it. */
export function clockRuns(status: TicketStatus): boolean {
  return status === NEW || status === IN_PROGRESS || status === REOPEN;
}

const MINUTE = 60_000;

/** SLA targets per priority in minutes of running clock (decision 0066). */
export const SLA_TARGETS: Record<TicketPriority, { firstResponse: number; resolution: number }> = {
  critical: { firstResponse: 30, resolution: 4 * 60 },
  high: { firstResponse: 60, resolution: 8 * 60 },
  medium: { firstResponse: 4 * 60, resolution: 24 * 60 },
  low: { firstResponse: 8 * 60, resolution: 72 * 60 },
};

/** The stored clock of a ticket: running time banked before, and when the current running stretch began. */
export interface TicketClock {
  status: TicketStatus;
  priority: TicketPriority;
  /** Running-clock ms banked before `activeSince`. */
  activeMs: number;
  /** When the clock last started (null while paused or stopped). */
  activeSince: number | null;
  /** Running-clock ms at the first reply to the driver or owner (null: not answered yet). */
  firstResponseActiveMs: number | null;
}

export type SlaState = 'running' | 'paused' | 'met' | 'breached' | 'stopped';

export interface SlaTarget {
  targetMinutes: number;
  /** Running-clock ms left (negative: overdue by that much). */
  remainingMs: number;
  state: SlaState;
}

export interface TicketSla {
  paused: boolean;
  firstResponse: SlaTarget;
  resolution: SlaTarget;
}

/** Running-clock ms of a ticket at `now`. */
export function elapsedActiveMs(clock: Pick<TicketClock, 'activeMs' | 'activeSince'>, now: number): number {
  return clock.activeMs + (clock.activeSince === null ? 0 : Math.max(0, now - clock.activeSince));
}

/** The clock after a status move at `now`: banks the running stretch when it stops, starts one when it runs. */
export function moveClock(
  clock: Pick<TicketClock, 'activeMs' | 'activeSince'>,
  to: TicketStatus,
  now: number,
): Pick<TicketClock, 'activeMs' | 'activeSince'> {
  const activeMs = elapsedActiveMs(clock, now);
  return { activeMs, activeSince: clockRuns(to) ? (clock.activeSince ?? now) : null };
}

/** Both SLA targets of a ticket at `now`. */
export function ticketSla(clock: TicketClock, now: number): TicketSla {
  const targets = SLA_TARGETS[clock.priority];
  const elapsed = elapsedActiveMs(clock, now);
  const paused = clock.status === HOLD;
  const done = clock.status === CLOSED || clock.status === DELETED;
  const open = (targetMinutes: number): SlaTarget => {
    const remainingMs = targetMinutes * MINUTE - elapsed;
    if (remainingMs < 0) return { targetMinutes, remainingMs, state: 'breached' };
    return { targetMinutes, remainingMs, state: paused ? 'paused' : done ? 'stopped' : 'running' };
  };
  const firstResponse =
    clock.firstResponseActiveMs === null
      ? open(targets.firstResponse)
      : {
          targetMinutes: targets.firstResponse,
          remainingMs: targets.firstResponse * MINUTE - clock.firstResponseActiveMs,
          state:
            clock.firstResponseActiveMs <= targets.firstResponse * MINUTE ? ('met' as const) : ('breached' as const),
        };
  const resolutionRaw = open(targets.resolution);
  const resolution: SlaTarget =
    clock.status === CLOSED && resolutionRaw.state !== 'breached' ? { ...resolutionRaw, state: 'met' } : resolutionRaw;
  return { paused, firstResponse, resolution };
}

/** "2 h 5 min", "45 min", "3 d 4 h": a duration of ms for SLA timers. */
export function formatSlaDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(Math.abs(ms) / MINUTE));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}

/** Attachments of one message: how many, how large, which types (kept small: the demo stores them in IndexedDB). */
export const ATTACHMENT_LIMITS = {
  maxFiles: 3,
  maxBytes: 512 * 1024,
  types: ['image/png', 'image/jpeg', 'application/pdf', 'text/plain', 'text/csv'] as readonly string[],
  /** What the file picker and error messages call the types. */
  typeLabel: 'PNG, JPEG, PDF, TXT or CSV',
} as const;

export const MESSAGE_MAX_CHARS = 4000;

/** Why a file cannot be attached, or null. */
export function attachmentProblem(file: { name: string; type: string; size: number }): string | null {
  if (!ATTACHMENT_LIMITS.types.includes(file.type))
    return `${file.name}: only ${ATTACHMENT_LIMITS.typeLabel} files can be attached.`;
  if (file.size > ATTACHMENT_LIMITS.maxBytes)
    return `${file.name} is ${Math.ceil(file.size / 1024)} KB; attachments may be at most ${ATTACHMENT_LIMITS.maxBytes / 1024} KB.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}
