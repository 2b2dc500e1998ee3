import { ACTION } from '@/domain/permissions';
import { conflict, notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { tenantOf } from '../settings/settings-scope';
import { createTicket } from '../tickets/create-ticket';
import { TITLE_MAX_CHARS } from '../tickets/ticket-fields';
import type { TicketDeps, TicketTx } from '../tickets/ticket-store';
import type { TicketDetail } from '../tickets/ticket-types';
import type { FeedbackReportReader, ReportTicketLinks, StoredReportDetail } from './inbox-store';

/** A ticket's transaction that can also link a report to it. */
export interface ReportTicketTx extends TicketTx {
  reportLinks: ReportTicketLinks;
}

export interface ReportTicketDeps {
  reports: FeedbackReportReader;
  tickets: Omit<TicketDeps, 'transact'> & {
    transact<T>(work: (tx: ReportTicketTx) => Promise<T>): Promise<T>;
  };
}

/** How much of the report's description the ticket's title takes. */
const TITLE_TEXT = TITLE_MAX_CHARS - 'Widget: '.length;

/** The ticket's description: what the report says, who sent it from where, and which report it is. */
function describe(r: StoredReportDetail, id: string): string {
  return [
    r.description?.trim() || `A ${r.type} report without a description.`,
    '',
    `Widget report ${id} (${r.type})`,
    ...(r.reportedBy ? [`Reported by ${r.reportedBy}`] : []),
    ...(r.pageUrl ? [`Page ${r.pageUrl}`] : []),
  ]
    .join('\n')
    .slice(0, 4000);
}

/**
 * POST /feedback-reports/{id}/ticket (issue 38 item 4, decision 0118): opens a Help & Support ticket (source
 * `widget`) from a report of the caller's organisation, on a vehicle of theirs (tickets belong to a vehicle), and links
 * the two. Needs `fb` and `t` with Add; the ticket is opened by `createTicket` (its checks, SLA clock and audit entry)
 * and linked in the same transaction, so a report gets one ticket at most: a second answers 409, also when two arrive
 * at once (the second's ticket is rolled back). Another organisation's report, or none, is 404.
 */
export async function createTicketFromReport(
  deps: ReportTicketDeps,
  caller: Caller,
  input: { id: string; body: Record<string, unknown> },
): Promise<TicketDetail> {
  requirePermission(caller, 'fb');
  requirePermission(caller, 't', ACTION.ADD);
  const tenantId = tenantOf(caller);
  const report = await deps.reports.get(tenantId, input.id);
  if (!report) throw notFound('Report');
  if (report.ticket) throw conflict(`This report has a ticket already: ${report.ticket.ref}.`);
  const { body } = input;
  const title =
    typeof body.title === 'string' && body.title.trim() !== ''
      ? body.title
      : `Widget: ${(report.description?.trim() || report.type).replace(/\s+/g, ' ').slice(0, TITLE_TEXT)}`;
  const ticketInput = {
    title,
    description: describe(report, report.id),
    priority: body.priority ?? 'medium',
    source: 'widget',
    vehicleId: body.vehicleId,
  };
  const linking: TicketDeps = {
    ...deps.tickets,
    transact: (work) =>
      deps.tickets.transact(async (tx) => {
        const ticket = await work(tx);
        const id = (ticket as unknown as TicketDetail).id;
        if (!(await tx.reportLinks.link(tenantId, report.id, id))) {
          throw conflict('This report has a ticket already.');
        }
        return ticket;
      }),
  };
  return createTicket(linking, caller, ticketInput);
}
