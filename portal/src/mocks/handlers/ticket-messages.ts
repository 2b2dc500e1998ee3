import { TICKET_STATUS } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import { ATTACHMENT_LIMITS, attachmentProblem, MESSAGE_MAX_CHARS, moveClock } from '@/domain/tickets';
import type { TicketAttachment, TicketMessage, TicketRecord } from '../world/tickets';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors, readJsonObject } from './lib/body';
import { conflict, forbidden } from './lib/http-error';

import { asDetail, auditTicket, isRequester, readText, ticketOr404 } from './tickets';

/** An attachment: a base64 data URL of its own type. */
const DATA_URL = /^data:([\w/+.-]+)(;[\w=-]+)*;base64,([A-Za-z0-9+/=]*)$/;

function readAttachments(errors: FieldErrors, value: unknown): TicketAttachment[] {
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
    const a = item as { name?: unknown; type?: unknown; dataUrl?: unknown };
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
    out.push({ id: `tatt-${crypto.randomUUID()}`, name, type: a.type, size, dataUrl: a.dataUrl as string });
  }
  return out;
}

/** A ticket's conversation (permission `t`, Update): a reply, or an internal note staff only see, with attachments. */
export function createTicketMessageHandlers(http: ApiHttp) {
  return [
    http.post('/tickets/{id}/messages', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 't', ACTION.UPDATE);
      const ticket = ticketOr404(ctx, db, params.id);
      const body = await readJsonObject(request);
      const kind = body.kind;
      if (kind === 'note' && isRequester(ctx)) throw forbidden();
      if (ticket.status === TICKET_STATUS.DELETED) throw conflict('A deleted ticket takes no more messages.');
      const errors = new FieldErrors();
      if (kind !== 'reply' && kind !== 'note') errors.add('kind', 'Choose a reply or an internal note.');
      const text = readText(errors, body, 'body', 'a message', MESSAGE_MAX_CHARS);
      const attachments = readAttachments(errors, body.attachments);
      errors.throwIfAny();
      const now = Date.now();
      const message: TicketMessage = {
        id: `tmsg-${crypto.randomUUID()}`,
        kind: kind as TicketMessage['kind'],
        body: text as string,
        authorId: ctx.user.id,
        authorName: ctx.user.name,
        authorRole: ctx.user.role,
        attachments,
        createdAt: now,
      };
      // The first reply of staff to the driver or owner stops the first-response clock.
      const firstResponse =
        kind === 'reply' && !isRequester(ctx) && ticket.firstResponseActiveMs === null
          ? { firstResponseAt: now, firstResponseActiveMs: moveClock(ticket, ticket.status, now).activeMs }
          : {};
      const updated = db.tables.tickets.update(ticket.id, {
        messages: [...ticket.messages, message],
        ...firstResponse,
        updatedAt: now,
      }) as TicketRecord;
      await auditTicket(
        db,
        ctx,
        'Ticket Conversation',
        ticket.id,
        'Add',
        `${ticket.ref}: ${kind === 'note' ? 'internal note' : 'reply'}${attachments.length ? ` with ${attachments.length} attachment(s)` : ''}`,
      );
      await db.persist();
      return response(201).json(asDetail(ctx, db, updated, now));
    }),
  ];
}
