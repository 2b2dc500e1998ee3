import {
  type CarbonFigures,
  type CarbonSettings,
  carbonFigures,
  DEFAULT_BASELINES,
  DEFAULT_CHARGING_LOSS_PCT,
  INDIA_GRID_INTENSITY,
  parseRegions,
} from '@/domain/carbon';
import type { StoredCarbonSettings } from '../carbon-settings/carbon-settings-store';
import type { VehicleActivity } from './activity-store';

/** The method's factors an organisation saved, else the defaults (decisions 0082, 0094). */
export function carbonMethodOf(saved: StoredCarbonSettings | undefined): CarbonSettings {
  return {
    gridIntensity: saved?.gridIntensity ?? INDIA_GRID_INTENSITY,
    chargingLossPct: saved?.chargingLossPct ?? DEFAULT_CHARGING_LOSS_PCT,
    baselines: {
      '2 Wheeler': saved?.baseline2w ?? DEFAULT_BASELINES['2 Wheeler'].gPerKm,
      '3 Wheeler': saved?.baseline3w ?? DEFAULT_BASELINES['3 Wheeler'].gPerKm,
    },
    regions: saved?.regions ? parseRegions(saved.regions).regions : {},
  };
}

/**
 * One vehicle's carbon figures over its driving (decision 0082): its region (its fleet's city, else its EV owner's)
 * takes that region's grid intensity where the settings name one; `contractIntensity` (its fleet's supply contract)
 * gives the market-based figure. The carbon report and the dashboard's CO2 panel both sum these, so the two agree.
 */
export function vehicleCarbon(
  v: Pick<VehicleActivity, 'distanceKm' | 'energyKwh' | 'vehicleType' | 'fleetCity' | 'ownerCity'>,
  settings: CarbonSettings,
  contractIntensity: number | null,
): { figures: CarbonFigures; region: string | null; gridIntensity: number } {
  const region = v.fleetCity ?? v.ownerCity ?? null;
  const gridIntensity = (region !== null ? settings.regions[region] : undefined) ?? settings.gridIntensity;
  const figures = carbonFigures({
    distanceKm: v.distanceKm,
    energyChargedKwh: v.energyKwh,
    gridIntensity,
    contractIntensity,
    chargingLossPct: settings.chargingLossPct,
    baselineGPerKm: settings.baselines[v.vehicleType],
  });
  return { figures, region, gridIntensity };
}
