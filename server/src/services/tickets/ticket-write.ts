import { appendAudit, type AuditAction, diffFields } from '../audit/audit-chain';
import type { Caller } from '../lib/caller';
import { isRequester } from './ticket-scope';
import type { TicketTx } from './ticket-store';
import type { StoredTicket, TicketDetail, TicketMessage, TicketView } from './ticket-types';
import { auditedFields, toTicketDetail } from './ticket-view';
import type { Actor } from './open-ticket';

export const actorOf = (caller: Caller): Actor => ({ id: caller.user.id, name: caller.user.name });

/** The ticket just written, as its writer sees it (they may no longer be in its scope, e.g. after reassigning it). */
export async function readBack(tx: TicketTx, caller: Caller, id: string, now: Date): Promise<TicketDetail> {
  const ticket = await tx.tickets.get(id, { kind: 'all' }, { notes: !isRequester(caller), now });
  return toTicketDetail(ticket as TicketView & { messages: TicketMessage[] }, now);
}

/** The audit entry of a ticket write: its own fields' diff, not its history or conversation (they only grow). */
export async function auditTicket(
  tx: TicketTx,
  caller: Caller,
  fact: { entity: string; action: AuditAction; summary: string; before: StoredTicket | null; after: StoredTicket },
  now: Date,
): Promise<void> {
  await appendAudit(
    tx.audit,
    caller,
    {
      entity: fact.entity,
      entityId: fact.after.id,
      action: fact.action,
      summary: fact.summary,
      changes: diffFields(fact.before && auditedFields(fact.before), auditedFields(fact.after)),
    },
    now,
  );
}

/** The stored fields of a view (what a write changes and the audit log diffs). */
export function storedOf(view: TicketView): StoredTicket {
  const {
    vehicleLabel: _v,
    dealerName: _d,
    assigneeName: _a,
    messageCount: _m,
    ...stored
  } = view as TicketView & {
    messages?: unknown;
  };
  const { messages: _messages, ...rest } = stored as StoredTicket & { messages?: unknown };
  return rest;
}
