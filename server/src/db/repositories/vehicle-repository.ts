import { countVehicleTotal, keptTotal, keptTotalIfCurrent, listVersionColumns } from './vehicle-count-cache';
import { vehicleScopeCondition } from './vehicle-scope-sql';
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import { conflict } from '../../services/lib/app-error';
import type { ListQuery } from '../../services/lib/list-query';
import type { VehicleFilterField, VehicleSortField } from '../../services/vehicles/vehicle-list-spec';
import type { VehicleScope } from '../../services/vehicles/vehicle-scope';
import type { EvModelRef, PartyRef, Vehicle, VehicleData, VehicleStore } from '../../services/vehicles/vehicle-store';
import type { Db } from '../database';
import { writeUnique } from './unique-violation';
import type { Database, VehicleTable } from '../schema';

type VehicleColumn = keyof VehicleTable;

/** API field -> column, for everything a list sorts, filters or scopes by. */
const COLUMN = {
  vin: 'vin',
  registrationNumber: 'registration_number',
  vehicleType: 'vehicle_type',
  modelId: 'model_id',
  oemId: 'oem_id',
  dealerId: 'dealer_id',
  fleetId: 'fleet_id',
  evOwnerId: 'ev_owner_id',
  driverId: 'driver_id',
  connectivity: 'connectivity',
  stateCode: 'state_code',
  isLive: 'is_live',
  lastSeenAt: 'last_seen_at',
  status: 'status',
  soc: 'soc',
  odometerKm: 'odometer_km',
  healthRating: 'health_rating',
  createdAt: 'created_at',
} as const satisfies Record<VehicleSortField | VehicleFilterField, VehicleColumn>;

type Eb = ExpressionBuilder<Database, 'vehicles'>;

/** The WHERE of a scoped, filtered list: scope AND every filter AND search AND range. */
function conditions(
  eb: Eb,
  scope: VehicleScope,
  query: Pick<ListQuery<VehicleSortField, VehicleFilterField>, 'filters' | 'q' | 'from' | 'to'>,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (scope !== null) {
    // A scoped account without its id sees nothing (NULL equals nothing).
    all.push(vehicleScopeCondition(eb, scope));
  }
  for (const filter of query.filters) {
    const column = `vehicles.${COLUMN[filter.field]}` as const;
    const values = filter.values.filter((v) => v !== null) as (string | number | boolean)[];
    const anyOf: Expression<SqlBool>[] = [];
    if (values.length > 0) anyOf.push(eb(column, 'in', values as never[]));
    if (values.length < filter.values.length) anyOf.push(eb(column, 'is', null));
    all.push(eb.or(anyOf));
  }
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(eb.or([eb('vehicles.vin', 'ilike', pattern), eb('vehicles.registration_number', 'ilike', pattern)]));
  }
  if (query.from !== undefined) all.push(eb('vehicles.last_seen_at', '>=', query.from));
  if (query.to !== undefined) all.push(eb('vehicles.last_seen_at', '<=', query.to));
  return eb.and(all);
}

/**
 * The display names of a vehicle, each a scalar subquery by primary key: the database plans that in a tenth of the
 * time of six left joins (decision 0122), and a page is at most a few hundred rows.
 */
function names(eb: Eb) {
  return [
    eb.selectFrom('models').select('models.name').whereRef('models.id', '=', 'vehicles.model_id').as('model_name'),
    eb.selectFrom('oems').select('oems.name').whereRef('oems.id', '=', 'vehicles.oem_id').as('oem_name'),
    eb.selectFrom('dealers').select('dealers.name').whereRef('dealers.id', '=', 'vehicles.dealer_id').as('dealer_name'),
    eb.selectFrom('fleets').select('fleets.name').whereRef('fleets.id', '=', 'vehicles.fleet_id').as('fleet_name'),
    eb
      .selectFrom('ev_owners')
      .select('ev_owners.name')
      .whereRef('ev_owners.id', '=', 'vehicles.ev_owner_id')
      .as('ev_owner_name'),
    eb.selectFrom('drivers').select('drivers.name').whereRef('drivers.id', '=', 'vehicles.driver_id').as('driver_name'),
  ];
}

/** Vehicles with their display names. */
function baseSelect(db: Db) {
  return db.selectFrom('vehicles').selectAll('vehicles').select(names);
}

type VehicleRow = Selectable<VehicleTable> & {
  model_name: string | null;
  oem_name: string | null;
  dealer_name: string | null;
  fleet_name: string | null;
  ev_owner_name: string | null;
  driver_name: string | null;
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toVehicle(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    vin: row.vin,
    registrationNumber: row.registration_number,
    vehicleType: row.vehicle_type as Vehicle['vehicleType'],
    modelId: row.model_id,
    oemId: row.oem_id,
    dealerId: row.dealer_id,
    fleetId: row.fleet_id,
    evOwnerId: row.ev_owner_id,
    driverId: row.driver_id,
    connectivity: row.connectivity as Vehicle['connectivity'],
    stateCode: (row.state_code === null ? 'F' : row.state_code) as Vehicle['stateCode'],
    isLive: row.is_live,
    lastSeenAt: iso(row.last_seen_at),
    status: row.status as Vehicle['status'],
    soc: row.soc,
    rangeKm: row.range_km,
    odometerKm: row.odometer_km,
    healthRating: row.health_rating as Vehicle['healthRating'],
    lastLocation: { lat: row.lat, lng: row.lng },
    bmsId: row.bms_id,
    mcuId: row.mcu_id,
    vcuId: row.vcu_id,
    loggerId: row.logger_id,
    simId: row.sim_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    names: {
      model: row.model_name,
      oem: row.oem_name,
      dealer: row.dealer_name,
      fleet: row.fleet_name,
      evOwner: row.ev_owner_name,
      driver: row.driver_name,
    },
  };
}

/** The columns of a vehicle (or of the fields a change sets). */
export function vehicleColumns(vehicle: Partial<VehicleData>): Updateable<VehicleTable> {
  const out: Updateable<VehicleTable> = {};
  const set = <K extends VehicleColumn>(key: K, value: Updateable<VehicleTable>[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('id', vehicle.id);
  set('vin', vehicle.vin);
  set('registration_number', vehicle.registrationNumber);
  set('vehicle_type', vehicle.vehicleType);
  set('model_id', vehicle.modelId);
  set('oem_id', vehicle.oemId);
  set('dealer_id', vehicle.dealerId);
  set('fleet_id', vehicle.fleetId);
  set('ev_owner_id', vehicle.evOwnerId);
  set('driver_id', vehicle.driverId);
  set('connectivity', vehicle.connectivity);
  if (vehicle.stateCode !== undefined) out.state_code = vehicle.stateCode === 'F' ? null : vehicle.stateCode;
  set('is_live', vehicle.isLive);
  set('last_seen_at', vehicle.lastSeenAt);
  set('status', vehicle.status);
  set('soc', vehicle.soc);
  set('range_km', vehicle.rangeKm);
  set('odometer_km', vehicle.odometerKm);
  set('health_rating', vehicle.healthRating);
  if (vehicle.lastLocation !== undefined) {
    out.lat = vehicle.lastLocation.lat;
    out.lng = vehicle.lastLocation.lng;
  }
  set('bms_id', vehicle.bmsId);
  set('mcu_id', vehicle.mcuId);
  set('vcu_id', vehicle.vcuId);
  set('logger_id', vehicle.loggerId);
  set('sim_id', vehicle.simId);
  set('created_at', vehicle.createdAt);
  set('updated_at', vehicle.updatedAt);
  return out;
}

/** The vehicles of the ids, with their names joined in, in the order of the ids (a page picked by id first). */
export async function vehiclesByIds(db: Db, ids: string[]): Promise<Vehicle[]> {
  if (ids.length === 0) return [];
  const rows = await baseSelect(db).where('vehicles.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, toVehicle(row as VehicleRow)]));
  return ids.map((id) => byId.get(id)).filter((v): v is Vehicle => v !== undefined);
}

/** Migration 0026's `stable` version: it rises with every write that adds, removes or re-scopes a vehicle. */
async function stableVersion(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('vehicle_list_versions')
    .select(sql<string>`stable::text`.as('stable'))
    .executeTakeFirst();
  return row?.stable ?? null;
}

/** Vehicles in PostgreSQL (or PGlite): every list filters, sorts and pages in SQL. */
export function createVehicleRepository(db: Db): VehicleStore {
  return {
    async list(scope, query) {
      const where = (eb: Eb) => conditions(eb, scope, query);
      // One statement: the page's ids first, from the vehicles table alone (its indexes serve the order), then each
      // one's row and names looked up by primary key (a lateral subquery that OFFSET 0 keeps from being merged into a
      // join: as a join, the planner may hash the page with every vehicle), in the page's order by its own columns (by
      // the vehicles' columns it may merge the page with a whole index of vehicles). Decision 0122.
      // Ties go by id in the direction of the last sort key, so that one (column, id) index serves a sort both ways.
      let pick = db.selectFrom('vehicles').select('vehicles.id').where(where);
      for (const [i, key] of query.sort.entries()) {
        const column = sql.ref(`vehicles.${COLUMN[key.field]}`);
        pick = pick.select(sql`${column}`.as(`sort_${i}`)).orderBy(column, key.direction);
      }
      const tie = query.sort.at(-1)?.direction ?? 'asc';
      pick = pick
        .orderBy('vehicles.id', tie)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      let page = db
        .selectFrom(pick.as('page'))
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('vehicles')
              .selectAll('vehicles')
              .select(names)
              .whereRef('vehicles.id', '=', 'page.id')
              .offset(0)
              .as('v'),
          (join) => join.onTrue(),
        )
        .selectAll('v');
      // The total: kept from an earlier page of the same list while no write to vehicles has committed since
      // (decision 0122), else counted. The versions that tell are read in the page's own statement.
      const kept = keptTotal(db, scope, query);
      if (kept) page = page.select(listVersionColumns());
      for (const [i, key] of query.sort.entries()) page = page.orderBy(sql.ref(`page.sort_${i}`), key.direction);
      page = page.orderBy('page.id', tie);
      const [rows, counted] = await Promise.all([
        page.execute(),
        kept ? undefined : countVehicleTotal(db, scope, query, where),
      ]);
      // An empty page reads no versions: then the kept total is confirmed by a count.
      const first = rows[0] as { list_stable: string | null; list_live: string | null } | undefined;
      const total =
        counted ?? keptTotalIfCurrent(kept, query, first) ?? (await countVehicleTotal(db, scope, query, where));
      return { items: rows.map((row) => toVehicle(row as unknown as VehicleRow)), total };
    },

    async get(id, scope, options) {
      let query = baseSelect(db)
        .where('vehicles.id', '=', id)
        .where((eb) => conditions(eb, scope, { filters: [], q: undefined, from: undefined, to: undefined }));
      // Only the vehicle's row: the joined names are on the nullable side of outer joins, which cannot be locked.
      if (options?.lock) query = query.forUpdate('vehicles');
      const row = await query.executeTakeFirst();
      return row ? toVehicle(row as VehicleRow) : undefined;
    },

    async vinTaken(vin, exceptId) {
      let query = db.selectFrom('vehicles').select('id').where('vin', '=', vin);
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async evModel(id): Promise<EvModelRef | undefined> {
      const row = await db
        .selectFrom('models')
        .select(['id', 'oem_id', 'status', 'vehicle_type'])
        .where('id', '=', id)
        .where('kind', '=', 'EV')
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        oemId: row.oem_id,
        status: row.status,
        vehicleType: (row.vehicle_type ?? '2 Wheeler') as EvModelRef['vehicleType'],
      };
    },

    async party(kind, id): Promise<PartyRef | undefined> {
      switch (kind) {
        case 'dealer': {
          const row = await db.selectFrom('dealers').select(['id', 'oem_id']).where('id', '=', id).executeTakeFirst();
          return row && { id: row.id, oemId: row.oem_id, dealerId: row.id, fleetId: null };
        }
        case 'fleet': {
          const row = await db
            .selectFrom('fleets')
            .select(['id', 'oem_id', 'dealer_id'])
            .where('id', '=', id)
            .executeTakeFirst();
          return row && { id: row.id, oemId: row.oem_id, dealerId: row.dealer_id, fleetId: row.id };
        }
        case 'evOwner': {
          const row = await db
            .selectFrom('ev_owners')
            .leftJoin('dealers', 'dealers.id', 'ev_owners.dealer_id')
            .select(['ev_owners.id', 'ev_owners.dealer_id', 'dealers.oem_id'])
            .where('ev_owners.id', '=', id)
            .executeTakeFirst();
          return row && { id: row.id, oemId: row.oem_id, dealerId: row.dealer_id, fleetId: null };
        }
        case 'driver': {
          const row = await db
            .selectFrom('drivers')
            .innerJoin('fleets', 'fleets.id', 'drivers.fleet_id')
            .select(['drivers.id', 'drivers.fleet_id', 'fleets.oem_id', 'fleets.dealer_id'])
            .where('drivers.id', '=', id)
            .executeTakeFirst();
          return row && { id: row.id, oemId: row.oem_id, dealerId: row.dealer_id, fleetId: row.fleet_id };
        }
      }
    },

    async insert(vehicle) {
      await writeUnique(
        () =>
          db
            .insertInto('vehicles')
            .values(vehicleColumns(vehicle) as Insertable<VehicleTable>)
            .execute(),
        () => conflict('A vehicle with this VIN already exists.', { vin: 'A vehicle with this VIN already exists.' }),
      );
    },

    async update(id, changes) {
      await writeUnique(
        () => db.updateTable('vehicles').set(vehicleColumns(changes)).where('id', '=', id).execute(),
        () => conflict('A vehicle with this VIN already exists.', { vin: 'A vehicle with this VIN already exists.' }),
      );
    },

    async delete(id) {
      await db.deleteFrom('vehicles').where('id', '=', id).execute();
    },

    async idsInScope(scope) {
      // The version first: a write that commits before the ids are read is seen now, one after shows as a newer
      // version. A scope granting vehicles by their devices' models depends on `devices`, which it does not follow.
      const version = scope?.granted && scope.granted.deviceModelIds.size > 0 ? null : await stableVersion(db);
      const rows = await db
        .selectFrom('vehicles')
        .select('vehicles.id')
        .where((eb) => vehicleScopeCondition(eb, scope))
        .execute();
      return { ids: new Set(rows.map((row) => row.id)), version };
    },

    scopeVersion: () => stableVersion(db),
  };
}
