import { DASHBOARD_PANELS } from '@/domain/dashboard-panels';
import { faultScopeOf } from '../faults/fault-scope';
import type { FaultFilterField } from '../faults/fault-list-spec';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import type { FilterOn } from '../lib/list-query';
import type { DashboardDataDeps } from './dashboard-data-store';
import { dashboardRange } from './dashboard-range';

const SEVERITIES = [1, 2, 3, 4, 5] as const;

/**
 * GET /dashboard-data/fault-summary: the faults in the caller's fault scope (`faultScopeOf`) raised in the range, by
 * severity 1 to 5, all of them and the active ones. Needs the panel's key (`db.fs`).
 */
export async function dashboardFaultSummary(
  deps: DashboardDataDeps,
  caller: Caller,
  input: { from?: string; to?: string },
): Promise<Schemas['DashboardFaultSummary']> {
  requirePermission(caller, DASHBOARD_PANELS['fault-summary'].permission);
  const { from, to } = dashboardRange(input);
  const scope = faultScopeOf(caller);
  const count = async (filters: FilterOn<FaultFilterField>[]) =>
    (await deps.faults.list(scope, { page: 1, pageSize: 1, sort: [], filters, q: undefined, from, to })).total;
  const bySeverity = await Promise.all(
    SEVERITIES.map(async (severity) => {
      const of: FilterOn<FaultFilterField> = { field: 'severity', values: [severity] };
      const [total, active] = await Promise.all([count([of]), count([of, { field: 'active', values: [true] }])]);
      return { severity, total, active };
    }),
  );
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    total: bySeverity.reduce((s, r) => s + r.total, 0),
    active: bySeverity.reduce((s, r) => s + r.active, 0),
    bySeverity,
  };
}
