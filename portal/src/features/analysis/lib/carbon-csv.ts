import type { CarbonReport } from '../api/analysis-api';

const r3 = (n: number) => Math.round(n * 1000) / 1000;

/** The carbon report's CSV: one row per vehicle, every figure to three decimals. */
export function carbonCsvRows(data: CarbonReport): { columns: string[]; rows: Record<string, unknown>[] } {
  const columns = [
    'Registration',
    'Vehicle id',
    'Vehicle type',
    'Fleet',
    'Region',
    'Grid intensity (t CO2/MWh)',
    'Distance (km)',
    'Energy charged (kWh)',
    'Grid energy (kWh)',
    'Baseline (kg CO2)',
    'EV location-based (kg CO2)',
    'EV market-based (kg CO2)',
    'Avoided location-based (kg CO2)',
    'Avoided market-based (kg CO2)',
  ];
  const rows = data.byVehicle.map((v) => ({
    Registration: v.registrationNumber,
    'Vehicle id': v.vehicleId,
    'Vehicle type': v.vehicleType,
    Fleet: v.fleetName ?? '',
    Region: v.region ?? '',
    'Grid intensity (t CO2/MWh)': v.gridIntensity,
    'Distance (km)': r3(v.distanceKm),
    'Energy charged (kWh)': r3(v.energyChargedKwh),
    'Grid energy (kWh)': r3(v.gridEnergyKwh),
    'Baseline (kg CO2)': r3(v.baselineKg),
    'EV location-based (kg CO2)': r3(v.locationKg),
    'EV market-based (kg CO2)': r3(v.marketKg),
    'Avoided location-based (kg CO2)': r3(v.avoidedLocationKg),
    'Avoided market-based (kg CO2)': r3(v.avoidedMarketKg),
  }));
  return { columns, rows };
}
