import { DASHBOARD_PANELS } from '@/domain/dashboard-panels';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { faultScopeOf } from '../faults/fault-scope';
import type { DashboardDataDeps } from './dashboard-data-store';
import { dashboardRange } from './dashboard-range';

/** Newest faults a Recent Active Faults panel lists. */
export const RECENT_FAULTS = 10;

/**
 * GET /dashboard-data/recent-faults: the newest active faults in the caller's fault scope (`faultScopeOf`) raised in
 * the range, newest first, and how many are active. Needs the panel's key (`db.raf`).
 */
export async function dashboardRecentFaults(
  deps: DashboardDataDeps,
  caller: Caller,
  input: { from?: string; to?: string },
): Promise<Schemas['DashboardRecentFaults']> {
  requirePermission(caller, DASHBOARD_PANELS['recent-faults'].permission);
  const { from, to } = dashboardRange(input);
  const { items, total } = await deps.faults.list(faultScopeOf(caller), {
    page: 1,
    pageSize: RECENT_FAULTS,
    sort: [{ field: 'occurredAt', direction: 'desc' }],
    filters: [{ field: 'active', values: [true] }],
    q: undefined,
    from,
    to,
  });
  // A fault in the caller's scope is of a vehicle in it: its registration is read without a second scope.
  const registrations = new Map<string, string>();
  for (const vehicleId of new Set(items.map((f) => f.vehicleId))) {
    const vehicle = await deps.vehicles.get(vehicleId, null);
    if (vehicle) registrations.set(vehicleId, vehicle.registrationNumber);
  }
  return {
    active: total,
    items: items.map((f) => ({
      id: f.id,
      vehicleId: f.vehicleId,
      registrationNumber: registrations.get(f.vehicleId) ?? '',
      code: f.code,
      name: f.name,
      severity: f.severity,
      kind: f.kind,
      occurredAt: f.occurredAt,
    })),
  };
}
