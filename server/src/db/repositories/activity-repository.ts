import { type ExpressionBuilder, sql } from 'kysely';
import type {
  ActivityDay,
  ActivityStore,
  ActivityTotals,
  GroupBy,
  SubjectRow,
  VehicleActivity,
} from '../../services/activity/activity-store';
import type { Db } from '../database';
import type { Database } from '../schema';
import { vehicleScopeCondition } from './vehicle-scope-sql';

/** The roll-up's columns as the services' totals, summed (a vehicle or day without rows sums to zeros). */
const SUMS = {
  reportingHours: 'reporting_hours',
  drivingHours: 'driving_hours',
  distanceKm: 'distance_km',
  energyKwh: 'energy_kwh',
  trips: 'trips',
  chargeSessions: 'charge_sessions',
  chargedKwh: 'charged_kwh',
  socUsedPct: 'soc_used_pct',
  plugInSocSum: 'plug_in_soc_sum',
  unplugSocSum: 'unplug_soc_sum',
} as const satisfies Record<keyof ActivityTotals, string>;

const sums = () =>
  Object.entries(SUMS).map(([as, column]) =>
    sql<number>`coalesce(sum(${sql.ref(`vehicle_activity_days.${column}`)}), 0)::float8`.as(as),
  );

/** The vehicle column a subject of each grouping is. */
const SUBJECT_COLUMN = {
  vehicle: 'vehicles.id',
  model: 'vehicles.model_id',
  fleet: 'vehicles.fleet_id',
} as const satisfies Record<GroupBy, string>;

/** One roll-up row as the seed writes it (ingestion will upsert the same columns). */
export function activityDayColumns(row: ActivityDay & { vehicleId: string }) {
  return {
    vehicle_id: row.vehicleId,
    day: row.date,
    reporting_hours: row.reportingHours,
    driving_hours: row.drivingHours,
    distance_km: row.distanceKm,
    energy_kwh: row.energyKwh,
    charged_kwh: row.chargedKwh,
    trips: row.trips,
    charge_sessions: row.chargeSessions,
    soc_used_pct: row.socUsedPct,
    plug_in_soc_sum: row.plugInSocSum,
    unplug_soc_sum: row.unplugSocSum,
  };
}

/** The ActivityStore of the services over `vehicle_activity_days` (migration 0018): SQL sums, never a sample. */
export function createActivityRepository(db: Db): ActivityStore {
  return {
    async heldDays() {
      const row = await db
        .selectFrom('vehicle_activity_days')
        .select([
          sql<string | null>`to_char(min(day), 'YYYY-MM-DD')`.as('first'),
          sql<string | null>`to_char(max(day), 'YYYY-MM-DD')`.as('last'),
        ])
        .executeTakeFirstOrThrow();
      return row.first && row.last ? { first: row.first, last: row.last } : undefined;
    },

    async subjects(scope, groupBy, ids) {
      if (ids !== undefined && ids.length === 0) return [];
      const column = SUBJECT_COLUMN[groupBy];
      let q = db
        .selectFrom('vehicles')
        .leftJoin('models', 'models.id', 'vehicles.model_id')
        .leftJoin('oems', 'oems.id', 'models.oem_id')
        .leftJoin('fleets', 'fleets.id', 'vehicles.fleet_id')
        .where((eb) => vehicleScopeCondition(eb, scope))
        .where(column, 'is not', null);
      if (ids !== undefined) q = q.where(column, 'in', [...ids]);
      if (groupBy === 'vehicle')
        return (await q
          .select([
            'vehicles.id as id',
            'vehicles.registration_number as name',
            'vehicles.vin as vin',
            'models.name as modelName',
            sql<null>`null`.as('oemName'),
            sql<null>`null`.as('city'),
          ])
          .execute()) as SubjectRow[];
      if (groupBy === 'model')
        return (await q
          .innerJoin('models as m', 'm.id', 'vehicles.model_id')
          .select([
            'm.id as id',
            'm.name as name',
            sql<null>`null`.as('vin'),
            sql<null>`null`.as('modelName'),
            'oems.name as oemName',
            sql<null>`null`.as('city'),
          ])
          .distinct()
          .execute()) as SubjectRow[];
      return (await q
        .innerJoin('fleets as f', 'f.id', 'vehicles.fleet_id')
        .select([
          'f.id as id',
          'f.name as name',
          sql<null>`null`.as('vin'),
          sql<null>`null`.as('modelName'),
          sql<null>`null`.as('oemName'),
          'f.city as city',
        ])
        .distinct()
        .execute()) as SubjectRow[];
    },

    async groupTotals(scope, span, groupBy, ids) {
      if (ids !== undefined && ids.length === 0) return [];
      const column = SUBJECT_COLUMN[groupBy];
      let q = db
        .selectFrom('vehicles')
        .leftJoin('vehicle_activity_days', (join) =>
          join
            .onRef('vehicle_activity_days.vehicle_id', '=', 'vehicles.id')
            .on('vehicle_activity_days.day', '>=', span.first)
            .on('vehicle_activity_days.day', '<=', span.last),
        )
        .where((eb) => vehicleScopeCondition(eb, scope))
        .where(column, 'is not', null)
        .select([
          sql<string>`${sql.ref(column)}`.as('subjectId'),
          sql<number>`count(DISTINCT vehicles.id)::int`.as('vehicles'),
          ...sums(),
        ])
        .groupBy(column);
      if (ids !== undefined) q = q.where(column, 'in', [...ids]);
      return (await q.execute()) as unknown as (ActivityTotals & { subjectId: string; vehicles: number })[];
    },

    async groupDays(scope, span, groupBy, ids) {
      if (ids.length === 0) return [];
      const column = SUBJECT_COLUMN[groupBy];
      const rows = await db
        .selectFrom('vehicle_activity_days')
        .innerJoin('vehicles', 'vehicles.id', 'vehicle_activity_days.vehicle_id')
        .where((eb) => vehicleScopeCondition(eb, scope))
        .where(column, 'in', [...ids])
        .where('vehicle_activity_days.day', '>=', span.first)
        .where('vehicle_activity_days.day', '<=', span.last)
        .select([
          sql<string>`${sql.ref(column)}`.as('subjectId'),
          sql<string>`to_char(vehicle_activity_days.day, 'YYYY-MM-DD')`.as('date'),
          ...sums(),
        ])
        .groupBy([column, 'vehicle_activity_days.day'])
        .execute();
      return rows as unknown as (ActivityDay & { subjectId: string })[];
    },

    async faultCounts(scope, groupBy, ids, range) {
      if (ids.length === 0) return [];
      const column = SUBJECT_COLUMN[groupBy];
      return db
        .selectFrom('faults')
        .innerJoin('vehicles', 'vehicles.id', 'faults.vehicle_id')
        .where((eb) => vehicleScopeCondition(eb, scope))
        .where(column, 'in', [...ids])
        .where('faults.occurred_at', '>=', range.from)
        .where('faults.occurred_at', '<=', range.to)
        .select([sql<string>`${sql.ref(column)}`.as('subjectId'), sql<number>`count(*)::int`.as('faults')])
        .groupBy(column)
        .execute();
    },

    async fleetDays(scope, span) {
      const inScope = (eb: ExpressionBuilder<Database, 'vehicles'>) => vehicleScopeCondition(eb, scope);
      const [count, days] = await Promise.all([
        db.selectFrom('vehicles').select(sql<number>`count(*)::int`.as('n')).where(inScope).executeTakeFirstOrThrow(),
        db
          .selectFrom('vehicle_activity_days')
          .innerJoin('vehicles', 'vehicles.id', 'vehicle_activity_days.vehicle_id')
          .where(inScope)
          .where('vehicle_activity_days.day', '>=', span.first)
          .where('vehicle_activity_days.day', '<=', span.last)
          .select([sql<string>`to_char(vehicle_activity_days.day, 'YYYY-MM-DD')`.as('date'), ...sums()])
          .groupBy('vehicle_activity_days.day')
          .orderBy('vehicle_activity_days.day')
          .execute(),
      ]);
      return { vehicles: count.n, summed: count.n, days: days as unknown as ActivityDay[] };
    },

    async vehicleTotals(scope, span, options) {
      let q = db
        .selectFrom('vehicles')
        .leftJoin('vehicle_activity_days', (join) =>
          join
            .onRef('vehicle_activity_days.vehicle_id', '=', 'vehicles.id')
            .on('vehicle_activity_days.day', '>=', span.first)
            .on('vehicle_activity_days.day', '<=', span.last),
        )
        .leftJoin('fleets', 'fleets.id', 'vehicles.fleet_id')
        .leftJoin('ev_owners', 'ev_owners.id', 'vehicles.ev_owner_id')
        .where((eb) => vehicleScopeCondition(eb, scope))
        .select([
          'vehicles.id as vehicleId',
          'vehicles.registration_number as registrationNumber',
          'vehicles.vehicle_type as vehicleType',
          'vehicles.fleet_id as fleetId',
          'fleets.name as fleetName',
          'fleets.city as fleetCity',
          'ev_owners.city as ownerCity',
          ...sums(),
        ])
        .groupBy(['vehicles.id', 'fleets.id', 'ev_owners.id']);
      if (options.fleetId !== undefined) q = q.where('vehicles.fleet_id', '=', options.fleetId);
      const rows = (await q.execute()) as unknown as VehicleActivity[];
      return { vehicles: rows.length, rows };
    },
  };
}
