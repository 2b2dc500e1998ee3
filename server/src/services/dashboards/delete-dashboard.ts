import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import type { Caller } from '../lib/caller';
import { asSeenBy, dashboardOr404 } from './dashboard-rules';
import type { DashboardDeps } from './dashboard-store';
import { DASHBOARD_AUDIT_ENTITY } from './dashboard-types';

/** DELETE /dashboards/{id}: deletes one of the caller's dashboards. Needs `dc` with Delete; another user's is a 404. */
export async function deleteDashboard(deps: DashboardDeps, caller: Caller, input: { id: string }): Promise<void> {
  const d = await dashboardOr404(deps.dashboards, caller, input.id, ACTION.DELETE);
  const now = deps.now();
  await deps.transact(async (tx) => {
    await tx.dashboards.delete(d.id);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: DASHBOARD_AUDIT_ENTITY,
        entityId: d.id,
        action: 'Delete',
        summary: `Deleted dashboard ${d.name}`,
        changes: diffFields(asSeenBy(caller, d), null),
      },
      now,
    );
  });
}
