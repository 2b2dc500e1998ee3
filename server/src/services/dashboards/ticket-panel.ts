import { DASHBOARD_PANELS } from '@/domain/dashboard-panels';
import { TICKET_STATUS } from '@/domain/enums';
import { clockRuns, TICKET_PRIORITIES, ticketSla } from '@/domain/tickets';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { ticketScopeOf } from '../tickets/ticket-scope';
import { clockOf } from '../tickets/ticket-view';
import type { DashboardDataDeps } from './dashboard-data-store';
import { everyPage } from './every-page';

/** The statuses a ticket is open in for the panel: those whose SLA clock runs (`domain/tickets` clockRuns). */
const OPEN_STATUSES = Object.values(TICKET_STATUS).filter(clockRuns);

/**
 * GET /dashboard-data/tickets: the tickets in the caller's ticket scope (`ticketScopeOf`) whose SLA clock runs, and
 * of them those that have breached a target (first response or resolution) now, by priority. Needs the panel's key
 * (`t`).
 */
export async function dashboardTickets(
  deps: Pick<DashboardDataDeps, 'tickets' | 'now'>,
  caller: Caller,
): Promise<Schemas['DashboardTickets']> {
  requirePermission(caller, DASHBOARD_PANELS.tickets.permission);
  const now = deps.now();
  const scope = ticketScopeOf(caller);
  const tickets = await everyPage((q) => deps.tickets.list(scope, q, { notes: false, now, withDeleted: false }), {
    sort: [{ field: 'createdAt', direction: 'asc' }],
    filters: [{ field: 'status', values: OPEN_STATUSES }],
  });
  const rows = TICKET_PRIORITIES.map((priority) => ({ priority, open: 0, breached: 0 }));
  for (const t of tickets) {
    const row = rows.find((r) => r.priority === t.priority);
    if (!row || !clockRuns(t.status)) continue;
    row.open += 1;
    const sla = ticketSla(clockOf(t), now.getTime());
    if (sla.firstResponse.state === 'breached' || sla.resolution.state === 'breached') row.breached += 1;
  }
  return {
    open: rows.reduce((s, r) => s + r.open, 0),
    breached: rows.reduce((s, r) => s + r.breached, 0),
    byPriority: rows,
  };
}
