import {
  addFigures,
  type CarbonFigures,
  carbonFigures,
  type CarbonSettings,
  carbonSettingsErrors,
  DEFAULT_BASELINES,
  DEFAULT_CHARGING_LOSS_PCT,
  INDIA_GRID_INTENSITY,
  INDIA_GRID_SOURCE,
  parseRegions,
  ZERO_FIGURES,
} from '@/domain/carbon';
import type { VehicleType } from '@/domain/enums';
import type { components } from '@/domain/api-schema';
import type { WorldDb } from '../world/db';
import type { CarbonSettingsRecord, Vehicle } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { organisationOf, savedCarbonSettings, supplyContractOfFleet } from './carbon-settings';
import { requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors } from './lib/body';
import { notFound } from './lib/http-error';
import { activityFor, checkVehicleCount, dataWindow, readRange, scopedVehicles } from './lib/analysis';

type Schemas = components['schemas'];

const MAX_VEHICLE_ROWS = 200;

function readNumber(url: URL, field: string, fallback: number, errors: FieldErrors): number {
  const raw = url.searchParams.get(field);
  if (raw === null || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) errors.add(field, 'Enter a number.');
  return value;
}

function readRegions(url: URL, errors: FieldErrors, saved: string | null): Record<string, number> {
  const raw = url.searchParams.get('regions') ?? saved;
  const regions: Record<string, number> = {};
  if (!raw) return regions;
  for (const part of raw.split(',')) {
    const at = part.lastIndexOf(':');
    const name = part.slice(0, at).trim();
    const value = Number(part.slice(at + 1));
    if (at <= 0 || name === '' || !Number.isFinite(value)) {
      errors.add('regions', 'Write regions as City:intensity, separated by commas (e.g. Pune:0.65).');
      return {};
    }
    regions[name] = value;
  }
  return regions;
}

const BASELINE_FIELD: Record<VehicleType, 'baseline2w' | 'baseline3w'> = {
  '2 Wheeler': 'baseline2w',
  '3 Wheeler': 'baseline3w',
};

/** The method's factors an organisation saved, else the defaults (decision 0094); the dashboard's CO2 panel uses them. */
export function savedOrDefaultCarbonSettings(saved: CarbonSettingsRecord | undefined): CarbonSettings {
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
 * One vehicle's carbon figures over its driving in [from, to], from its drive profile (decision 0082, issue 37 item 7): its region's grid intensity
 * where one is set, its fleet's supply contract for the market-based figure. The carbon page and the dashboard's CO2
 * panel both sum these, so the two agree.
 */
export function vehicleCarbon(db: WorldDb, v: Vehicle, from: number, to: number, settings: CarbonSettings) {
  let distanceKm = 0;
  let energyKwh = 0;
  for (const day of activityFor(db, v, from, to).days.values()) {
    distanceKm += day.distanceKm;
    energyKwh += day.energyKwh;
  }
  const fleet = v.fleetId ? db.tables.fleets.get(v.fleetId) : undefined;
  const owner = v.evOwnerId ? db.tables.evOwners.get(v.evOwnerId) : undefined;
  const region = fleet?.city ?? owner?.city ?? null;
  const gridIntensity = (region !== null ? settings.regions[region] : undefined) ?? settings.gridIntensity;
  const contract = fleet ? supplyContractOfFleet(db, fleet) : null;
  const figures = carbonFigures({
    distanceKm,
    energyChargedKwh: energyKwh,
    gridIntensity,
    contractIntensity: contract?.intensity ?? null,
    chargingLossPct: settings.chargingLossPct,
    baselineGPerKm: settings.baselines[v.vehicleType],
  });
  return { figures, fleet, region, gridIntensity };
}

/** The method's factors: those the query gives, else the organisation's saved ones, else the defaults (decision 0094). */
function readCarbonSettings(url: URL, errors: FieldErrors, saved: CarbonSettingsRecord | undefined) {
  const settings: CarbonSettings = {
    gridIntensity: readNumber(url, 'gridIntensity', saved?.gridIntensity ?? INDIA_GRID_INTENSITY, errors),
    chargingLossPct: readNumber(url, 'chargingLossPct', saved?.chargingLossPct ?? DEFAULT_CHARGING_LOSS_PCT, errors),
    baselines: {
      '2 Wheeler': readNumber(url, 'baseline2w', saved?.baseline2w ?? DEFAULT_BASELINES['2 Wheeler'].gPerKm, errors),
      '3 Wheeler': readNumber(url, 'baseline3w', saved?.baseline3w ?? DEFAULT_BASELINES['3 Wheeler'].gPerKm, errors),
    },
    regions: readRegions(url, errors, saved?.regions ?? null),
  };
  for (const [field, message] of Object.entries(carbonSettingsErrors(settings))) errors.add(field, message);
  const sourceOf = (type: VehicleType) => {
    const field = BASELINE_FIELD[type];
    const given = url.searchParams.get(`${field}Source`)?.trim() || saved?.[`${field}Source`];
    if (given) return given.slice(0, 200);
    return settings.baselines[type] === DEFAULT_BASELINES[type].gPerKm
      ? DEFAULT_BASELINES[type].source
      : 'Entered by you';
  };
  const gridSource = settings.gridIntensity === INDIA_GRID_INTENSITY ? INDIA_GRID_SOURCE : 'Entered by you';
  return { settings, sourceOf, gridSource };
}

/** The carbon emission report (issue 22 item 4, decision 0082): CO2 avoided per vehicle type, fleet and vehicle. */
export function createCarbonHandlers(http: ApiHttp) {
  return [
    http.get('/analysis/carbon', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'ce');
      const url = new URL(request.url);
      const errors = new FieldErrors();
      const { from, to } = readRange(url, db, errors);
      const { settings, sourceOf, gridSource } = readCarbonSettings(
        url,
        errors,
        savedCarbonSettings(db, organisationOf(ctx, db).id),
      );
      errors.throwIfAny();
      const fleetId = url.searchParams.get('fleetId') || null;
      let vehicles = scopedVehicles(ctx, db);
      if (fleetId !== null) {
        vehicles = vehicles.filter((v) => v.fleetId === fleetId);
        if (vehicles.length === 0 || !db.tables.fleets.get(fleetId)) throw notFound('Fleet');
      }
      checkVehicleCount(vehicles.length, 'Pick one fleet.');

      const total = { ...ZERO_FIGURES, vehicleCount: 0 };
      const byType = new Map<VehicleType, CarbonFigures & { vehicleCount: number }>();
      const byFleet = new Map<string | null, CarbonFigures & { vehicleCount: number }>();
      const rows: Schemas['CarbonReport']['byVehicle'] = [];
      const add = <K>(map: Map<K, CarbonFigures & { vehicleCount: number }>, key: K, f: CarbonFigures) => {
        const current = map.get(key) ?? { ...ZERO_FIGURES, vehicleCount: 0 };
        map.set(key, { ...addFigures(current, f), vehicleCount: current.vehicleCount + 1 });
      };
      for (const v of vehicles) {
        const { figures: f, fleet, region, gridIntensity } = vehicleCarbon(db, v, from, to, settings);
        Object.assign(total, addFigures(total, f), { vehicleCount: total.vehicleCount + 1 });
        add(byType, v.vehicleType, f);
        add(byFleet, v.fleetId, f);
        rows.push({
          ...f,
          vehicleCount: 1,
          vehicleId: v.id,
          registrationNumber: v.registrationNumber,
          vehicleType: v.vehicleType,
          fleetName: fleet?.name ?? null,
          region,
          gridIntensity,
        });
      }
      rows.sort((a, b) => b.avoidedLocationKg - a.avoidedLocationKg || a.vehicleId.localeCompare(b.vehicleId));
      const window = dataWindow(db);
      return response(200).json({
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        dataFrom: new Date(window.from).toISOString(),
        dataTo: new Date(window.to).toISOString(),
        settings: {
          gridIntensity: settings.gridIntensity,
          gridSource,
          chargingLossPct: settings.chargingLossPct,
          baselines: (['2 Wheeler', '3 Wheeler'] as const).map((vehicleType) => ({
            vehicleType,
            gPerKm: settings.baselines[vehicleType],
            source: sourceOf(vehicleType),
          })),
          regions: Object.entries(settings.regions).map(([region, intensity]) => ({ region, intensity })),
        },
        total,
        byVehicleType: [...byType.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([vehicleType, f]) => ({ ...f, vehicleType })),
        byFleet: [...byFleet.entries()]
          .map(([id, f]) => {
            const fleet = id ? db.tables.fleets.get(id) : undefined;
            return {
              ...f,
              fleetId: id,
              name: fleet?.name ?? 'No fleet (owners and unassigned)',
              contract: fleet ? supplyContractOfFleet(db, fleet) : null,
            };
          })
          .sort((a, b) => (a.fleetId === null ? 1 : b.fleetId === null ? -1 : a.name.localeCompare(b.name))),
        byVehicle: rows.slice(0, MAX_VEHICLE_ROWS),
        vehiclesShown: Math.min(rows.length, MAX_VEHICLE_ROWS),
      });
    }),
  ];
}
