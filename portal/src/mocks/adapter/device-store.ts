import type { AuditStore } from '@services/audit/audit-chain';
import type { DeviceFilterField, DeviceSortField } from '@services/devices/device-list-spec';
import type { DeviceDeps, DeviceStore } from '@services/devices/device-store';
import { DEVICE_TYPES, type DeviceType } from '@services/devices/device-types';
import { deviceTest } from '../handlers/lib/scope';
import { toApi } from '../handlers/lib/serialize';
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
