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
import type { DeviceFilterField, DeviceSortField } from '../../services/devices/device-list-spec';
import type { DeviceScope } from '../../services/devices/device-scope';
import type { DeviceModelRef, DeviceStore } from '../../services/devices/device-store';
import type { Device } from '../../services/devices/device-types';
import type { ListQuery } from '../../services/lib/list-query';
import type { Db } from '../database';
import { writeUnique } from './unique-violation';
import { VEHICLE_SCOPE_COLUMN, vehicleIdInScope } from './vehicle-scope-sql';
import type { Database, DeviceTable } from '../schema';

type DeviceColumn = keyof DeviceTable;

/** API field -> column, for everything the list sorts or filters by (`assigned` is vehicle_id IS [NOT] NULL). */
const COLUMN = {
  serialNumber: 'serial_number',
  type: 'type',
  modelId: 'model_id',
  oemId: 'oem_id',
  vehicleId: 'vehicle_id',
  firmwareVersion: 'firmware_version',
  status: 'status',
  state: 'state',
  isLive: 'is_live',
  lastSeenAt: 'last_seen_at',
  createdAt: 'created_at',
  chemistry: 'chemistry',
  cooling: 'cooling',
  motorType: 'motor_type',
} as const satisfies Record<Exclude<DeviceSortField | DeviceFilterField, 'assigned'>, DeviceColumn>;

type Eb = ExpressionBuilder<Database, 'devices'>;

/**
 * The services' device scope (`services/devices/device-scope`) as the WHERE of a query of `devices`, once for every
 * repository (the hardware log reads its loggers through it). Null when the scope is everything.
 */
export function deviceScopeCondition(eb: Eb, scope: DeviceScope): Expression<SqlBool> | null {
  // A scoped account without its id sees nothing (NULL equals nothing).
  if (scope !== null && 'oemId' in scope) return eb('devices.oem_id', '=', scope.oemId);
  if (scope !== null) return vehicleIdInScope(eb, 'devices', scope.vehicles);
  return null;
}

/** The WHERE of a scoped, filtered list: scope AND every filter AND search AND range. */
function conditions(
  eb: Eb,
  scope: DeviceScope,
  query: Pick<ListQuery<DeviceSortField, DeviceFilterField>, 'filters' | 'q' | 'from' | 'to'>,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  const inScope = deviceScopeCondition(eb, scope);
  if (inScope) all.push(inScope);
  for (const filter of query.filters) {
    if (filter.field === 'assigned') {
      all.push(eb.or(filter.values.map((v) => eb('devices.vehicle_id', v === true ? 'is not' : 'is', null))));
      continue;
    }
    const column = `devices.${COLUMN[filter.field]}` as const;
    const values = filter.values.filter((v) => v !== null) as (string | number | boolean)[];
    const anyOf: Expression<SqlBool>[] = [];
    if (values.length > 0) anyOf.push(eb(column, 'in', values as never[]));
    if (values.length < filter.values.length) anyOf.push(eb(column, 'is', null));
    all.push(eb.or(anyOf));
  }
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(eb.or([eb('devices.serial_number', 'ilike', pattern), eb('devices.imei', 'ilike', pattern)]));
  }
  if (query.from !== undefined) all.push(eb('devices.last_seen_at', '>=', query.from));
  if (query.to !== undefined) all.push(eb('devices.last_seen_at', '<=', query.to));
  return eb.and(all);
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toDevice(row: Selectable<DeviceTable>): Device {
  const device: Device = {
    id: row.id,
    type: row.type as Device['type'],
    serialNumber: row.serial_number,
    modelId: row.model_id,
    oemId: row.oem_id,
    vehicleId: row.vehicle_id,
    firmwareVersion: row.firmware_version,
    status: row.status as Device['status'],
    state: (row.state === null ? 'F' : row.state) as Device['state'],
    isLive: row.is_live,
    lastSeenAt: iso(row.last_seen_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
  if (row.imei !== null) device.imei = row.imei;
  if (row.bms !== null) device.bms = row.bms as Device['bms'];
  if (row.mcu !== null) device.mcu = row.mcu as Device['mcu'];
  return device;
}

/** The columns of a device (or of the fields a change sets). */
export function deviceColumns(device: Partial<Device>): Updateable<DeviceTable> {
  const out: Updateable<DeviceTable> = {};
  const set = <K extends keyof Updateable<DeviceTable>>(key: K, value: Updateable<DeviceTable>[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('id', device.id);
  set('type', device.type);
  set('serial_number', device.serialNumber);
  set('model_id', device.modelId);
  set('oem_id', device.oemId);
  set('vehicle_id', device.vehicleId);
  set('firmware_version', device.firmwareVersion);
  set('status', device.status);
  if (device.state !== undefined) out.state = device.state === 'F' ? null : device.state;
  set('is_live', device.isLive);
  set('last_seen_at', device.lastSeenAt);
  set('imei', device.imei);
  if (device.bms !== undefined) out.bms = JSON.stringify(device.bms);
  if (device.mcu !== undefined) out.mcu = JSON.stringify(device.mcu);
  set('created_at', device.createdAt);
  set('updated_at', device.updatedAt);
  return out;
}

const DEVICE_COLUMNS = [
  'id',
  'type',
  'serial_number',
  'model_id',
  'oem_id',
  'vehicle_id',
  'firmware_version',
  'status',
  'state',
  'is_live',
  'last_seen_at',
  'imei',
  'bms',
  'mcu',
  'chemistry',
  'cooling',
  'motor_type',
  'created_at',
  'updated_at',
] as const;

/** Devices in PostgreSQL (or PGlite): the list filters, sorts and pages in SQL. */
export function createDeviceRepository(db: Db): DeviceStore {
  return {
    async list(scope, query) {
      const where = (eb: Eb) => conditions(eb, scope, query);
      let page = db.selectFrom('devices').select(DEVICE_COLUMNS).where(where);
      for (const key of query.sort) page = page.orderBy(`devices.${COLUMN[key.field]}`, key.direction);
      const [rows, count] = await Promise.all([
        page
          .orderBy('devices.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db.selectFrom('devices').where(where).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toDevice), total: count.total };
    },

    async get(id, scope) {
      const row = await db
        .selectFrom('devices')
        .select(DEVICE_COLUMNS)
        .where('devices.id', '=', id)
        .where((eb) => conditions(eb, scope, { filters: [], q: undefined, from: undefined, to: undefined }))
        .executeTakeFirst();
      return row ? toDevice(row) : undefined;
    },

    async serialTaken(type, serial, exceptId) {
      let query = db.selectFrom('devices').select('id').where('type', '=', type).where('serial_number', '=', serial);
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async model(id): Promise<DeviceModelRef | undefined> {
      const row = await db
        .selectFrom('models')
        .select(['id', 'kind', 'oem_id', 'status', 'bms', 'mcu'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const model: DeviceModelRef = {
        id: row.id,
        kind: row.kind as DeviceModelRef['kind'],
        oemId: row.oem_id,
        status: row.status,
      };
      if (row.bms !== null) model.bms = row.bms as NonNullable<DeviceModelRef['bms']>;
      if (row.mcu !== null) model.mcu = row.mcu as NonNullable<DeviceModelRef['mcu']>;
      return model;
    },

    async oemExists(id) {
      return (await db.selectFrom('oems').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async insert(device) {
      await writeUnique(
        () =>
          db
            .insertInto('devices')
            .values(deviceColumns(device) as Insertable<DeviceTable>)
            .execute(),
        () => serialConflict(),
      );
    },

    async update(id, changes) {
      await writeUnique(
        () => db.updateTable('devices').set(deviceColumns(changes)).where('id', '=', id).execute(),
        () => serialConflict(),
      );
    },

    async delete(id) {
      const row = await db.selectFrom('devices').select(['type', 'vehicle_id']).where('id', '=', id).executeTakeFirst();
      if (!row) return;
      if (row.vehicle_id !== null) {
        const column = VEHICLE_DEVICE_COLUMN[row.type as Device['type']];
        await db
          .updateTable('vehicles')
          .set({ [column]: null })
          .where('id', '=', row.vehicle_id)
          .where(column, '=', id)
          .execute();
      }
      await db.deleteFrom('devices').where('id', '=', id).execute();
    },

    async vehicle(id, scope) {
      let query = db
        .selectFrom('vehicles')
        .select(['id', 'vin', 'bms_id', 'mcu_id', 'vcu_id', 'logger_id'])
        .where('id', '=', id);
      if (scope !== null) query = query.where(VEHICLE_SCOPE_COLUMN[scope.field], '=', scope.value);
      const row = await query.executeTakeFirst();
      return (
        row && {
          id: row.id,
          vin: row.vin,
          bmsId: row.bms_id,
          mcuId: row.mcu_id,
          vcuId: row.vcu_id,
          loggerId: row.logger_id,
        }
      );
    },

    async fit(device, vehicleId, at) {
      const column = VEHICLE_DEVICE_COLUMN[device.type];
      // Off the old vehicle; then whatever the new vehicle carried in this slot comes off it.
      await db
        .updateTable('vehicles')
        .set({ [column]: null, updated_at: at })
        .where(column, '=', device.id)
        .execute();
      if (vehicleId !== null) {
        await db
          .updateTable('devices')
          .set({ vehicle_id: null, updated_at: at })
          .where('vehicle_id', '=', vehicleId)
          .where('type', '=', device.type)
          .where('id', '<>', device.id)
          .execute();
        await db
          .updateTable('vehicles')
          .set({ [column]: device.id, updated_at: at })
          .where('id', '=', vehicleId)
          .execute();
      }
      await db
        .updateTable('devices')
        .set({ vehicle_id: vehicleId, updated_at: at })
        .where('id', '=', device.id)
        .execute();
    },
  };
}

/** The vehicle column that holds the device of each type. */
const VEHICLE_DEVICE_COLUMN = { BMS: 'bms_id', MCU: 'mcu_id', VCU: 'vcu_id', LOGGER: 'logger_id' } as const;

const serialConflict = () =>
  conflict('A device with this serial number already exists.', { serialNumber: 'Already in use.' });
