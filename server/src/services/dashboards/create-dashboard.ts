import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import type { Schemas } from '../lib/api-types';
import { FieldErrors } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { asSeenBy, readName, readPanels } from './dashboard-rules';
import type { DashboardDeps } from './dashboard-store';
import { DASHBOARD_AUDIT_ENTITY, type Dashboard, MAX_DASHBOARDS, type StoredDashboard } from './dashboard-types';

/**
 * POST /dashboards: adds a dashboard for the caller, last in their list. Needs `dc` with Add. Panels outside the
 * caller's permissions are a 400, as is a dashboard past the most one user keeps; nothing is written then.
 */
export async function createDashboard(
  deps: DashboardDeps,
  caller: Caller,
  input: Schemas['DashboardInput'],
): Promise<Dashboard> {
  requirePermission(caller, 'dc', ACTION.ADD);
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const errors = new FieldErrors();
  const name = readName(errors, body.name);
  const panels = readPanels(caller, errors, body.panels);
  errors.throwIfAny();
  const now = deps.now();
  const at = now.toISOString();
  return deps.transact(async (tx) => {
    const own = await tx.dashboards.listOwn(caller.user.id, caller.user.role);
    if (own.length >= MAX_DASHBOARDS) {
      const full = new FieldErrors();
      full.add('name', `You can keep at most ${MAX_DASHBOARDS} dashboards.`);
      full.throwIfAny();
    }
    const dashboard: StoredDashboard = {
      id: `dash-${crypto.randomUUID()}`,
      userId: caller.user.id,
      role: caller.user.role,
      name: name as string,
      panels: panels ?? [],
      position: own.reduce((m, d) => Math.max(m, d.position), -1) + 1,
      createdAt: at,
      updatedAt: at,
    };
    await tx.dashboards.insert(dashboard);
    const after = asSeenBy(caller, dashboard);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: DASHBOARD_AUDIT_ENTITY,
        entityId: dashboard.id,
        action: 'Add',
        summary: `Added dashboard ${dashboard.name}`,
        changes: diffFields(null, after),
      },
      now,
    );
    return after;
  });
}
