import { TICKET_STATUS } from '@/domain/enums';
import {
  ATTACHMENT_LIMITS,
  attachmentProblem,
  MESSAGE_MAX_CHARS,
  TICKET_PRIORITIES,
  type TicketPriority,
} from '@/domain/tickets';
import type { FieldErrors } from '../lib/app-error';
import type { TicketAssignees, TicketAttachment } from './ticket-types';

export const TITLE_MAX_CHARS = 120;
export const NOTE_MAX_CHARS = 500;
export { MESSAGE_MAX_CHARS };

/** A required text, trimmed, of at most `max` characters. */
export function readText(
  errors: FieldErrors,
  value: unknown,
  field: string,
  label: string,
  max: number,
): string | undefined {
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

export function readPriority(errors: FieldErrors, value: unknown): TicketPriority | undefined {
  if (TICKET_PRIORITIES.includes(value as TicketPriority)) return value as TicketPriority;
  errors.add('priority', 'Choose Low, Medium, High or Critical.');
  return undefined;
}

/** An optional id: a non-empty string, or null when absent, empty or null. */
export function optionalId(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * A service centre and person to assign a ticket to, checked against the caller's assignees: the service centre one
 * they may assign to (or none), the person one of its staff (or none).
 */
export function readAssignment(
  errors: FieldErrors,
  assignees: TicketAssignees,
  dealerValue: unknown,
  assigneeValue: unknown,
): { dealerId: string | null | undefined; assigneeId: string | null } {
  const dealerId = dealerValue === undefined ? undefined : dealerValue === null ? null : dealerValue;
  const assigneeId =
    assigneeValue === undefined || assigneeValue === '' || assigneeValue === null ? null : assigneeValue;
  if (dealerId !== undefined && dealerId !== null) {
    if (typeof dealerId !== 'string' || !assignees.dealers.some((d) => d.id === dealerId)) {
      errors.add('dealerId', 'Choose a service centre you may assign to.');
      return { dealerId: undefined, assigneeId: null };
    }
  }
  if (assigneeId !== null) {
    if (!dealerId) errors.add('assigneeId', 'Choose the service centre first.');
    else if (
      typeof assigneeId !== 'string' ||
      !assignees.staff.some((u) => u.id === assigneeId && u.dealerId === dealerId)
    )
      errors.add('assigneeId', 'Choose someone of that service centre.');
  }
  return { dealerId: dealerId as string | null | undefined, assigneeId: assigneeId as string | null };
}

/** A ticket status of spec §3 (New 1 … Closed 6). */
export function isStatus(value: unknown): value is (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS] {
  return typeof value === 'number' && Object.values(TICKET_STATUS).includes(value as never);
}

/** An attachment: a base64 data URL of its own type. */
const DATA_URL = /^data:([\w/+.-]+)(;[\w=-]+)*;base64,([A-Za-z0-9+/=]*)$/;

/** A message's attachments within ATTACHMENT_LIMITS; `newId` names each one. */
export function readAttachments(errors: FieldErrors, value: unknown, newId: () => string): TicketAttachment[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    errors.add('attachments', 'Send a list of attachments.');
    return [];
  }
  if (value.length > ATTACHMENT_LIMITS.maxFiles) {
    errors.add('attachments', `Attach at most ${ATTACHMENT_LIMITS.maxFiles} files to one message.`);
    return [];
  }
  const out: TicketAttachment[] = [];
  for (const item of value) {
    const a = (item ?? {}) as { name?: unknown; type?: unknown; dataUrl?: unknown };
    const name = typeof a.name === 'string' && a.name.trim() ? a.name.trim().slice(0, 120) : 'file';
    const match = typeof a.dataUrl === 'string' ? DATA_URL.exec(a.dataUrl) : null;
    if (!match || typeof a.type !== 'string' || match[1] !== a.type) {
      errors.add('attachments', `${name}: send the file as a base64 data URL of its type.`);
      return [];
    }
    const b64 = match[3] as string;
    const size = Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
    const problem = attachmentProblem({ name, type: a.type, size });
    if (problem) {
      errors.add('attachments', problem);
      return [];
    }
    out.push({ id: newId(), name, type: a.type, size, dataUrl: a.dataUrl as string });
  }
  return out;
}
