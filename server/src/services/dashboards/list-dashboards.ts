import { requirePermission, type Caller } from '../lib/caller';
import { listFor } from './dashboard-rules';
import type { DashboardDeps } from './dashboard-store';
import type { Dashboard } from './dashboard-types';

/** GET /dashboards: the caller's dashboards in their order, or their role type's default. Needs `db`. */
export async function listDashboards(deps: DashboardDeps, caller: Caller): Promise<Dashboard[]> {
  requirePermission(caller, 'db');
  return listFor(caller, await deps.dashboards.listOwn(caller.user.id, caller.user.role));
}
