import { DASHBOARD_PANELS } from '@/domain/dashboard-panels';
import { dashboardRange } from '../dashboards/dashboard-range';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import { ACTIVITY_SAMPLE, daysOfRange, round, sampling, spanOf } from './activity-days';
import type { ActivityDay, ActivityDeps } from './activity-store';

/** The days of the range with the store's sums, a day without any as zeros. */
async function daysInRange(deps: ActivityDeps, caller: Caller, input: { from?: string; to?: string }) {
  const { from, to } = dashboardRange(input);
  const dates = daysOfRange(from, to);
  const { vehicles, summed, days } = await deps.activity.fleetDays(vehicleScopeOf(caller), spanOf(dates), {
    sampleAbove: ACTIVITY_SAMPLE,
  });
  const byDate = new Map<string, ActivityDay>(days.map((d) => [d.date, d]));
  return { from, to, dates, byDate, vehicles, ...sampling(vehicles, summed) };
}

/**
 * GET /dashboard-data/activity: energy used, distance and hours driven and trips started per UTC day of the range by
 * the vehicles in the caller's vehicle scope, and the utilisation: hours driven over the hours they were in service
 * and reporting. Needs the panel's key (`a`).
 */
export async function dashboardActivity(
  deps: ActivityDeps,
  caller: Caller,
  input: { from?: string; to?: string },
): Promise<Schemas['DashboardActivity']> {
  requirePermission(caller, DASHBOARD_PANELS['energy-distance'].permission);
  const { from, to, dates, byDate, vehicles, scale, sampledVehicles } = await daysInRange(deps, caller, input);
  let reportingHours = 0;
  const days = dates.map((date) => {
    const d = byDate.get(date);
    reportingHours += (d?.reportingHours ?? 0) * scale;
    return {
      date,
      energyKwh: round((d?.energyKwh ?? 0) * scale, 2),
      distanceKm: round((d?.distanceKm ?? 0) * scale),
      drivingHours: round((d?.drivingHours ?? 0) * scale, 2),
      trips: Math.round((d?.trips ?? 0) * scale),
    };
  });
  const hours = days.reduce((s, d) => s + d.drivingHours, 0);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    vehicles,
    sampledVehicles,
    // An offline vehicle's silence is not idling: only the hours it was in service and reporting count.
    utilisationPct: reportingHours > 0 ? round((hours / reportingHours) * 100, 2) : 0,
    days,
  };
}

/**
 * GET /dashboard-data/charging: the charging sessions started per UTC day of the range by the vehicles in the caller's
 * vehicle scope (each run of charging that raises the charge) and the energy they put back into the packs. Needs the
 * panel's key (`vh.l` or `BMS.l`).
 */
export async function dashboardCharging(
  deps: ActivityDeps,
  caller: Caller,
  input: { from?: string; to?: string },
): Promise<Schemas['DashboardCharging']> {
  requirePermission(caller, DASHBOARD_PANELS.charging.permission);
  const { from, to, dates, byDate, scale } = await daysInRange(deps, caller, input);
  const days = dates.map((date) => {
    const d = byDate.get(date);
    return {
      date,
      sessions: Math.round((d?.chargeSessions ?? 0) * scale),
      energyKwh: round((d?.chargedKwh ?? 0) * scale, 2),
    };
  });
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    sessions: days.reduce((s, d) => s + d.sessions, 0),
    energyKwh: round(
      days.reduce((s, d) => s + d.energyKwh, 0),
      2,
    ),
    days,
  };
}
