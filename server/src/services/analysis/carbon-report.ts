import {
  addFigures,
  type CarbonFigures,
  type CarbonSettings,
  carbonSettingsErrors,
  DEFAULT_BASELINES,
  INDIA_GRID_INTENSITY,
  INDIA_GRID_SOURCE,
  ZERO_FIGURES,
} from '@/domain/carbon';
import type { VehicleType } from '@/domain/enums';
import { daysOfRange, spanOf } from '../activity/activity-days';
import type { ActivityDeps } from '../activity/activity-store';
import { carbonMethodOf, vehicleCarbon } from '../activity/carbon-method';
import { carbonOrganisationOf, fleetContract } from '../carbon-settings/carbon-organisation';
import type { StoredCarbonSettings, SupplyContract } from '../carbon-settings/carbon-settings-store';
import type { Schemas } from '../lib/api-types';
import { FieldErrors, notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import { checkVehicleCount, dataWindow, MAX_VEHICLES, readAnalysisRange } from './analysis-window';

/** Vehicles the report lists at most (the ones that avoided most). */
export const MAX_VEHICLE_ROWS = 200;
const TYPES = ['2 Wheeler', '3 Wheeler'] as const;
const BASELINE_FIELD: Record<VehicleType, 'baseline2w' | 'baseline3w'> = {
  '2 Wheeler': 'baseline2w',
  '3 Wheeler': 'baseline3w',
};
const iso = (ms: number) => new Date(ms).toISOString();

export type CarbonReportQuery = Partial<
  Record<
    | 'from'
    | 'to'
    | 'fleetId'
    | 'gridIntensity'
    | 'chargingLossPct'
    | 'baseline2w'
    | 'baseline3w'
    | 'baseline2wSource'
    | 'baseline3wSource'
    | 'regions',
    string | number
  >
>;

function readNumber(query: CarbonReportQuery, field: keyof CarbonReportQuery, fallback: number, errors: FieldErrors) {
  const raw = query[field];
  if (raw === undefined || String(raw).trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) errors.add(field, 'Enter a number.');
  return value;
}

function readRegions(raw: string | null, errors: FieldErrors): Record<string, number> {
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

/** The method's factors: those the query gives, else the organisation's saved ones, else the defaults (decision 0094). */
function readCarbonSettings(query: CarbonReportQuery, saved: StoredCarbonSettings | undefined, errors: FieldErrors) {
  const base = carbonMethodOf(saved);
  const settings: CarbonSettings = {
    gridIntensity: readNumber(query, 'gridIntensity', base.gridIntensity, errors),
    chargingLossPct: readNumber(query, 'chargingLossPct', base.chargingLossPct, errors),
    baselines: {
      '2 Wheeler': readNumber(query, 'baseline2w', base.baselines['2 Wheeler'], errors),
      '3 Wheeler': readNumber(query, 'baseline3w', base.baselines['3 Wheeler'], errors),
    },
    regions: readRegions(query.regions === undefined ? (saved?.regions ?? null) : String(query.regions), errors),
  };
  for (const [field, message] of Object.entries(carbonSettingsErrors(settings))) errors.add(field, message);
  const sourceOf = (type: VehicleType) => {
    const field = BASELINE_FIELD[type];
    const given = String(query[`${field}Source`] ?? '').trim() || saved?.[`${field}Source`];
    if (given) return given.slice(0, 200);
    return settings.baselines[type] === DEFAULT_BASELINES[type].gPerKm
      ? DEFAULT_BASELINES[type].source
      : 'Entered by you';
  };
  const gridSource = settings.gridIntensity === INDIA_GRID_INTENSITY ? INDIA_GRID_SOURCE : 'Entered by you';
  return { settings, sourceOf, gridSource };
}

type Counted = CarbonFigures & { vehicleCount: number };

/**
 * GET /analysis/carbon: CO2 avoided against the petrol and diesel baselines (decisions 0082, 0094) by the vehicles in
 * the caller's vehicle scope (of one fleet, when named: a fleet without a vehicle in the scope is 404), over the UTC
 * days of a range of the data window: per vehicle type, fleet and vehicle (the 200 that avoided most), location- and
 * market-based (a fleet's supply contract). Needs `ce`.
 */
export async function getCarbonReport(
  deps: ActivityDeps,
  caller: Caller,
  query: CarbonReportQuery,
): Promise<Schemas['CarbonReport']> {
  requirePermission(caller, 'ce');
  const errors = new FieldErrors();
  const window = await dataWindow(deps.activity, deps.now());
  const { from, to } = readAnalysisRange(
    {
      from: query.from === undefined ? undefined : String(query.from),
      to: query.to === undefined ? undefined : String(query.to),
    },
    window,
    errors,
  );
  const saved = await deps.carbon.get(carbonOrganisationOf(caller).id);
  const { settings, sourceOf, gridSource } = readCarbonSettings(query, saved, errors);
  errors.throwIfAny();
  const fleetId = query.fleetId === undefined || query.fleetId === '' ? undefined : String(query.fleetId);
  const dates = daysOfRange(new Date(from), new Date(to));
  const span = dates.length > 0 ? spanOf(dates) : { first: '9999-12-31', last: '0000-01-01' };
  // Never more than MAX_VEHICLES summed: a store that replays histories stops there, and more is refused anyway.
  const { vehicles, rows } = await deps.activity.vehicleTotals(vehicleScopeOf(caller), span, {
    sampleAbove: MAX_VEHICLES,
    ...(fleetId === undefined ? {} : { fleetId }),
  });
  if (fleetId !== undefined && (vehicles === 0 || rows[0]?.fleetName == null)) throw notFound('Fleet');
  checkVehicleCount(vehicles, 'Pick one fleet.');

  const contracts = new Map<string, SupplyContract | null>();
  for (const id of new Set(rows.map((v) => v.fleetId).filter((id): id is string => id !== null)))
    contracts.set(id, fleetContract(await deps.carbon.get(`fleet:${id}`), await deps.carbon.seededContract(id)));

  const total: Counted = { ...ZERO_FIGURES, vehicleCount: 0 };
  const byType = new Map<VehicleType, Counted>();
  const byFleet = new Map<string | null, Counted & { name: string }>();
  const add = (current: Counted | undefined, f: CarbonFigures): Counted => {
    const base = current ?? { ...ZERO_FIGURES, vehicleCount: 0 };
    return { ...addFigures(base, f), vehicleCount: base.vehicleCount + 1 };
  };
  const byVehicle: Schemas['CarbonReport']['byVehicle'] = [];
  for (const v of rows) {
    const contract = v.fleetId ? (contracts.get(v.fleetId) ?? null) : null;
    const { figures: f, region, gridIntensity } = vehicleCarbon(v, settings, contract?.intensity ?? null);
    Object.assign(total, add(total, f));
    byType.set(v.vehicleType, add(byType.get(v.vehicleType), f));
    byFleet.set(v.fleetId, {
      ...add(byFleet.get(v.fleetId), f),
      name: v.fleetName ?? 'No fleet (owners and unassigned)',
    });
    byVehicle.push({
      ...f,
      vehicleCount: 1,
      vehicleId: v.vehicleId,
      registrationNumber: v.registrationNumber,
      vehicleType: v.vehicleType,
      fleetName: v.fleetName,
      region,
      gridIntensity,
    });
  }
  byVehicle.sort((a, b) => b.avoidedLocationKg - a.avoidedLocationKg || a.vehicleId.localeCompare(b.vehicleId));
  return {
    from: iso(from),
    to: iso(to),
    dataFrom: iso(window.from),
    dataTo: iso(window.to),
    settings: {
      gridIntensity: settings.gridIntensity,
      gridSource,
      chargingLossPct: settings.chargingLossPct,
      baselines: TYPES.map((vehicleType) => ({
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
      .map(([id, { name, ...f }]) => ({
        ...f,
        fleetId: id,
        name,
        contract: id ? (contracts.get(id) ?? null) : null,
      }))
      .sort((a, b) => (a.fleetId === null ? 1 : b.fleetId === null ? -1 : a.name.localeCompare(b.name))),
    byVehicle: byVehicle.slice(0, MAX_VEHICLE_ROWS),
    vehiclesShown: Math.min(byVehicle.length, MAX_VEHICLE_ROWS),
  };
}
