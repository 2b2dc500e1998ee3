import { TICKET_STATUS } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import { moveClock } from '@/domain/tickets';
import { pushUnread, relayTicketReply } from '../feedback/conversations';
import { conflict, FieldErrors, forbidden } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { ticketOr404 } from './get-ticket';
import { isRequester } from './ticket-scope';
import type { TicketDeps } from './ticket-store';
import { MESSAGE_MAX_CHARS, readAttachments, readText } from './ticket-fields';
import {
  type StoredTicket,
  TICKET_CONVERSATION_AUDIT_ENTITY,
  type TicketDetail,
  type TicketMessage,
} from './ticket-types';
import { clockOf } from './ticket-view';
import { auditTicket, readBack, storedOf } from './ticket-write';

/**
 * POST /tickets/{id}/messages: a reply (the driver or owner sees it) or an internal note (staff only: drivers and EV
 * owners get 403), with attachments within ATTACHMENT_LIMITS (needs `t` with Update). A deleted ticket takes none
 * (409). The first staff reply stops the first-response clock. Audited as Ticket Conversation / Add.
 */
export async function postTicketMessage(
  deps: TicketDeps,
  caller: Caller,
  input: { id: string; message: Record<string, unknown> },
): Promise<TicketDetail> {
  requirePermission(caller, 't', ACTION.UPDATE);
  const now = deps.now();
  const before = storedOf(await ticketOr404(deps.tickets, caller, input.id, now));
  const { kind, body, attachments: sent } = input.message;
  if (kind === 'note' && isRequester(caller)) throw forbidden();
  if (before.status === TICKET_STATUS.DELETED) throw conflict('A deleted ticket takes no more messages.');
  const errors = new FieldErrors();
  if (kind !== 'reply' && kind !== 'note') errors.add('kind', 'Choose a reply or an internal note.');
  const text = readText(errors, body, 'body', 'a message', MESSAGE_MAX_CHARS);
  const attachments = readAttachments(errors, sent, () => `tatt-${crypto.randomUUID()}`);
  errors.throwIfAny();
  const message: TicketMessage = {
    id: `tmsg-${crypto.randomUUID()}`,
    kind: kind as TicketMessage['kind'],
    body: text as string,
    authorId: caller.user.id,
    authorName: caller.user.name,
    authorRole: caller.user.role,
    attachments,
    createdAt: now.toISOString(),
  };
  // The first reply of staff to the driver or owner stops the first-response clock.
  const firstResponse: Partial<StoredTicket> =
    kind === 'reply' && !isRequester(caller) && before.firstResponseActiveMs === null
      ? {
          firstResponseAt: message.createdAt,
          firstResponseActiveMs: moveClock(clockOf(before), before.status, now.getTime()).activeMs,
        }
      : {};
  const set = { ...firstResponse, updatedAt: message.createdAt };
  let relayed: Awaited<ReturnType<typeof relayTicketReply>>;
  const detail = await deps.transact(async (tx) => {
    await tx.tickets.addMessage(before.id, message);
    // A reply (never a note) on a ticket made from a widget report reaches the visitor's conversation (decision 0128).
    relayed =
      kind === 'reply' && tx.conversations
        ? await relayTicketReply(tx as Required<typeof tx>, before.id, message)
        : undefined;
    await tx.tickets.update(before.id, set);
    await auditTicket(
      tx,
      caller,
      {
        entity: TICKET_CONVERSATION_AUDIT_ENTITY,
        action: 'Add',
        summary: `${before.ref}: ${kind === 'note' ? 'internal note' : 'reply'}${attachments.length ? ` with ${attachments.length} attachment(s)` : ''}`,
        before,
        after: { ...before, ...set },
      },
      now,
    );
    return readBack(tx, caller, before.id, now);
  });
  // Once committed, the visitor's open messenger hears of it (the new unread count and a notification).
  if (relayed && deps.conversations && deps.visitorPush) {
    await pushUnread({ conversations: deps.conversations, push: deps.visitorPush }, relayed.sessionId, [
      relayed.action,
    ]);
  }
  return detail;
}
