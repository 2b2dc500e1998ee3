import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { GeofenceFilterField, GeofenceSortField } from '../../services/geofences/geofence-list-spec';
import type { GeofenceStore } from '../../services/geofences/geofence-store';
import type { Geofence } from '../../services/geofences/geofence-types';
import type { ListQuery } from '../../services/lib/list-query';
import type { Db } from '../database';
import type { Database, GeofenceTable } from '../schema';
import { vehicleScopeCondition } from './vehicle-scope-sql';

type Eb = ExpressionBuilder<Database, 'geofences'>;

/** API field -> what the list sorts by (the name without case, as the demo does). */
const SORT = {
  name: sql<string>`lower(geofences.name)`,
  rule: sql<string>`geofences.rule`,
  createdAt: sql<Date>`geofences.created_at`,
  updatedAt: sql<Date>`geofences.updated_at`,
} as const satisfies Record<GeofenceSortField, unknown>;

function conditions(
  eb: Eb,
  query: Pick<ListQuery<GeofenceSortField, GeofenceFilterField>, 'filters' | 'q'>,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  for (const filter of query.filters) {
    if (filter.field === 'rule') all.push(eb('geofences.rule', 'in', filter.values as string[]));
  }
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(eb('geofences.name', 'ilike', pattern));
  }
  return eb.and(all);
}

/** Vehicle ids per query of `vehiclesIn`. */
const ID_SLICE = 10_000;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toGeofence(row: Selectable<GeofenceTable>): Geofence {
  return {
    id: row.id,
    name: row.name,
    rule: row.rule as Geofence['rule'],
    dwellMinutes: row.dwell_minutes,
    deliveryMethods: row.delivery_methods,
    geometry: row.geometry as Geofence['geometry'],
    vehicleIds: row.vehicle_ids,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The columns of a geofence (or of the fields a change sets). */
export function geofenceColumns(geofence: Partial<Geofence>): Updateable<GeofenceTable> {
  const out: Updateable<GeofenceTable> = {};
  const set = <K extends keyof Updateable<GeofenceTable>>(key: K, value: Updateable<GeofenceTable>[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('id', geofence.id);
  set('name', geofence.name);
  set('rule', geofence.rule);
  set('dwell_minutes', geofence.dwellMinutes);
  set('delivery_methods', geofence.deliveryMethods);
  set('geometry', geofence.geometry === undefined ? undefined : JSON.stringify(geofence.geometry));
  set('vehicle_ids', geofence.vehicleIds === undefined ? undefined : JSON.stringify(geofence.vehicleIds));
  set('created_at', geofence.createdAt);
  set('updated_at', geofence.updatedAt);
  return out;
}

/** Geofences in PostgreSQL (or PGlite): the list filters, sorts and pages in SQL. */
export function createGeofenceRepository(db: Db): GeofenceStore {
  return {
    async list(query) {
      const where = (eb: Eb) => conditions(eb, query);
      let page = db.selectFrom('geofences').selectAll().where(where);
      for (const key of query.sort) page = page.orderBy(SORT[key.field], key.direction);
      const [rows, count] = await Promise.all([
        page
          .orderBy('geofences.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db
          .selectFrom('geofences')
          .where(where)
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toGeofence), total: count.total };
    },

    async get(id) {
      const row = await db.selectFrom('geofences').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toGeofence(row) : undefined;
    },

    async vehiclesIn(ids, scope) {
      const found = new Set<string>();
      const unique = [...new Set(ids)];
      // In slices: a query binds at most 65,535 parameters, and a geofence may watch more vehicles than that.
      for (let i = 0; i < unique.length; i += ID_SLICE) {
        const rows = await db
          .selectFrom('vehicles')
          .select('vehicles.id')
          .where('vehicles.id', 'in', unique.slice(i, i + ID_SLICE))
          .where((eb) => vehicleScopeCondition(eb, scope))
          .execute();
        for (const row of rows) found.add(row.id);
      }
      return found;
    },

    async insert(geofence) {
      await db
        .insertInto('geofences')
        .values(geofenceColumns(geofence) as Insertable<GeofenceTable>)
        .execute();
    },

    async update(id, changes) {
      await db.updateTable('geofences').set(geofenceColumns(changes)).where('id', '=', id).execute();
    },

    async delete(id) {
      await db.deleteFrom('geofences').where('id', '=', id).execute();
    },
  };
}
