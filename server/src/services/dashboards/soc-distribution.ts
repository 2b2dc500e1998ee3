import { DASHBOARD_PANELS } from '@/domain/dashboard-panels';
import type { Schemas } from '../lib/api-types';
import type { ListQuery } from '../lib/list-query';
import type { VehicleFilterField, VehicleSortField } from '../vehicles/vehicle-list-spec';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import type { DashboardDataDeps } from './dashboard-data-store';
import { everyPage } from './every-page';

/** The panel's buckets: 0-20% ... 80-100%, a full battery in the last. */
const BUCKET_MINS = [0, 20, 40, 60, 80] as const;

/**
 * GET /dashboard-data/soc-distribution: the vehicles in the caller's vehicle scope (`vehicleScopeOf`) by state of
 * charge now, in 20% buckets. Needs the panel's key (`vh.l` or `BMS.l`).
 */
export async function dashboardSocDistribution(
  deps: Pick<DashboardDataDeps, 'vehicles'>,
  caller: Caller,
): Promise<Schemas['DashboardSocDistribution']> {
  requirePermission(caller, DASHBOARD_PANELS['soc-distribution'].permission);
  const buckets = BUCKET_MINS.map((min) => ({ label: `${min}-${min + 20}%`, min, max: min + 20, count: 0 }));
  const vehicles = await everyPage(
    (q: ListQuery<VehicleSortField, VehicleFilterField>) => deps.vehicles.list(vehicleScopeOf(caller), q),
    {
      sort: [{ field: 'soc', direction: 'asc' }],
      filters: [],
    },
  );
  for (const v of vehicles) {
    const bucket = buckets[Math.min(BUCKET_MINS.length - 1, Math.floor(v.soc / 20))];
    if (bucket) bucket.count += 1;
  }
  return { total: vehicles.length, buckets };
}
