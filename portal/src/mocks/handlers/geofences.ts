import { ACTION } from '@/domain/permissions';
import { GEOMETRY_ERROR, type PolygonGeometry, type Position, validateGeometry } from '@/domain/geometry';
import type { WorldDb } from '../world/db';
import type { ApiGeofence, Geofence } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { FieldErrors, readJsonObject } from './lib/body';
import { notFound } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { vehicleFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';

const RULES: readonly Geofence['rule'][] = ['enter', 'exit', 'dwell'];
const MAX_POINTS = 500;

export const GEOFENCE_LIST: ListSpec<Geofence> = {
  sortable: {
    name: (g) => g.name.toLowerCase(),
    rule: (g) => g.rule,
    createdAt: (g) => g.createdAt,
    updatedAt: (g) => g.updatedAt,
  },
  filterable: { rule: (g) => g.rule },
  searchable: [(g) => g.name],
  defaultSort: [{ field: 'updatedAt', direction: 'desc' }],
};

/** The geofence as the caller sees it: assigned vehicles outside their scope are not shown. */
function asApi(ctx: AuthContext, db: WorldDb, geofence: Geofence): ApiGeofence {
  const inScope = vehicleFilterFor(ctx);
  const vehicleIds = geofence.vehicleIds.filter((id) => {
    const vehicle = db.tables.vehicles.get(id);
    return vehicle !== undefined && inScope(vehicle);
  });
  return toApi<ApiGeofence>({ ...geofence, vehicleIds });
}

function geofenceOr404(db: WorldDb, id: string): Geofence {
  const geofence = db.tables.geofences.get(id);
  if (!geofence) throw notFound('Geofence');
  return geofence;
}

const GEOMETRY_MESSAGE = {
  [GEOMETRY_ERROR.NoShape]: 'Send a polygon.',
  [GEOMETRY_ERROR.TooFewPoints]: 'The polygon needs at least 3 distinct points.',
  [GEOMETRY_ERROR.SelfIntersecting]: 'The polygon crosses itself.',
} as const;

function readGeometry(errors: FieldErrors, value: unknown): PolygonGeometry | undefined {
  const candidate = value as { type?: unknown; coordinates?: unknown } | null;
  const ring = Array.isArray(candidate?.coordinates) ? (candidate.coordinates[0] as unknown) : undefined;
  const wellFormed =
    candidate?.type === 'Polygon' &&
    Array.isArray(ring) &&
    ring.length <= MAX_POINTS + 1 &&
    ring.every(
      (p) =>
        Array.isArray(p) &&
        p.length === 2 &&
        typeof p[0] === 'number' &&
        typeof p[1] === 'number' &&
        Math.abs(p[0]) <= 180 &&
        Math.abs(p[1]) <= 90,
    );
  if (!wellFormed) {
    errors.add('geometry', `Send a GeoJSON Polygon of at most ${MAX_POINTS} [lng, lat] points.`);
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

type GeofenceFields = Pick<Geofence, 'name' | 'rule' | 'dwellMinutes' | 'deliveryMethods' | 'geometry' | 'vehicleIds'>;

/** Reads and checks the fields present in a body; `partial` for PATCH, where absent fields stay as they are. */
function readFields(
  ctx: AuthContext,
  db: WorldDb,
  body: Record<string, unknown>,
  current: Geofence | null,
): Partial<GeofenceFields> {
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
    if (RULES.includes(body.rule as Geofence['rule'])) out.rule = body.rule as Geofence['rule'];
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
  if (body.vehicleIds !== undefined || !partial) {
    const raw = body.vehicleIds ?? [];
    const inScope = vehicleFilterFor(ctx);
    if (!Array.isArray(raw) || raw.some((id) => typeof id !== 'string')) {
      errors.add('vehicleIds', 'Send a list of vehicle ids.');
    } else {
      const unknown = raw.filter((id: string) => {
        const vehicle = db.tables.vehicles.get(id);
        return !vehicle || !inScope(vehicle);
      });
      if (unknown.length > 0) errors.add('vehicleIds', `Unknown vehicles: ${unknown.slice(0, 5).join(', ')}.`);
      else {
        // Vehicles the caller cannot see stay assigned: another scope's assignments are not theirs to drop.
        const hidden = (current?.vehicleIds ?? []).filter((id) => {
          const vehicle = db.tables.vehicles.get(id);
          return vehicle !== undefined && !inScope(vehicle);
        });
        out.vehicleIds = [...new Set([...hidden, ...(raw as string[])])];
      }
    }
  }
  errors.throwIfAny();
  return out;
}

/** Geofences: list with search, get, create, update, delete (permission `gr`, audit entity Geofence). */
export function createGeofenceHandlers(http: ApiHttp) {
  return [
    http.get('/geofences', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'gr');
      const query = parseListQuery(new URL(request.url), GEOFENCE_LIST);
      const page = applyListQuery(db.tables.geofences.values(), query, GEOFENCE_LIST);
      return response(200).json({ ...page, items: page.items.map((g) => asApi(ctx, db, g)) });
    }),

    http.post('/geofences', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'gr', ACTION.ADD);
      const fields = readFields(ctx, db, await readJsonObject(request), null) as GeofenceFields;
      const now = Date.now();
      const geofence: Geofence = { id: `gf-${crypto.randomUUID()}`, ...fields, createdAt: now, updatedAt: now };
      db.tables.geofences.insert(geofence);
      await recordAudit(db, ctx, 'Geofence', geofence.id, 'Add', `Added geofence ${geofence.name}`);
      await db.persist();
      return response(201).json(asApi(ctx, db, geofence));
    }),

    http.get('/geofences/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'gr');
      return response(200).json(asApi(ctx, db, geofenceOr404(db, params.id)));
    }),

    http.patch('/geofences/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'gr', ACTION.UPDATE);
      const current = geofenceOr404(db, params.id);
      const changes = readFields(ctx, db, await readJsonObject(request), current);
      const updated = db.tables.geofences.update(current.id, { ...changes, updatedAt: Date.now() }) as Geofence;
      await recordAudit(db, ctx, 'Geofence', current.id, 'Update', `Updated geofence ${updated.name}`);
      await db.persist();
      return response(200).json(asApi(ctx, db, updated));
    }),

    http.delete('/geofences/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'gr', ACTION.DELETE);
      const geofence = geofenceOr404(db, params.id);
      db.tables.geofences.remove(geofence.id);
      await recordAudit(db, ctx, 'Geofence', geofence.id, 'Delete', `Deleted geofence ${geofence.name}`);
      await db.persist();
      return response(204).empty();
    }),
  ];
}
