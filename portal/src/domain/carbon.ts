import type { VehicleType } from './enums';

/**
 * CO2 avoided by electric vehicles against petrol/diesel vehicles doing the same distance (issue 22 item 4, decision
 * 0082). Pure arithmetic, shared by the demo server (which sums it over trips) and the page (which shows the method).
 *
 *   grid energy (kWh)      = energy charged (kWh) x (1 + charging losses %)
 *   EV emissions (kg)      = grid energy (kWh) x grid intensity (t CO2/MWh = kg CO2/kWh)
 *   baseline (kg)          = distance (km) x baseline (g CO2/km) / 1000
 *   avoided (kg)           = baseline - EV emissions
 *
 * Location-based uses the grid's average intensity (by region where known); market-based uses the intensity of the
 * fleet's own supply contract where it has one, else the grid average (GHG Protocol Scope 2 Guidance: without a
 * contractual instrument or a published residual mix, the location-based factor is used).
 */

/** CEA CO2 Baseline Database: the Indian grid's weighted average emission factor, FY 2024-25 (t CO2/MWh). */
export const INDIA_GRID_INTENSITY = 0.7117;
export const INDIA_GRID_SOURCE = 'CEA CO2 Baseline Database, all-India weighted average, FY 2024-25';
/** Energy drawn from the grid beyond what reaches the battery (charger and battery losses), in percent. */
export const DEFAULT_CHARGING_LOSS_PCT = 10;

export interface Baseline {
  /** g CO2 per km of the equivalent petrol/diesel vehicle. */
  gPerKm: number;
  source: string;
}

/**
 * Default baselines, derived from fuel economy and the fuel's CO2 per litre so the arithmetic can be checked:
 * petrol 2.27 kg CO2/l at 50 km/l (a 110 cc scooter) = 45.4 g/km; diesel 2.68 kg CO2/l at 25 km/l (a diesel
 * auto-rickshaw) = 107.2 g/km. Both are demo defaults: enter your own figures and source.
 */
export const DEFAULT_BASELINES: Readonly<Record<VehicleType, Baseline>> = {
  '2 Wheeler': {
    gPerKm: 45.4,
    source: 'Petrol scooter: 2.27 kg CO2/l (IPCC 2006 default for motor gasoline) at 50 km/l',
  },
  '3 Wheeler': {
    gPerKm: 107.2,
    source: 'Diesel auto-rickshaw: 2.68 kg CO2/l (IPCC 2006 default for gas/diesel oil) at 25 km/l',
  },
};

/** Upper bounds that catch a unit mix-up (t/MWh typed as g/kWh, and so on). */
export const CARBON_LIMITS = { maxGridIntensity: 2, maxChargingLossPct: 50, maxBaselineGPerKm: 1000 } as const;

export interface CarbonInput {
  distanceKm: number;
  /** Energy put into the battery over the period (kWh). */
  energyChargedKwh: number;
  /** Grid average for the vehicle's region (t CO2/MWh). */
  gridIntensity: number;
  /** The supply contract's intensity (t CO2/MWh), or null where there is none. */
  contractIntensity: number | null;
  chargingLossPct: number;
  baselineGPerKm: number;
}

export interface CarbonFigures {
  distanceKm: number;
  energyChargedKwh: number;
  gridEnergyKwh: number;
  baselineKg: number;
  locationKg: number;
  marketKg: number;
  avoidedLocationKg: number;
  avoidedMarketKg: number;
}

/** The figures of one vehicle (or any sum of distance and energy sharing the same factors). */
export function carbonFigures(input: CarbonInput): CarbonFigures {
  const gridEnergyKwh = input.energyChargedKwh * (1 + input.chargingLossPct / 100);
  const locationKg = gridEnergyKwh * input.gridIntensity;
  const marketKg = gridEnergyKwh * (input.contractIntensity ?? input.gridIntensity);
  const baselineKg = (input.distanceKm * input.baselineGPerKm) / 1000;
  return {
    distanceKm: input.distanceKm,
    energyChargedKwh: input.energyChargedKwh,
    gridEnergyKwh,
    baselineKg,
    locationKg,
    marketKg,
    avoidedLocationKg: baselineKg - locationKg,
    avoidedMarketKg: baselineKg - marketKg,
  };
}

export const ZERO_FIGURES: CarbonFigures = {
  distanceKm: 0,
  energyChargedKwh: 0,
  gridEnergyKwh: 0,
  baselineKg: 0,
  locationKg: 0,
  marketKg: 0,
  avoidedLocationKg: 0,
  avoidedMarketKg: 0,
};

/** The sum of figures (a fleet, a vehicle type, the total). */
export function addFigures(a: CarbonFigures, b: CarbonFigures): CarbonFigures {
  return {
    distanceKm: a.distanceKm + b.distanceKm,
    energyChargedKwh: a.energyChargedKwh + b.energyChargedKwh,
    gridEnergyKwh: a.gridEnergyKwh + b.gridEnergyKwh,
    baselineKg: a.baselineKg + b.baselineKg,
    locationKg: a.locationKg + b.locationKg,
    marketKg: a.marketKg + b.marketKg,
    avoidedLocationKg: a.avoidedLocationKg + b.avoidedLocationKg,
    avoidedMarketKg: a.avoidedMarketKg + b.avoidedMarketKg,
  };
}

export interface CarbonSettings {
  gridIntensity: number;
  chargingLossPct: number;
  baselines: Record<VehicleType, number>;
  /** Grid intensity by region (a city) where known; other regions use `gridIntensity`. */
  regions: Readonly<Record<string, number>>;
}

/** Field errors of carbon settings, keyed by the query/form field; empty when valid. */
export function carbonSettingsErrors(settings: CarbonSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  const positive = (field: string, value: number, max: number, label: string) => {
    if (!Number.isFinite(value)) errors[field] = `Enter ${label}.`;
    else if (value <= 0) errors[field] = `${label[0]?.toUpperCase()}${label.slice(1)} must be more than 0.`;
    else if (value > max) errors[field] = `${label[0]?.toUpperCase()}${label.slice(1)} must be at most ${max}.`;
  };
  positive('gridIntensity', settings.gridIntensity, CARBON_LIMITS.maxGridIntensity, 'a grid intensity');
  positive('baseline2w', settings.baselines['2 Wheeler'], CARBON_LIMITS.maxBaselineGPerKm, 'a 2 Wheeler baseline');
  positive('baseline3w', settings.baselines['3 Wheeler'], CARBON_LIMITS.maxBaselineGPerKm, 'a 3 Wheeler baseline');
  const loss = settings.chargingLossPct;
  if (!Number.isFinite(loss)) errors.chargingLossPct = 'Enter the charging losses.';
  else if (loss < 0 || loss > CARBON_LIMITS.maxChargingLossPct)
    errors.chargingLossPct = `Charging losses must be between 0 and ${CARBON_LIMITS.maxChargingLossPct} %.`;
  for (const [region, value] of Object.entries(settings.regions)) {
    if (!Number.isFinite(value) || value <= 0 || value > CARBON_LIMITS.maxGridIntensity)
      errors.regions = `The intensity of ${region} must be more than 0 and at most ${CARBON_LIMITS.maxGridIntensity}.`;
  }
  return errors;
}

/** Region intensities written `City:0.65,Other City:0.7`, and the syntax error when a part is not `name:number`. */
export function parseRegions(text: string): { regions: Record<string, number>; syntaxError: string | null } {
  const regions: Record<string, number> = {};
  for (const part of text.split(',').filter((p) => p.trim() !== '')) {
    const at = part.lastIndexOf(':');
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (at <= 0 || name === '' || value === '' || !Number.isFinite(Number(value)))
      return { regions: {}, syntaxError: 'Write regions as City:intensity, separated by commas (e.g. Pune:0.65).' };
    regions[name] = Number(value);
  }
  return { regions, syntaxError: null };
}
