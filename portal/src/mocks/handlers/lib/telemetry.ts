/** Telemetry of a vehicle or a device over a range (`from`, `to`, `points`, `keys`), from its models' templates. */
import type { WorldDb } from '../../world/db';
import { MAX_TELEMETRY_POINTS, telemetryOf } from '../../world/histories';
import { invalidQuery } from './http-error';

/** The range, resolution and keys of a telemetry request. */
function parseRange(url: URL): { from: number; to: number; points: number; keys: string[] } {
  const from = Date.parse(url.searchParams.get('from') ?? '');
  const to = Date.parse(url.searchParams.get('to') ?? '');
  if (Number.isNaN(from) || Number.isNaN(to)) throw invalidQuery('from and to must be ISO 8601 date-times.');
  if (to <= from) throw invalidQuery('to must be after from.');
  const pointsText = url.searchParams.get('points');
  const points = pointsText === null ? 500 : Number(pointsText);
  if (!Number.isInteger(points) || points < 2 || points > MAX_TELEMETRY_POINTS) {
    throw invalidQuery(`points must be a whole number from 2 to ${MAX_TELEMETRY_POINTS}.`);
  }
  const keys = (url.searchParams.get('keys') ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  return { from, to, points, keys };
}

/** Telemetry of the keys asked for, from the templates of the vehicle's model and its fitted devices' models. */
export function telemetryFor(
  db: WorldDb,
  sourceId: string,
  modelIds: (string | null)[],
  url: URL,
  /** The vehicle whose day the source follows (itself, or the vehicle a device is fitted to). */
  vehicleId: string | null = null,
) {
  const { from, to, points, keys } = parseRange(url);
  const template = modelIds.flatMap((id) => (id ? (db.tables.models.get(id)?.telemetryTemplate ?? []) : []));
  const unique = [...new Map(template.map((k) => [k.key, k])).values()];
  const unknown = keys.filter((k) => !unique.some((t) => t.key === k));
  if (unknown.length > 0) throw invalidQuery(`Unknown telemetry keys: ${unknown.join(', ')}.`);
  const chosen = keys.length > 0 ? unique.filter((t) => keys.includes(t.key)) : unique;
  const vehicle = vehicleId ? (db.tables.vehicles.get(vehicleId) ?? null) : null;
  return telemetryOf(db.world.seed, sourceId, chosen, from, to, points, { vehicle });
}
