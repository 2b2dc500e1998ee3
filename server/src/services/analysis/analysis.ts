import { ACTION } from '@/domain/permissions';
import type { AuditEntry } from '../audit/audit-chain';
import { appendAudit } from '../audit/audit-chain';
import { daysOfRange, round, spanOf } from '../activity/activity-days';
import {
  type ActivityDeps,
  type ActivityTotals,
  type GroupBy,
  type SubjectRow,
  ZERO_TOTALS,
} from '../activity/activity-store';
import type { Schemas } from '../lib/api-types';
import { FieldErrors, validationFailed } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import { checkVehicleCount, dataWindow, readAnalysisRange } from './analysis-window';

const GROUPS: readonly GroupBy[] = ['vehicle', 'model', 'fleet'];
/** One subject per colour of the 12-colour chart palette. */
export const MAX_SUBJECTS = 12;
/** Options the subject picker lists at most. */
export const MAX_OPTIONS = 50;
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

function readGroupBy(raw: unknown, errors: FieldErrors): GroupBy {
  if (typeof raw === 'string' && (GROUPS as readonly string[]).includes(raw)) return raw as GroupBy;
  errors.add('groupBy', 'Compare vehicles, models or fleets.');
  return 'vehicle';
}

/** A subject's option: its name and the line under it (a vehicle's VIN and model, a model's OEM, a fleet's city). */
function optionOf(groupBy: GroupBy, s: SubjectRow): Schemas['AnalysisSubjectOption'] {
  const detail =
    groupBy === 'vehicle'
      ? `${s.vin ?? ''} · ${s.modelName ?? ''}`
      : groupBy === 'model'
        ? (s.oemName ?? '')
        : (s.city ?? '');
  return { id: s.id, name: s.name, detail };
}

/**
 * GET /analysis/subjects: the vehicles, models or fleets with a vehicle in the caller's vehicle scope, matching `q`
 * (name, detail or id), by name, at most 50, with the window the roll-up holds data for. Needs `a` or `ce`.
 */
export async function listAnalysisSubjects(
  deps: ActivityDeps,
  caller: Caller,
  input: { groupBy?: string; q?: string },
): Promise<Schemas['AnalysisSubjectList']> {
  requirePermission(caller, { anyOf: ['a', 'ce'] });
  const errors = new FieldErrors();
  const groupBy = readGroupBy(input.groupBy, errors);
  errors.throwIfAny();
  const q = (input.q ?? '').trim().toLowerCase();
  const items = (await deps.activity.subjects(vehicleScopeOf(caller), groupBy))
    .map((s) => optionOf(groupBy, s))
    .filter((o) => !q || `${o.name} ${o.detail} ${o.id}`.toLowerCase().includes(q))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const window = await dataWindow(deps.activity, deps.now());
  return { items: items.slice(0, MAX_OPTIONS), dataFrom: iso(window.from), dataTo: iso(window.to) };
}

/** The figures of one subject from its sums (see the AnalysisSubject schema for each). */
function figuresOf(
  t: ActivityTotals,
  vehicles: number,
  faults: number,
  days: number,
): Omit<Schemas['AnalysisSubject'], 'id' | 'name' | 'daily'> {
  const vehicleDays = Math.max(1, vehicles) * Math.max(1 / 24, days);
  return {
    vehicleCount: vehicles,
    tripCount: t.trips,
    distanceKm: round(t.distanceKm, 1),
    energyKwh: round(t.energyKwh, 2),
    energyWhPerKm: t.distanceKm > 0 ? round((t.energyKwh * 1000) / t.distanceKm, 1) : null,
    drivingHours: round(t.drivingHours, 1),
    // Of the hours the vehicles were in service and reporting, as the dashboard's utilisation (issue 37 item 7).
    utilisationPct: t.reportingHours > 0 ? round((t.drivingHours / t.reportingHours) * 100, 2) : 0,
    socUsedPct: round(t.socUsedPct, 1),
    socUsedPerVehicleDayPct: round(t.socUsedPct / vehicleDays, 1),
    faultCount: faults,
    faultsPer1000Km: t.distanceKm > 0 ? round((faults / t.distanceKm) * 1000, 2) : null,
    chargingSessions: t.chargeSessions,
    avgPlugInSoc: t.chargeSessions > 0 ? round(t.plugInSocSum / t.chargeSessions, 1) : null,
    avgUnplugSoc: t.chargeSessions > 0 ? round(t.unplugSocSum / t.chargeSessions, 1) : null,
  };
}

/**
 * GET /analysis/compare: 1 to 12 vehicles, models or fleets over the UTC days of a range of the data window (default
 * the last 30 days), each over its vehicles in the caller's vehicle scope, from the activity roll-up and the faults.
 * Without `ids`, `top` picks the subjects that drove the farthest in the range. A subject with no vehicle in the scope
 * is a field error on `ids`. Needs `a`.
 */
export async function compareAnalysis(
  deps: ActivityDeps,
  caller: Caller,
  input: { groupBy?: string; ids?: string; top?: string | number; from?: string; to?: string },
): Promise<Schemas['AnalysisComparison']> {
  requirePermission(caller, 'a');
  const errors = new FieldErrors();
  const groupBy = readGroupBy(input.groupBy, errors);
  const window = await dataWindow(deps.activity, deps.now());
  const { from, to } = readAnalysisRange(input, window, errors);
  const ids = [
    ...new Set(
      (input.ids ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  const rawTop = input.top === undefined || input.top === '' ? null : Number(input.top);
  let top: number | null = null;
  if (ids.length === 0 && rawTop !== null) {
    if (!Number.isInteger(rawTop) || rawTop < 1 || rawTop > MAX_SUBJECTS)
      errors.add('top', `Compare from 1 to ${MAX_SUBJECTS} at once.`);
    else top = rawTop;
  } else if (ids.length === 0) errors.add('ids', 'Pick at least one to compare.');
  else if (ids.length > MAX_SUBJECTS) errors.add('ids', `Compare at most ${MAX_SUBJECTS} at once.`);
  errors.throwIfAny();

  const scope = vehicleScopeOf(caller);
  const dates = daysOfRange(new Date(from), new Date(to));
  const span = dates.length > 0 ? spanOf(dates) : { first: '9999-12-31', last: '0000-01-01' };
  if (top !== null) {
    // The farthest in the range, farthest first (ties by id); a subject that did not drive is not among them.
    const totals = await deps.activity.groupTotals(scope, span, groupBy);
    ids.push(
      ...totals
        .filter((t) => t.distanceKm > 0)
        .sort((a, b) => b.distanceKm - a.distanceKm || a.subjectId.localeCompare(b.subjectId))
        .slice(0, top)
        .map((t) => t.subjectId),
    );
  }
  const [named, totals] = await Promise.all([
    deps.activity.subjects(scope, groupBy, ids),
    deps.activity.groupTotals(scope, span, groupBy, ids),
  ]);
  const names = new Map(named.map((s) => [s.id, s.name]));
  const sums = new Map(totals.map((t) => [t.subjectId, t]));
  // A subject with no vehicle in scope is unknown to the caller (another scope's fleet, a deleted vehicle).
  const unknown = ids.filter((id) => !names.has(id) || (sums.get(id)?.vehicles ?? 0) === 0);
  if (unknown.length > 0) throw validationFailed({ ids: `Not found in your scope: ${unknown.join(', ')}.` });
  checkVehicleCount(
    totals.reduce((n, t) => n + t.vehicles, 0),
    'Compare fewer or smaller groups.',
  );
  const [daily, faults] = await Promise.all([
    deps.activity.groupDays(scope, span, groupBy, ids),
    deps.activity.faultCounts(scope, groupBy, ids, { from: new Date(from), to: new Date(to) }),
  ]);
  const faultsOf = new Map(faults.map((f) => [f.subjectId, f.faults]));
  const dayOf = new Map(daily.map((d) => [`${d.subjectId}|${d.date}`, d]));
  return {
    groupBy,
    from: iso(from),
    to: iso(to),
    dataFrom: iso(window.from),
    dataTo: iso(window.to),
    subjects: ids.map((id) => {
      const t = sums.get(id) ?? { ...ZERO_TOTALS, subjectId: id, vehicles: 0 };
      return {
        id,
        name: names.get(id) ?? id,
        ...figuresOf(t, t.vehicles, faultsOf.get(id) ?? 0, (to - from) / DAY_MS),
        daily: dates.map((date) => {
          const d = dayOf.get(`${id}|${date}`);
          return {
            date,
            distanceKm: round(d?.distanceKm ?? 0, 1),
            energyKwh: round(d?.energyKwh ?? 0, 2),
            drivingHours: round(d?.drivingHours ?? 0, 2),
          };
        }),
      };
    }),
  };
}

/**
 * POST /analysis/exports: records an export the portal makes of figures it holds (one audit entry, Analysis Data /
 * Export, decision 0094). Needs `a` (compare) or `ce` (carbon) with Export, checked after the body.
 */
export async function recordAnalysisExport(
  deps: Pick<ActivityDeps, 'now' | 'transact'>,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<AuditEntry> {
  const errors = new FieldErrors();
  const kind = body.kind === 'compare' || body.kind === 'carbon' ? body.kind : null;
  if (!kind) errors.add('kind', 'Say what was exported: compare or carbon.');
  const format = body.format === 'csv' || body.format === 'png' ? body.format : null;
  if (!format) errors.add('format', 'Say the file format: csv or png.');
  const from = Date.parse(typeof body.from === 'string' ? body.from : '');
  const to = Date.parse(typeof body.to === 'string' ? body.to : '');
  if (Number.isNaN(from)) errors.add('from', 'Send the start of the exported range.');
  if (Number.isNaN(to)) errors.add('to', 'Send the end of the exported range.');
  else if (!Number.isNaN(from) && to < from) errors.add('to', 'The end of the range is before its start.');
  const rows = typeof body.rows === 'number' && Number.isInteger(body.rows) && body.rows >= 0 ? body.rows : -1;
  if (rows < 0) errors.add('rows', 'Send how many rows the file holds (0 for an image).');
  if (body.subject !== undefined && typeof body.subject !== 'string')
    errors.add('subject', 'Send the subject as text.');
  errors.throwIfAny();
  // The page's own permission with Export: the same check that shows the export buttons.
  requirePermission(caller, kind === 'compare' ? 'a' : 'ce', ACTION.EXPORT);
  const subject = typeof body.subject === 'string' ? body.subject.trim().slice(0, 300) : '';
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const what = kind === 'compare' ? 'the analysis comparison' : 'the carbon emission report';
  const file = format === 'csv' ? `a CSV of ${rows} rows` : 'a PNG chart';
  const now = deps.now();
  return deps.transact((tx) =>
    appendAudit(
      tx.audit,
      caller,
      {
        entity: 'Analysis Data',
        entityId: kind === 'compare' ? 'analysis-compare' : 'carbon-emission',
        action: 'Export',
        summary: `Exported ${what} as ${file}, ${day(from)} to ${day(to)}${subject ? `: ${subject}` : ''}`,
        changes: [],
      },
      now,
    ),
  );
}
