import { DASHBOARD_PANELS } from '@/domain/dashboard-panels';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import type { DashboardDataDeps } from './dashboard-data-store';

/** Health ratings (openapi.yaml HealthRating: Very good 1 ... Worst 5). */
const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * GET /dashboard-data/battery-health: the vehicles in the caller's vehicle scope (`vehicleScopeOf`) by health rating
 * now. Needs the panel's key (`vh.l` or `BMS.l`).
 */
export async function dashboardBatteryHealth(
  deps: Pick<DashboardDataDeps, 'vehicles'>,
  caller: Caller,
): Promise<Schemas['DashboardBatteryHealth']> {
  requirePermission(caller, DASHBOARD_PANELS['battery-health'].permission);
  const scope = vehicleScopeOf(caller);
  const count = async (rating?: number) =>
    (
      await deps.vehicles.list(scope, {
        page: 1,
        pageSize: 1,
        sort: [],
        filters: rating === undefined ? [] : [{ field: 'healthRating', values: [rating] }],
        q: undefined,
        from: undefined,
        to: undefined,
      })
    ).total;
  const [total, ...counts] = await Promise.all([count(), ...RATINGS.map((rating) => count(rating))]);
  return { total: total ?? 0, ratings: RATINGS.map((rating, i) => ({ rating, count: counts[i] ?? 0 })) };
}
