import { ACTION } from '@/domain/permissions';
import type { components } from '@/domain/api-schema';
import { TIME } from '../world/seeders/context';
import type { WorldDb } from '../world/db';
import type { Vehicle } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { recordAudit } from './lib/audit-log';
import { requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors, readJsonObject } from './lib/body';
import { validationFailed } from './lib/http-error';
import {
  checkVehicleCount,
  cyclesFor,
  dataWindow,
  dayKey,
  readRange,
  reportingHoursOf,
  scopedVehicles,
  tripsFor,
} from './lib/analysis';

type Schemas = components['schemas'];
type GroupBy = Schemas['AnalysisGroupBy'];
type AnalysisDay = Schemas['AnalysisDay'];

const GROUPS: readonly GroupBy[] = ['vehicle', 'model', 'fleet'];
/** One subject per colour of the 12-colour chart palette. */
export const MAX_SUBJECTS = 12;
const MAX_OPTIONS = 50;

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
  let reportingHours = 0;
  const days = new Map<string, AnalysisDay>();
  for (let t = from; t <= to; t += TIME.DAY) {
    const date = dayKey(t);
    days.set(date, { date, distanceKm: 0, energyKwh: 0, drivingHours: 0 });
  }
  for (const v of vehicles) {
    faultCount += faultsByVehicle.get(v.id) ?? 0;
    reportingHours += reportingHoursOf(v, from, to);
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
  const vehicleDays = Math.max(1, vehicles.length) * Math.max(1 / 24, (to - from) / TIME.DAY);
  return {
    vehicleCount: vehicles.length,
    tripCount,
    distanceKm: round(distanceKm, 1),
    energyKwh: round(energyKwh, 2),
    energyWhPerKm: distanceKm > 0 ? round((energyKwh * 1000) / distanceKm, 1) : null,
    drivingHours: round(drivingMin / 60, 1),
    // Of the hours the vehicles were in service and reporting, as the dashboard's utilisation (issue 37 item 7).
    utilisationPct: reportingHours > 0 ? round((drivingMin / 60 / reportingHours) * 100, 2) : 0,
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

/** `top` when no ids are given (1 to 12); null when ids are given or `top` is absent. */
function readTop(url: URL, noIds: boolean, errors: FieldErrors): number | null {
  const raw = url.searchParams.get('top');
  if (raw === null || raw === '' || !noIds) return null;
  const top = Number(raw);
  if (!Number.isInteger(top) || top < 1 || top > MAX_SUBJECTS) {
    errors.add('top', `Compare from 1 to ${MAX_SUBJECTS} at once.`);
    return null;
  }
  return top;
}

/**
 * The `top` subjects of the caller's vehicles that drove the farthest in [from, to], farthest first (ties by id); a
 * subject that did not drive at all is not among them.
 */
function farthest(
  db: WorldDb,
  groupBy: GroupBy,
  vehicles: readonly Vehicle[],
  from: number,
  to: number,
  top: number,
): string[] {
  const distance = new Map<string, number>();
  for (const v of vehicles) {
    const id = subjectOf[groupBy](v);
    if (id === null || !subjectName(db, groupBy, id)) continue;
    let km = 0;
    for (const trip of tripsFor(db, v)) if (trip.startedAt >= from && trip.startedAt <= to) km += trip.distanceKm;
    distance.set(id, (distance.get(id) ?? 0) + km);
  }
  return [...distance]
    .filter(([, km]) => km > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, top)
    .map(([id]) => id);
}

/** Analysis (issue 22 item 3): the subjects to pick, their comparison, and the audit entry of an export. The carbon
 * report is `carbon.ts`. */
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
      const top = readTop(url, ids.length === 0, errors);
      if (top === null) {
        if (ids.length === 0 && !url.searchParams.get('top')) errors.add('ids', 'Pick at least one to compare.');
        else if (ids.length > MAX_SUBJECTS) errors.add('ids', `Compare at most ${MAX_SUBJECTS} at once.`);
      }
      errors.throwIfAny();
      const scoped = scopedVehicles(ctx, db);
      if (top !== null) ids.push(...farthest(db, groupBy, scoped, from, to, top));
      const members = new Map<string, Vehicle[]>(ids.map((id) => [id, []]));
      for (const v of scoped) members.get(subjectOf[groupBy](v) ?? '')?.push(v);
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
      const entry = await recordAudit(
        db,
        ctx,
        'Analysis Data',
        kind === 'compare' ? 'analysis-compare' : 'carbon-emission',
        'Export',
        `Exported ${what} as ${file}, ${day(from)} to ${day(to)}${subject ? `: ${subject}` : ''}`,
      );
      await db.persist();
      return response(201).json(entry);
    }),
  ];
}
