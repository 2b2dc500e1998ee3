import { invalidQuery } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { deviceInScope } from '../devices/get-device';
import { vehicleInScope } from '../vehicles/get-vehicle';
import { downsample, sampleTimes } from './downsample';
import type { TelemetryDeps, TelemetryKey, TelemetryRun } from './telemetry-store';

/** The most points a series may ask for (openapi.yaml getVehicleTelemetry `points`). */
export const MAX_TELEMETRY_POINTS = 1_000_000;
const DEFAULT_POINTS = 500;
/** A sample stands for its key until the next one, for at most this long (the seeded rows are 15 minutes apart). */
export const TELEMETRY_HOLD_MS = 15 * 60_000;

export interface TelemetryInput {
  id: string;
  from?: string | undefined;
  to?: string | undefined;
  keys?: string | undefined;
  points?: number | string | undefined;
}

type Series = Schemas['TelemetrySeries'];

/** The range, resolution and keys of a telemetry request: both ends, in order; 2 to 1,000,000 points. */
export function telemetryRange(input: TelemetryInput): { from: number; to: number; points: number; keys: string[] } {
  const from = Date.parse(input.from ?? '');
  const to = Date.parse(input.to ?? '');
  if (Number.isNaN(from) || Number.isNaN(to)) throw invalidQuery('from and to must be ISO 8601 date-times.');
  if (to <= from) throw invalidQuery('to must be after from.');
  const points = input.points === undefined || input.points === '' ? DEFAULT_POINTS : Number(input.points);
  if (!Number.isInteger(points) || points < 2 || points > MAX_TELEMETRY_POINTS) {
    throw invalidQuery(`points must be a whole number from 2 to ${MAX_TELEMETRY_POINTS}.`);
  }
  const keys = (input.keys ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  return { from, to, points, keys };
}

/** The keys of templates, in order, each once (the first template naming a key gives its unit). */
export function unionOfTemplates(templates: readonly (readonly TelemetryKey[])[]): TelemetryKey[] {
  return [...new Map(templates.flat().map((k) => [k.key, k])).values()];
}

/** The subject's template: the union of its models' (a vehicle's model, then its fitted BMS, MCU and VCU models'). */
async function templateOf(deps: TelemetryDeps, modelIds: (string | null | undefined)[]): Promise<TelemetryKey[]> {
  const ids = modelIds.filter((id): id is string => typeof id === 'string');
  const templates = await deps.telemetry.templates(ids);
  return unionOfTemplates(ids.map((id) => templates.get(id) ?? []));
}

/** The series of the subject's stored runs for the keys asked (all of the template's by default). */
async function seriesOf(
  deps: TelemetryDeps,
  subjectId: string,
  template: TelemetryKey[],
  input: TelemetryInput,
): Promise<{ items: Series[] }> {
  const { from, to, points, keys } = telemetryRange(input);
  const unknown = keys.filter((k) => !template.some((t) => t.key === k));
  if (unknown.length > 0) throw invalidQuery(`Unknown telemetry keys: ${unknown.join(', ')}.`);
  const chosen = keys.length > 0 ? template.filter((t) => keys.includes(t.key)) : template;
  // A sample up to TELEMETRY_HOLD_MS before `from` still stands at `from`.
  const runs = await deps.telemetry.runs(subjectId, from - TELEMETRY_HOLD_MS, to);
  const times = sampleTimes(from, to, points);
  return {
    items: chosen.map((key) => {
      const { at, values } = samplesOf(runs, key.key);
      return { key: key.key, unit: key.unit, points: downsample(times, at, values, TELEMETRY_HOLD_MS) };
    }),
  };
}

/** One key's samples of the runs, in time order (runs may interleave: a lone message between two of a batch's). */
function samplesOf(runs: readonly TelemetryRun[], key: string): { at: number[]; values: number[] } {
  const pairs: [number, number][] = [];
  for (const run of runs) {
    const v = run.values[key];
    if (!v) continue;
    for (let i = 0; i < v.length; i += 1) pairs.push([run.at + i * run.stepMs, v[i]!]);
  }
  pairs.sort((a, b) => a[0] - b[0]);
  const at: number[] = [];
  const values: number[] = [];
  for (const [t, v] of pairs) {
    if (at.length > 0 && t === at[at.length - 1]) continue;
    at.push(t);
    values.push(v);
  }
  return { at, values };
}

/**
 * GET /vehicles/{id}/telemetry: the vehicle's telemetry over the range, `points` points per key (the rule of
 * `downsample.ts`), keys from the templates of its model and its fitted BMS, MCU and VCU models. Needs `vh.l.d.a`.
 */
export async function getVehicleTelemetry(
  deps: TelemetryDeps,
  caller: Caller,
  input: TelemetryInput,
): Promise<{ items: Series[] }> {
  requirePermission(caller, 'vh.l.d.a');
  const vehicle = await vehicleInScope(deps.vehicles, caller, input.id);
  const fitted = await Promise.all(
    [vehicle.bmsId, vehicle.mcuId, vehicle.vcuId].map(async (id) =>
      id ? ((await deps.devices.get(id, null))?.modelId ?? null) : null,
    ),
  );
  return seriesOf(deps, vehicle.id, await templateOf(deps, [vehicle.modelId, ...fitted]), input);
}

/**
 * GET /devices/{id}/telemetry: a device's telemetry over the range, keys from its model's template. The device must be
 * in the caller's device scope (else 404) and its kind's list theirs (else 403).
 */
export async function getDeviceTelemetry(
  deps: TelemetryDeps,
  caller: Caller,
  input: TelemetryInput,
): Promise<{ items: Series[] }> {
  const device = await deviceInScope(deps.devices, caller, input.id);
  return seriesOf(deps, device.id, await templateOf(deps, [device.modelId]), input);
}
