import { ACTION } from '@/domain/permissions';
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
import type { components } from '@/shared/api/schema';
import { TIME } from '../world/seeders/context';
import type { WorldDb } from '../world/db';
import { type BatteryCycleRow, batteryCyclesOf, type TripRow, tripsOf } from '../world/histories';
import type { CarbonSettingsRecord, Vehicle } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { organisationOf, savedCarbonSettings, supplyContractOfFleet } from './carbon-settings';
import { recordAudit } from './lib/audit-log';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors, readJsonObject } from './lib/body';
import { invalidQuery, notFound, validationFailed } from './lib/http-error';
import { toApi } from './lib/serialize';
import { vehicleFilterFor } from './lib/scope';

type Schemas = components['schemas'];
type GroupBy = Schemas['AnalysisGroupBy'];
type AnalysisDay = Schemas['AnalysisDay'];

const GROUPS: readonly GroupBy[] = ['vehicle', 'model', 'fleet'];
/** How far back trip histories reach (`tripsOf`): the data window. */
export const DATA_DAYS = 60;
/** The range asked for when none is given. */
export const DEFAULT_DAYS = 30;
/** One subject per colour of the 12-colour chart palette. */
export const MAX_SUBJECTS = 12;
/** Vehicles one answer may sum (each costs its trip history); more asks the caller to narrow the question. */
export const MAX_VEHICLES = 3000;
const MAX_OPTIONS = 50;
const MAX_VEHICLE_ROWS = 200;

// Trip and cycle histories are pure functions of (seed, vehicle row, now): keep them per row object while it lives
// (an edited vehicle is a new object, so it is recomputed).
const tripCache = new WeakMap<object, { key: string; trips: TripRow[] }>();
const cycleCache = new WeakMap<object, { key: string; cycles: BatteryCycleRow[] }>();

function tripsFor(db: WorldDb, vehicle: Vehicle): TripRow[] {
  const key = `${db.world.seed}:${db.world.referenceTime}`;
  const hit = tripCache.get(vehicle);
  if (hit?.key === key) return hit.trips;
  const trips = tripsOf(db.world.seed, vehicle, db.world.referenceTime);
  tripCache.set(vehicle, { key, trips });
  return trips;
}

function cyclesFor(db: WorldDb, vehicle: Vehicle): BatteryCycleRow[] {
  const bms = vehicle.bmsId ? db.tables.bmsDevices.get(vehicle.bmsId) : undefined;
  if (!bms) return [];
  const key = `${db.world.seed}:${db.world.referenceTime}`;
  const hit = cycleCache.get(bms);
  if (hit?.key === key) return hit.cycles;
  const cycles = batteryCyclesOf(db.world.seed, bms, db.world.referenceTime);
  cycleCache.set(bms, { key, cycles });
  return cycles;
}

/** The instants the world holds trip data for. */
export function dataWindow(db: WorldDb): { from: number; to: number } {
  return { from: db.world.referenceTime - DATA_DAYS * TIME.DAY, to: db.world.referenceTime };
}

const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoDay = (ms: number) => dayKey(ms);

/**
 * The range of a request: absent means the last 30 days of data. A range ending before it starts, or leaving the data
 * window by more than the day it ends on (the page asks for whole days), is a field error; inside that slack it is
 * clamped to the window.
 */
function readRange(url: URL, db: WorldDb, errors: FieldErrors): { from: number; to: number } {
  const window = dataWindow(db);
  const parse = (field: 'from' | 'to', fallback: number) => {
    const raw = url.searchParams.get(field);
    if (raw === null || raw === '') return fallback;
    const ms = Date.parse(raw);
    if (Number.isNaN(ms)) errors.add(field, 'Enter a date and time (ISO 8601).');
    return ms;
  };
  const to = parse('to', window.to);
  const from = parse('from', Math.max(window.from, to - DEFAULT_DAYS * TIME.DAY));
  if (Number.isNaN(from) || Number.isNaN(to)) return { from: window.from, to: window.to };
  if (to < from) errors.add('to', 'The end of the range is before its start.');
  if (from < window.from - TIME.DAY)
    errors.add('from', `Data starts on ${isoDay(window.from)} (the last ${DATA_DAYS} days); pick a later start.`);
  else if (from > window.to) errors.add('from', `Data ends on ${isoDay(window.to)}; pick an earlier start.`);
  if (to > window.to + TIME.DAY) errors.add('to', `Data ends on ${isoDay(window.to)}; pick an earlier end.`);
  return { from: Math.max(from, window.from), to: Math.min(to, window.to) };
}

function readGroupBy(url: URL, errors: FieldErrors): GroupBy {
  const raw = url.searchParams.get('groupBy') as GroupBy | null;
  if (raw && GROUPS.includes(raw)) return raw;
  errors.add('groupBy', 'Compare vehicles, models or fleets.');
  return 'vehicle';
}

const subjectOf: Record<GroupBy, (v: Vehicle) => string | null> = {
  vehicle: (v) => v.id,
  model: (v) => v.modelId,
  fleet: (v) => v.fleetId,
};

function subjectName(db: WorldDb, groupBy: GroupBy, id: string): { name: string; detail: string } | null {
  if (groupBy === 'vehicle') {
    const v = db.tables.vehicles.get(id);
    return v
      ? { name: v.registrationNumber, detail: `${v.vin} · ${db.tables.models.get(v.modelId)?.name ?? ''}` }
      : null;
  }
  if (groupBy === 'model') {
    const m = db.tables.models.get(id);
    return m ? { name: m.name, detail: db.tables.oems.get(m.oemId)?.name ?? '' } : null;
  }
  const f = db.tables.fleets.get(id);
  return f ? { name: f.name, detail: f.city } : null;
}

function scopedVehicles(ctx: AuthContext, db: WorldDb): Vehicle[] {
  const inScope = vehicleFilterFor(ctx);
  const out: Vehicle[] = [];
  for (const v of db.tables.vehicles.values()) if (inScope(v)) out.push(v);
  return out;
}

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

/** Aggregates of one subject's vehicles over [from, to] (see the AnalysisSubject schema for each figure). */
function aggregate(
  db: WorldDb,
  vehicles: readonly Vehicle[],
  faultsByVehicle: ReadonlyMap<string, number>,
  from: number,
  to: number,
): Omit<Schemas['AnalysisSubject'], 'id' | 'name'> {
  let tripCount = 0;
  let distanceKm = 0;
  let energyKwh = 0;
  let drivingMin = 0;
  let socUsed = 0;
  let sessions = 0;
  let plugIn = 0;
  let plugInCount = 0;
  let unplug = 0;
  let faultCount = 0;
  const days = new Map<string, AnalysisDay>();
  for (let t = from; t <= to; t += TIME.DAY) {
    const date = dayKey(t);
    days.set(date, { date, distanceKm: 0, energyKwh: 0, drivingHours: 0 });
  }
  for (const v of vehicles) {
    faultCount += faultsByVehicle.get(v.id) ?? 0;
    for (const trip of tripsFor(db, v)) {
      if (trip.startedAt < from || trip.startedAt > to) continue;
      tripCount += 1;
      distanceKm += trip.distanceKm;
      energyKwh += trip.energyKwh;
      drivingMin += trip.durationMin;
      const date = dayKey(trip.startedAt);
      const day = days.get(date) ?? { date, distanceKm: 0, energyKwh: 0, drivingHours: 0 };
      day.distanceKm += trip.distanceKm;
      day.energyKwh += trip.energyKwh;
      day.drivingHours += trip.durationMin / 60;
      days.set(date, day);
    }
    const cycles = cyclesFor(db, v);
    cycles.forEach((cycle, i) => {
      if (cycle.startedAt < from || cycle.startedAt > to) return;
      socUsed += Math.max(0, cycle.startSoc - cycle.endSoc);
      // The charge before this cycle began at the SoC the previous (older) cycle ended with and ended at its start SoC.
      sessions += 1;
      unplug += cycle.startSoc;
      const previous = cycles[i + 1];
      if (previous) {
        plugIn += previous.endSoc;
        plugInCount += 1;
      }
    });
  }
  const rangeHours = Math.max(1, (to - from) / TIME.HOUR);
  const vehicleDays = Math.max(1, vehicles.length) * Math.max(1 / 24, (to - from) / TIME.DAY);
  return {
    vehicleCount: vehicles.length,
    tripCount,
    distanceKm: round(distanceKm, 1),
    energyKwh: round(energyKwh, 2),
    energyWhPerKm: distanceKm > 0 ? round((energyKwh * 1000) / distanceKm, 1) : null,
    drivingHours: round(drivingMin / 60, 1),
    utilisationPct: vehicles.length > 0 ? round((drivingMin / 60 / (rangeHours * vehicles.length)) * 100, 2) : 0,
    socUsedPct: round(socUsed, 1),
    socUsedPerVehicleDayPct: round(socUsed / vehicleDays, 1),
    faultCount,
    faultsPer1000Km: distanceKm > 0 ? round((faultCount / distanceKm) * 1000, 2) : null,
    chargingSessions: sessions,
    avgPlugInSoc: plugInCount > 0 ? round(plugIn / plugInCount, 1) : null,
    avgUnplugSoc: sessions > 0 ? round(unplug / sessions, 1) : null,
    daily: [...days.values()]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((d) => ({
        date: d.date,
        distanceKm: round(d.distanceKm, 1),
        energyKwh: round(d.energyKwh, 2),
        drivingHours: round(d.drivingHours, 2),
      })),
  };
}

function faultsIn(db: WorldDb, from: number, to: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const f of db.tables.faults.values()) {
    if (f.occurredAt < from || f.occurredAt > to) continue;
    counts.set(f.vehicleId, (counts.get(f.vehicleId) ?? 0) + 1);
  }
  return counts;
}

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
 * One vehicle's carbon figures over trips that started in [from, to] (decision 0082): its region's grid intensity
 * where one is set, its fleet's supply contract for the market-based figure. The carbon page and the dashboard's CO2
 * panel both sum these, so the two agree.
 */
export function vehicleCarbon(db: WorldDb, v: Vehicle, from: number, to: number, settings: CarbonSettings) {
  let distanceKm = 0;
  let energyKwh = 0;
  for (const trip of tripsFor(db, v)) {
    if (trip.startedAt < from || trip.startedAt > to) continue;
    distanceKm += trip.distanceKm;
    energyKwh += trip.energyKwh;
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

/** Vehicles in the caller's scope the answer sums; more than MAX_VEHICLES is an invalid query asking to narrow it. */
function checkVehicleCount(count: number, hint: string) {
  if (count > MAX_VEHICLES)
    throw invalidQuery(
      `This covers ${count.toLocaleString('en-GB')} vehicles; the demo sums at most ${MAX_VEHICLES.toLocaleString('en-GB')} at once. ${hint}`,
    );
}

/** Analysis (issue 22 item 3) and carbon emission (item 4): aggregates computed from the demo world, in scope. */
export function createAnalysisHandlers(http: ApiHttp) {
  return [
    http.get('/analysis/subjects', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: ['a', 'ce'] });
      const url = new URL(request.url);
      const errors = new FieldErrors();
      const groupBy = readGroupBy(url, errors);
      errors.throwIfAny();
      const q = (url.searchParams.get('q') ?? '').trim().toLowerCase();
      const seen = new Set<string>();
      const items: Schemas['AnalysisSubjectOption'][] = [];
      for (const v of scopedVehicles(ctx, db)) {
        const id = subjectOf[groupBy](v);
        if (id === null || seen.has(id)) continue;
        seen.add(id);
        const named = subjectName(db, groupBy, id);
        if (!named) continue;
        if (q && !`${named.name} ${named.detail} ${id}`.toLowerCase().includes(q)) continue;
        items.push({ id, ...named });
      }
      items.sort((a, b) => a.name.localeCompare(b.name));
      const window = dataWindow(db);
      return response(200).json({
        items: items.slice(0, MAX_OPTIONS),
        dataFrom: new Date(window.from).toISOString(),
        dataTo: new Date(window.to).toISOString(),
      });
    }),

    http.get('/analysis/compare', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'a');
      const url = new URL(request.url);
      const errors = new FieldErrors();
      const groupBy = readGroupBy(url, errors);
      const { from, to } = readRange(url, db, errors);
      const ids = [
        ...new Set(
          (url.searchParams.get('ids') ?? '')
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ];
      if (ids.length === 0) errors.add('ids', 'Pick at least one to compare.');
      else if (ids.length > MAX_SUBJECTS) errors.add('ids', `Compare at most ${MAX_SUBJECTS} at once.`);
      errors.throwIfAny();
      const members = new Map<string, Vehicle[]>(ids.map((id) => [id, []]));
      for (const v of scopedVehicles(ctx, db)) members.get(subjectOf[groupBy](v) ?? '')?.push(v);
      // A subject with no vehicle in scope is unknown to the caller (another scope's fleet, a deleted vehicle).
      const unknown = ids.filter((id) => (members.get(id)?.length ?? 0) === 0 || !subjectName(db, groupBy, id));
      if (unknown.length > 0) throw validationFailed({ ids: `Not found in your scope: ${unknown.join(', ')}.` });
      checkVehicleCount(
        [...members.values()].reduce((n, list) => n + list.length, 0),
        'Compare fewer or smaller groups.',
      );
      const faults = faultsIn(db, from, to);
      const window = dataWindow(db);
      return response(200).json({
        groupBy,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        dataFrom: new Date(window.from).toISOString(),
        dataTo: new Date(window.to).toISOString(),
        subjects: ids.map((id) => ({
          id,
          name: subjectName(db, groupBy, id)?.name ?? id,
          ...aggregate(db, members.get(id) ?? [], faults, from, to),
        })),
      });
    }),

    http.post('/analysis/exports', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const kind = body.kind === 'compare' || body.kind === 'carbon' ? body.kind : null;
      if (!kind) errors.add('kind', 'Say what was exported: compare or carbon.');
      const format = body.format === 'csv' || body.format === 'png' ? body.format : null;
      if (!format) errors.add('format', 'Say the file format: csv or png.');
      const from = Date.parse(String(body.from ?? ''));
      const to = Date.parse(String(body.to ?? ''));
      if (Number.isNaN(from)) errors.add('from', 'Send the start of the exported range.');
      if (Number.isNaN(to)) errors.add('to', 'Send the end of the exported range.');
      else if (!Number.isNaN(from) && to < from) errors.add('to', 'The end of the range is before its start.');
      const rows = typeof body.rows === 'number' && Number.isInteger(body.rows) && body.rows >= 0 ? body.rows : -1;
      if (rows < 0) errors.add('rows', 'Send how many rows the file holds (0 for an image).');
      errors.throwIfAny();
      // The page's own permission with Export: the same check that shows the export buttons.
      requirePermission(ctx, kind === 'compare' ? 'a' : 'ce', ACTION.EXPORT);
      const subject = typeof body.subject === 'string' ? body.subject.trim().slice(0, 300) : '';
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const what = kind === 'compare' ? 'the analysis comparison' : 'the carbon emission report';
      const file = format === 'csv' ? `a CSV of ${rows} rows` : 'a PNG chart';
      const entry = recordAudit(
        db,
        ctx,
        'Analysis Data',
        kind === 'compare' ? 'analysis-compare' : 'carbon-emission',
        'Export',
        `Exported ${what} as ${file}, ${day(from)} to ${day(to)}${subject ? `: ${subject}` : ''}`,
      );
      await db.persist();
      return response(201).json(toApi<Schemas['AuditEntry']>(entry));
    }),

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
