import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { DeviceGroupFilterField, DeviceGroupSortField } from '../../services/device-groups/device-group-list-spec';
import type { DeviceGroupStore } from '../../services/device-groups/device-group-store';
import type { DeviceGroupRecord, GroupOwner, OwnerKind } from '../../services/device-groups/device-group-types';
import type { OwnerScope } from '../../services/device-groups/owner-scope';
import type { ListQuery } from '../../services/lib/list-query';
import type { Db } from '../database';
import type { Database, DeviceGroupTable, GroupOwnerView } from '../schema';
import { vehicleScopeCondition } from './vehicle-scope-sql';

type Eb = ExpressionBuilder<Database, 'device_groups' | 'group_owners'>;

/** API field -> what the list sorts by (the name without case, as the demo does). */
const SORT = {
  name: sql<string>`lower(device_groups.name)`,
  ownerKind: sql<string>`device_groups.owner_kind`,
  updatedAt: sql<Date>`device_groups.updated_at`,
} as const satisfies Record<DeviceGroupSortField, unknown>;

const FILTER_COLUMN = {
  ownerKind: 'device_groups.owner_kind',
  ownerId: 'device_groups.owner_id',
} as const satisfies Record<DeviceGroupFilterField, string>;

const OWNER_SCOPE_COLUMN = {
  oemId: 'group_owners.oem_id',
  dealerId: 'group_owners.dealer_id',
  fleetId: 'group_owners.fleet_id',
} as const;

/** The vehicle column naming each kind of owner. */
const OWNER_VEHICLE_COLUMN = {
  dealer: 'vehicles.dealer_id',
  fleet: 'vehicles.fleet_id',
  evowner: 'vehicles.ev_owner_id',
  driver: 'vehicles.driver_id',
} as const satisfies Record<OwnerKind, string>;

/** The WHERE of a list: the owner in scope (the join makes it exist) AND every filter AND search. */
function conditions(
  eb: Eb,
  scope: OwnerScope,
  query: Pick<ListQuery<DeviceGroupSortField, DeviceGroupFilterField>, 'filters' | 'q'>,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (scope !== null) {
    if (scope.kinds.length === 0) return sql<SqlBool>`false`;
    all.push(eb('group_owners.kind', 'in', [...scope.kinds]));
    // A scoped account without its id sees nothing (NULL equals nothing).
    all.push(eb(OWNER_SCOPE_COLUMN[scope.field], '=', scope.value));
  }
  for (const filter of query.filters) all.push(eb(FILTER_COLUMN[filter.field], 'in', filter.values as string[]));
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(eb('device_groups.name', 'ilike', pattern));
  }
  return eb.and(all);
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toGroup(row: Selectable<DeviceGroupTable>): DeviceGroupRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ownerKind: row.owner_kind as OwnerKind,
    ownerId: row.owner_id,
    mode: row.mode as DeviceGroupRecord['mode'],
    filter: (row.filter ?? null) as DeviceGroupRecord['filter'],
    vehicleIds: row.vehicle_ids,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function toOwner(row: Selectable<GroupOwnerView>): GroupOwner {
  return {
    kind: row.kind as OwnerKind,
    id: row.id,
    name: row.name,
    oemId: row.oem_id,
    dealerId: row.dealer_id,
    fleetId: row.fleet_id,
  };
}

/** The columns of a device group (or of the fields a change sets). */
export function deviceGroupColumns(group: Partial<DeviceGroupRecord>): Updateable<DeviceGroupTable> {
  const out: Updateable<DeviceGroupTable> = {};
  const set = <K extends keyof Updateable<DeviceGroupTable>>(
    key: K,
    value: Updateable<DeviceGroupTable>[K] | undefined,
  ) => {
    if (value !== undefined) out[key] = value;
  };
  set('id', group.id);
  set('name', group.name);
  set('description', group.description);
  set('owner_kind', group.ownerKind);
  set('owner_id', group.ownerId);
  set('mode', group.mode);
  set('filter', group.filter === undefined ? undefined : group.filter === null ? null : JSON.stringify(group.filter));
  set('vehicle_ids', group.vehicleIds === undefined ? undefined : JSON.stringify(group.vehicleIds));
  set('created_at', group.createdAt);
  set('updated_at', group.updatedAt);
  return out;
}

/** Device groups in PostgreSQL (or PGlite): the list scopes by owner, filters, sorts and pages in SQL. */
export function createDeviceGroupRepository(db: Db): DeviceGroupStore {
  const scoped = () =>
    db
      .selectFrom('device_groups')
      .innerJoin('group_owners', (join) =>
        join
          .onRef('group_owners.kind', '=', 'device_groups.owner_kind')
          .onRef('group_owners.id', '=', 'device_groups.owner_id'),
      );
  return {
    async list(scope, query) {
      const where = (eb: Eb) => conditions(eb, scope, query);
      let page = scoped().selectAll('device_groups').where(where);
      for (const key of query.sort) page = page.orderBy(SORT[key.field], key.direction);
      const [rows, count] = await Promise.all([
        page
          .orderBy('device_groups.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        scoped().where(where).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toGroup), total: count.total };
    },

    async get(id) {
      const row = await db.selectFrom('device_groups').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toGroup(row) : undefined;
    },

    async owner(kind, id) {
      const row = await db
        .selectFrom('group_owners')
        .selectAll()
        .where('kind', '=', kind)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toOwner(row) : undefined;
    },

    async ownerVehicles(kind, id, scope) {
      const rows = await db
        .selectFrom('vehicles')
        .select(['vehicles.id', 'vehicles.model_id', 'vehicles.status', 'vehicles.registration_number', 'vehicles.vin'])
        .where(OWNER_VEHICLE_COLUMN[kind], '=', id)
        .where((eb) => vehicleScopeCondition(eb, scope))
        .orderBy('vehicles.id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        modelId: r.model_id,
        status: r.status,
        registrationNumber: r.registration_number,
        vin: r.vin,
      }));
    },

    async modelExists(id) {
      return (await db.selectFrom('models').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async insert(group) {
      await db
        .insertInto('device_groups')
        .values(deviceGroupColumns(group) as Insertable<DeviceGroupTable>)
        .execute();
    },

    async update(id, changes) {
      await db.updateTable('device_groups').set(deviceGroupColumns(changes)).where('id', '=', id).execute();
    },

    async delete(id) {
      await db.deleteFrom('device_groups').where('id', '=', id).execute();
    },
  };
}
