import { GEOMETRY_ERROR, type PolygonGeometry, type Position, validateGeometry } from '@/domain/geometry';
import { FieldErrors } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import type { GeofenceStore } from './geofence-store';
import { GEOFENCE_RULES, type Geofence, type GeofenceRule } from './geofence-types';

/** The most points a geofence's ring may have (the closing point not counted). */
export const MAX_GEOFENCE_POINTS = 500;

const GEOMETRY_MESSAGE = {
  [GEOMETRY_ERROR.NoShape]: 'Send a polygon.',
  [GEOMETRY_ERROR.TooFewPoints]: 'The polygon needs at least 3 distinct points.',
  [GEOMETRY_ERROR.SelfIntersecting]: 'The polygon crosses itself.',
} as const;

/** A GeoJSON Polygon of [lng, lat] points, closed if it was not; undefined after recording why not. */
function readGeometry(errors: FieldErrors, value: unknown): PolygonGeometry | undefined {
  const candidate = value as { type?: unknown; coordinates?: unknown } | null;
  const ring = Array.isArray(candidate?.coordinates) ? (candidate.coordinates[0] as unknown) : undefined;
  const wellFormed =
    candidate?.type === 'Polygon' &&
    Array.isArray(ring) &&
    ring.length <= MAX_GEOFENCE_POINTS + 1 &&
    ring.every(
      (p) =>
        Array.isArray(p) &&
        p.length === 2 &&
        typeof p[0] === 'number' &&
        typeof p[1] === 'number' &&
        Number.isFinite(p[0]) &&
        Number.isFinite(p[1]) &&
        Math.abs(p[0]) <= 180 &&
        Math.abs(p[1]) <= 90,
    );
  if (!wellFormed) {
    errors.add('geometry', `Send a GeoJSON Polygon of at most ${MAX_GEOFENCE_POINTS} [lng, lat] points.`);
    return undefined;
  }
  const points = ring as Position[];
  const first = points[0];
  const last = points.at(-1);
  const closed = first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...points, first] : points;
  const geometry: PolygonGeometry = { type: 'Polygon', coordinates: [closed] };
  const problem = validateGeometry(geometry);
  if (problem) {
    errors.add('geometry', GEOMETRY_MESSAGE[problem]);
    return undefined;
  }
  return geometry;
}

export type GeofenceFields = Pick<
  Geofence,
  'name' | 'rule' | 'dwellMinutes' | 'deliveryMethods' | 'geometry' | 'vehicleIds'
>;

/**
 * Reads and checks the fields present in a body: all of them on a create (`current` null), the ones sent on an edit,
 * where the others stay. Throws 400 with every field error. Assigned vehicles must exist and be in the caller's
 * vehicle scope; on an edit, the assigned vehicles the caller does not see stay assigned (not theirs to drop).
 */
export async function readGeofenceFields(
  store: Pick<GeofenceStore, 'vehiclesIn'>,
  caller: Caller,
  body: Record<string, unknown>,
  current: Geofence | null,
): Promise<Partial<GeofenceFields>> {
  const errors = new FieldErrors();
  const out: Partial<GeofenceFields> = {};
  const partial = current !== null;
  if (!partial || body.name !== undefined) {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (name === '') errors.add('name', 'Enter a name.');
    else if (name.length > 80) errors.add('name', 'Use at most 80 characters.');
    else out.name = name;
  }
  if (!partial || body.rule !== undefined) {
    if (GEOFENCE_RULES.includes(body.rule as GeofenceRule)) out.rule = body.rule as GeofenceRule;
    else errors.add('rule', 'Choose enter, exit or dwell.');
  }
  const rule = out.rule ?? current?.rule;
  if (rule === 'dwell') {
    const minutes = body.dwellMinutes !== undefined ? body.dwellMinutes : current?.dwellMinutes;
    if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1 || minutes > 1440)
      errors.add('dwellMinutes', 'Enter whole minutes between 1 and 1440.');
    else out.dwellMinutes = minutes;
  } else if (rule !== undefined) {
    out.dwellMinutes = null;
  }
  if (!partial || body.deliveryMethods !== undefined) {
    const mask = body.deliveryMethods;
    if (typeof mask !== 'number' || !Number.isInteger(mask) || mask < 1 || mask > 63)
      errors.add('deliveryMethods', 'Choose at least one delivery method.');
    else out.deliveryMethods = mask;
  }
  if (!partial || body.geometry !== undefined) {
    const geometry = readGeometry(errors, body.geometry);
    if (geometry) out.geometry = geometry;
  }
  if (!partial || body.vehicleIds !== undefined) {
    const raw = body.vehicleIds ?? [];
    if (!Array.isArray(raw) || raw.some((id) => typeof id !== 'string')) {
      errors.add('vehicleIds', 'Send a list of vehicle ids.');
    } else {
      const asked = [...new Set(raw as string[])];
      const scope = vehicleScopeOf(caller);
      const seen = await store.vehiclesIn(asked, scope);
      const unknown = asked.filter((id) => !seen.has(id));
      if (unknown.length > 0) {
        errors.add('vehicleIds', `Unknown vehicles: ${unknown.slice(0, 5).join(', ')}.`);
      } else {
        const assigned = current?.vehicleIds ?? [];
        const visible = await store.vehiclesIn(assigned, scope);
        const everything = await store.vehiclesIn(assigned, null);
        const hidden = assigned.filter((id) => everything.has(id) && !visible.has(id));
        out.vehicleIds = [...new Set([...hidden, ...asked])];
      }
    }
  }
  errors.throwIfAny();
  return out;
}
