import type { AuditStore } from '@services/audit/audit-chain';
import type { DeviceFilterField, DeviceSortField } from '@services/devices/device-list-spec';
import type { DeviceDeps, DeviceModelRef, DeviceStore } from '@services/devices/device-store';
import { DEVICE_TYPES, type DeviceType, VEHICLE_DEVICE_FIELD } from '@services/devices/device-types';
import { conflict } from '@services/lib/app-error';
import { deviceTest, vehicleTest } from '../handlers/lib/scope';
import { fromApi, toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import type { ApiDevice, Device, Vehicle } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { type UndoLog, worldTransact } from './world-transaction';

/** The world table each device type is kept in. */
export const DEVICE_TYPE_TABLE = {
  BMS: 'bmsDevices',
  MCU: 'mcuDevices',
  VCU: 'vcuDevices',
  LOGGER: 'loggers',
} as const;

/** Device fields as the list reads them: the in-memory counterpart of the SQL repository's column map. */
const DEVICE_COLUMNS: MemoryListSpec<Device, DeviceSortField, DeviceFilterField> = {
  sortable: {
    serialNumber: (d) => d.serialNumber,
    type: (d) => d.type,
    modelId: (d) => d.modelId,
    firmwareVersion: (d) => d.firmwareVersion,
    status: (d) => d.status,
    state: (d) => (d.state === 'F' ? 1000 : d.state),
    isLive: (d) => (d.isLive ? 1 : 0),
    lastSeenAt: (d) => d.lastSeenAt,
    createdAt: (d) => d.createdAt,
  },
  filterable: {
    type: (d) => d.type,
    modelId: (d) => d.modelId,
    oemId: (d) => d.oemId,
    vehicleId: (d) => d.vehicleId,
    status: (d) => d.status,
    // SNA is 'F' in a row and null in a parsed filter (as the SQL column keeps it).
    state: (d) => (d.state === 'F' ? null : d.state),
    isLive: (d) => d.isLive,
    chemistry: (d) => d.bms?.chemistry ?? null,
    cooling: (d) => d.bms?.cooling ?? null,
    motorType: (d) => d.mcu?.motorType ?? null,
    assigned: (d) => d.vehicleId !== null,
  },
  searchable: [(d) => d.serialNumber, (d) => d.imei],
  time: (d) => d.lastSeenAt,
};

const typeOfId = (id: string) => DEVICE_TYPES.find((t) => t === id.split('-')[0]?.toUpperCase());

const serialConflict = () =>
  conflict('A device with this serial number already exists.', { serialNumber: 'Already in use.' });

interface WorldDeviceOptions {
  /** Vehicles the caller's active access grants add to their scope (decision 0079), a demo-only widening. */
  granted?: ((vehicle: Vehicle) => boolean) | undefined;
  /** Inside a transaction: where writes record what they overwrite. */
  undo?: UndoLog;
}

/** The DeviceStore of the services over the demo world's four device tables. */
export function worldDeviceStore(db: WorldDb, options: WorldDeviceOptions = {}): DeviceStore {
  const find = (id: string): Device | undefined => {
    const guess = typeOfId(id);
    if (guess) return db.tables[DEVICE_TYPE_TABLE[guess]].get(id);
    for (const type of DEVICE_TYPES) {
      const device = db.tables[DEVICE_TYPE_TABLE[type]].get(id);
      if (device) return device;
    }
    return undefined;
  };
  const serialTaken = (type: DeviceType, serial: string, exceptId?: string) => {
    for (const d of db.tables[DEVICE_TYPE_TABLE[type]].values()) {
      if (d.serialNumber === serial && d.id !== exceptId) return true;
    }
    return false;
  };
  return {
    async list(scope, query) {
      const inScope = deviceTest(db, scope, options.granted);
      const types = (query.filters.find((f) => f.field === 'type')?.values ?? DEVICE_TYPES) as DeviceType[];
      const rows: Device[] = [];
      for (const type of DEVICE_TYPES) {
        if (!types.includes(type)) continue;
        for (const d of db.tables[DEVICE_TYPE_TABLE[type]].values()) if (inScope(d)) rows.push(d);
      }
      const { items, total } = memoryList(rows, query, DEVICE_COLUMNS);
      return { items: items.map((d) => toApi<ApiDevice>(d)), total };
    },
    async get(id, scope) {
      const device = find(id);
      return device && deviceTest(db, scope, options.granted)(device) ? toApi<ApiDevice>(device) : undefined;
    },
    async serialTaken(type, serial, exceptId) {
      return serialTaken(type, serial, exceptId);
    },
    async model(id): Promise<DeviceModelRef | undefined> {
      const model = db.tables.models.get(id);
      if (!model) return undefined;
      const ref: DeviceModelRef = { id: model.id, kind: model.kind, oemId: model.oemId, status: model.status };
      if (model.bms) ref.bms = model.bms;
      if (model.mcu) ref.mcu = model.mcu;
      return ref;
    },
    async oemExists(id) {
      return db.tables.oems.get(id) !== undefined;
    },
    async insert(device) {
      if (serialTaken(device.type, device.serialNumber, device.id)) throw serialConflict();
      const table = DEVICE_TYPE_TABLE[device.type];
      options.undo?.touch(table, device.id);
      db.tables[table].insert(fromApi<Device>(device));
    },
    async update(id, changes) {
      const device = find(id);
      if (!device) return;
      if (changes.serialNumber !== undefined && serialTaken(device.type, changes.serialNumber, id)) {
        throw serialConflict();
      }
      const table = DEVICE_TYPE_TABLE[device.type];
      options.undo?.touch(table, id);
      db.tables[table].update(id, fromApi<Partial<Device>>(changes));
    },
    async delete(id) {
      const device = find(id);
      if (!device) return;
      const field = VEHICLE_DEVICE_FIELD[device.type];
      const vehicle = device.vehicleId ? db.tables.vehicles.get(device.vehicleId) : undefined;
      if (vehicle && vehicle[field] === id) {
        options.undo?.touch('vehicles', vehicle.id);
        db.tables.vehicles.update(vehicle.id, { [field]: null });
      }
      if (device.type === 'LOGGER') {
        // A SIM card in a deleted logger stays, in none (as sims.logger_id ON DELETE SET NULL on the server).
        for (const sim of db.tables.sims.values()) {
          if (sim.loggerId !== id) continue;
          options.undo?.touch('sims', sim.id);
          db.tables.sims.update(sim.id, { loggerId: null });
        }
      }
      const table = DEVICE_TYPE_TABLE[device.type];
      options.undo?.touch(table, id);
      db.tables[table].remove(id);
    },
    async vehicle(id, scope) {
      const v = db.tables.vehicles.get(id);
      if (!v || !vehicleTest(scope, options.granted)(v)) return undefined;
      return { id: v.id, vin: v.vin, bmsId: v.bmsId, mcuId: v.mcuId, vcuId: v.vcuId, loggerId: v.loggerId };
    },
    async fit(device, vehicleId, at) {
      const field = VEHICLE_DEVICE_FIELD[device.type];
      const table = DEVICE_TYPE_TABLE[device.type];
      const ms = Date.parse(at);
      // Off the old vehicle; then whatever the new vehicle carried in this slot comes off it.
      for (const v of db.tables.vehicles.values()) {
        if (v[field] === device.id && v.id !== vehicleId) {
          options.undo?.touch('vehicles', v.id);
          db.tables.vehicles.update(v.id, { [field]: null, updatedAt: ms });
        }
      }
      if (vehicleId !== null) {
        const previous = db.tables.vehicles.get(vehicleId)?.[field];
        if (previous && previous !== device.id && db.tables[table].get(previous)) {
          options.undo?.touch(table, previous);
          db.tables[table].update(previous, { vehicleId: null, updatedAt: ms });
        }
        options.undo?.touch('vehicles', vehicleId);
        db.tables.vehicles.update(vehicleId, { [field]: device.id, updatedAt: ms });
      }
      options.undo?.touch(table, device.id);
      db.tables[table].update(device.id, { vehicleId, updatedAt: ms });
    },
  };
}

/** The device services' dependencies over the demo world, for one caller's access grants. */
export function worldDeviceDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): DeviceDeps {
  return {
    devices: worldDeviceStore(db, { granted }),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { devices: DeviceStore; audit: AuditStore } => ({
      devices: worldDeviceStore(db, { granted, undo }),
      audit: worldAuditStore(db, undo),
    })),
  };
}
