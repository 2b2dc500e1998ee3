import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import type { Schemas } from '../lib/api-types';
import { FieldErrors } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { asSeenBy, dashboardOr404, mayPlace, readName, readPanels } from './dashboard-rules';
import type { DashboardDeps } from './dashboard-store';
import { DASHBOARD_AUDIT_ENTITY, type Dashboard, type StoredDashboard } from './dashboard-types';

/**
 * PATCH /dashboards/{id}: renames the caller's dashboard or replaces its panels. Needs `dc` with Update; another
 * user's dashboard is a 404. Panels hidden from the caller (a narrowed role) stay: not theirs to drop.
 */
export async function updateDashboard(
  deps: DashboardDeps,
  caller: Caller,
  input: { id: string; patch: Schemas['DashboardPatch'] },
): Promise<Dashboard> {
  const current = await dashboardOr404(deps.dashboards, caller, input.id, ACTION.UPDATE);
  const body = (typeof input.patch === 'object' && input.patch !== null ? input.patch : {}) as Record<string, unknown>;
  const errors = new FieldErrors();
  const changes: Partial<Pick<StoredDashboard, 'name' | 'panels'>> = {};
  if (body.name !== undefined) {
    const name = readName(errors, body.name);
    if (name) changes.name = name;
  }
  if (body.panels !== undefined) {
    const panels = readPanels(caller, errors, body.panels);
    if (panels) changes.panels = [...current.panels.filter((p) => !mayPlace(caller, p)), ...panels];
  }
  errors.throwIfAny();
  const now = deps.now();
  return deps.transact(async (tx) => {
    const before = asSeenBy(caller, current);
    await tx.dashboards.update(current.id, { ...changes, updatedAt: now.toISOString() });
    const after = asSeenBy(caller, (await tx.dashboards.get(current.id)) as StoredDashboard);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: DASHBOARD_AUDIT_ENTITY,
        entityId: current.id,
        action: 'Update',
        summary: `Updated dashboard ${after.name}`,
        changes: diffFields(before, after),
      },
      now,
    );
    return after;
  });
}
