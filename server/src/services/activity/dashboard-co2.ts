import { addFigures, ZERO_FIGURES } from '@/domain/carbon';
import { DASHBOARD_PANELS } from '@/domain/dashboard-panels';
import { carbonOrganisationOf } from '../carbon-settings/carbon-organisation';
import { dashboardRange } from '../dashboards/dashboard-range';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import { ACTIVITY_SAMPLE, daysOfRange, round, sampling, spanOf } from './activity-days';
import type { ActivityDeps } from './activity-store';
import { carbonMethodOf, vehicleCarbon } from './carbon-method';

/**
 * GET /dashboard-data/co2: CO2 avoided in the range by the vehicles in the caller's vehicle scope, location-based, by
 * the carbon page's method with the settings the caller's organisation saved, else the defaults (decisions 0082,
 * 0094). `gridKgPerKwh` and `baselineGPerKm` are averages weighted by energy and by distance. Needs `ce`.
 */
export async function dashboardCo2(
  deps: ActivityDeps,
  caller: Caller,
  input: { from?: string; to?: string },
): Promise<Schemas['DashboardCo2']> {
  requirePermission(caller, DASHBOARD_PANELS.co2.permission);
  const { from, to } = dashboardRange(input);
  const settings = carbonMethodOf(await deps.carbon.get(carbonOrganisationOf(caller).id));
  const { vehicles, rows } = await deps.activity.vehicleTotals(vehicleScopeOf(caller), spanOf(daysOfRange(from, to)), {
    sampleAbove: ACTIVITY_SAMPLE,
  });
  const { scale, sampledVehicles } = sampling(vehicles, rows.length);
  // Location-based only: no supply contract needed.
  let total = ZERO_FIGURES;
  for (const v of rows) total = addFigures(total, vehicleCarbon(v, settings, null).figures);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    distanceKm: round(total.distanceKm * scale),
    energyKwh: round(total.energyChargedKwh * scale, 2),
    gridKgPerKwh: total.gridEnergyKwh > 0 ? round(total.locationKg / total.gridEnergyKwh, 4) : settings.gridIntensity,
    chargingLossPct: settings.chargingLossPct,
    baselineGPerKm:
      total.distanceKm > 0 ? round((total.baselineKg * 1000) / total.distanceKm) : settings.baselines['2 Wheeler'],
    avoidedKg: round(total.avoidedLocationKg * scale),
    sampledVehicles,
  };
}
