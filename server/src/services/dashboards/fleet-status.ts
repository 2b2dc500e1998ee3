import { DASHBOARD_PANELS } from '@/domain/dashboard-panels';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import type { FilterOn } from '../lib/list-query';
import type { VehicleFilterField } from '../vehicles/vehicle-list-spec';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import type { DashboardDataDeps } from './dashboard-data-store';

/** Vehicle state codes (openapi.yaml Vehicle.stateCode) a live vehicle counts as charging, and as driving. */
export const CHARGING_STATES = [80, 81, 82] as const;
export const DRIVING_STATES = [64, 66, 67] as const;

/**
 * GET /dashboard-data/fleet-status: the vehicles in the caller's vehicle scope by live status now. A vehicle not live
 * is offline; a live one is charging or driving by its state code, else idle. Needs the panel's key (one of `vh.l`,
 * `BMS.l`, `MCU.l`, `VCU.l`).
 */
export async function dashboardFleetStatus(
  deps: DashboardDataDeps,
  caller: Caller,
): Promise<Schemas['DashboardFleetStatus']> {
  requirePermission(caller, DASHBOARD_PANELS['fleet-status'].permission);
  const scope = vehicleScopeOf(caller);
  const count = async (filters: FilterOn<VehicleFilterField>[]) =>
    (
      await deps.vehicles.list(scope, {
        page: 1,
        pageSize: 1,
        sort: [],
        filters,
        q: undefined,
        from: undefined,
        to: undefined,
      })
    ).total;
  const live: FilterOn<VehicleFilterField> = { field: 'isLive', values: [true] };
  const [total, online, charging, driving] = await Promise.all([
    count([]),
    count([live]),
    count([live, { field: 'stateCode', values: [...CHARGING_STATES] }]),
    count([live, { field: 'stateCode', values: [...DRIVING_STATES] }]),
  ]);
  return { total, online, charging, driving, idle: online - charging - driving, offline: total - online };
}
