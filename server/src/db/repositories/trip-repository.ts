import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { ListQuery } from '../../services/lib/list-query';
import type { TripFilterField, TripSortField } from '../../services/trips/trip-list-spec';
import type { SavedLocation, Trip, TripStore } from '../../services/trips/trip-store';
import type { Db } from '../database';
import type { Database, SavedLocationTable, TripTable } from '../schema';
import { decodeRoute } from '../route-codec';

/** API field -> column, for everything the trip list sorts or filters by. */
const COLUMN = {
  startedAt: 'started_at',
  distanceKm: 'distance_km',
  durationMin: 'duration_min',
  energyKwh: 'energy_kwh',
  status: 'status',
} as const satisfies Record<TripSortField | TripFilterField, keyof TripTable>;

type Eb = ExpressionBuilder<Database, 'trips'>;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toTrip(row: Selectable<TripTable>): Trip {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    status: row.status as Trip['status'],
    startedAt: iso(row.started_at),
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
    distanceKm: row.distance_km,
    durationMin: row.duration_min,
    energyKwh: row.energy_kwh,
    avgSpeedKmh: row.avg_speed_kmh,
    maxSpeedKmh: row.max_speed_kmh,
    start: { lat: row.start_lat, lng: row.start_lng },
    end: { lat: row.end_lat, lng: row.end_lng },
  };
}

/** The columns of a trip (the seed writes the demo world's trips with it; ingestion appends with it). */
export function tripColumns(trip: Trip): Insertable<TripTable> {
  return {
    id: trip.id,
    vehicle_id: trip.vehicleId,
    status: trip.status,
    started_at: trip.startedAt,
    ended_at: trip.endedAt,
    distance_km: trip.distanceKm,
    duration_min: trip.durationMin,
    energy_kwh: trip.energyKwh,
    avg_speed_kmh: trip.avgSpeedKmh,
    max_speed_kmh: trip.maxSpeedKmh,
    start_lat: trip.start.lat,
    start_lng: trip.start.lng,
    end_lat: trip.end.lat,
    end_lng: trip.end.lng,
  };
}

function toSavedLocation(row: Selectable<SavedLocationTable>): SavedLocation {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    kind: row.kind as SavedLocation['kind'],
    name: row.name,
    location: { lat: row.lat, lng: row.lng },
    visitCount: row.visit_count,
    lastVisitedAt: iso(row.last_visited_at),
  };
}

/** The columns of a saved location. */
export function savedLocationColumns(location: SavedLocation): Insertable<SavedLocationTable> {
  return {
    id: location.id,
    vehicle_id: location.vehicleId,
    kind: location.kind,
    name: location.name,
    lat: location.location.lat,
    lng: location.location.lng,
    visit_count: location.visitCount,
    last_visited_at: location.lastVisitedAt,
  };
}

/** The WHERE of one vehicle's filtered trips in a range. */
function conditions(eb: Eb, vehicleId: string, query: ListQuery<TripSortField, TripFilterField>) {
  const all = [eb('trips.vehicle_id', '=', vehicleId)];
  for (const filter of query.filters) all.push(eb(`trips.${COLUMN[filter.field]}`, 'in', filter.values as number[]));
  if (query.from !== undefined) all.push(eb('trips.started_at', '>=', query.from));
  if (query.to !== undefined) all.push(eb('trips.started_at', '<=', query.to));
  return eb.and(all);
}

/** Trips, their routes and saved locations in PostgreSQL (or PGlite): the list filters, sorts and pages in SQL. */
export function createTripRepository(db: Db): TripStore {
  return {
    async list(vehicleId, query) {
      const where = (eb: Eb) => conditions(eb, vehicleId, query);
      let page = db.selectFrom('trips').selectAll().where(where);
      for (const key of query.sort) page = page.orderBy(`trips.${COLUMN[key.field]}`, key.direction);
      const [rows, count] = await Promise.all([
        page
          .orderBy('trips.started_at', 'desc')
          .orderBy('trips.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db.selectFrom('trips').where(where).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toTrip), total: count.total };
    },

    async get(vehicleId, tripId) {
      const row = await db
        .selectFrom('trips')
        .selectAll()
        .where('id', '=', tripId)
        .where('vehicle_id', '=', vehicleId)
        .executeTakeFirst();
      return row ? toTrip(row) : undefined;
    },

    async routeOf(vehicleId, tripId) {
      const row = await db
        .selectFrom('trip_routes')
        .innerJoin('trips', 'trips.id', 'trip_routes.trip_id')
        .select('trip_routes.points')
        .where('trip_routes.trip_id', '=', tripId)
        .where('trips.vehicle_id', '=', vehicleId)
        .executeTakeFirst();
      return row ? decodeRoute(row.points) : [];
    },

    async locations(vehicleId) {
      const rows = await db
        .selectFrom('saved_locations')
        .selectAll()
        .where('vehicle_id', '=', vehicleId)
        .orderBy('kind')
        .execute();
      return rows.map(toSavedLocation);
    },
  };
}
