import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { type Caller, requirePermission } from '../lib/caller';
import { asSeenBy, listFor } from './dashboard-rules';
import type { DashboardDeps } from './dashboard-store';
import { DASHBOARD_AUDIT_ENTITY, type Dashboard } from './dashboard-types';

/**
 * POST /dashboards/reset: deletes every dashboard the caller saved in their role (one audit entry each), so the role
 * type's default shows again; answers the list after the reset. Needs `dc` with Reset.
 */
export async function resetDashboards(deps: DashboardDeps, caller: Caller): Promise<Dashboard[]> {
  requirePermission(caller, 'dc', ACTION.RESET);
  const now = deps.now();
  return deps.transact(async (tx) => {
    for (const d of await tx.dashboards.listOwn(caller.user.id, caller.user.role)) {
      await tx.dashboards.delete(d.id);
      await appendAudit(
        tx.audit,
        caller,
        {
          entity: DASHBOARD_AUDIT_ENTITY,
          entityId: d.id,
          action: 'Delete',
          summary: `Reset dashboards: deleted ${d.name}`,
          changes: diffFields(asSeenBy(caller, d), null),
        },
        now,
      );
    }
    return listFor(caller, await tx.dashboards.listOwn(caller.user.id, caller.user.role));
  });
}
