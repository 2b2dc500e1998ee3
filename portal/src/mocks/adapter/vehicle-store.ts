import type { AuditStore } from '@services/audit/audit-chain';
import type { VehicleFilterField, VehicleSortField } from '@services/vehicles/vehicle-list-spec';
import type { PartyRef, VehicleDeps, VehicleStore } from '@services/vehicles/vehicle-store';
import { conflict } from '@services/lib/app-error';
import { vehicleTest } from '../handlers/lib/scope';
import { fromApi, toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import type { ApiVehicle, Device, Vehicle } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { type UndoLog, worldTransact } from './world-transaction';

/** The API shape of a vehicle, with the display names of what it links to (the SQL repository's joins). */
export function vehicleToApi(db: WorldDb, v: Vehicle): ApiVehicle {
  const name = (row: { name: string } | undefined) => row?.name ?? null;
  return {
    ...toApi<ApiVehicle>(v),
    names: {
      model: name(db.tables.models.get(v.modelId)),
      oem: name(db.tables.oems.get(v.oemId)),
      dealer: v.dealerId ? name(db.tables.dealers.get(v.dealerId)) : null,
      fleet: v.fleetId ? name(db.tables.fleets.get(v.fleetId)) : null,
      evOwner: v.evOwnerId ? name(db.tables.evOwners.get(v.evOwnerId)) : null,
      driver: v.driverId ? name(db.tables.drivers.get(v.driverId)) : null,
    },
  };
}

/** The field of each device a vehicle carries, and the table the device is kept in. */
export const DEVICE_FIELD: Record<Device['type'], 'bmsId' | 'mcuId' | 'vcuId' | 'loggerId'> = {
  BMS: 'bmsId',
  MCU: 'mcuId',
  VCU: 'vcuId',
  LOGGER: 'loggerId',
};
export const DEVICE_TABLE = { BMS: 'bmsDevices', MCU: 'mcuDevices', VCU: 'vcuDevices', LOGGER: 'loggers' } as const;

/** State code SNA is 'F' in a row and null in a parsed filter (as the SQL column keeps it). */
const stateCodeValue = (v: Vehicle) => (v.stateCode === 'F' ? null : v.stateCode);

/** Vehicle fields as the list reads them: the in-memory counterpart of the SQL repository's column map. */
const VEHICLE_COLUMNS: MemoryListSpec<Vehicle, VehicleSortField, VehicleFilterField> = {
  sortable: {
    vin: (v) => v.vin,
    registrationNumber: (v) => v.registrationNumber,
    vehicleType: (v) => v.vehicleType,
    modelId: (v) => v.modelId,
    oemId: (v) => v.oemId,
    connectivity: (v) => v.connectivity,
    stateCode: (v) => (v.stateCode === 'F' ? 1000 : v.stateCode),
    isLive: (v) => (v.isLive ? 1 : 0),
    lastSeenAt: (v) => v.lastSeenAt,
    status: (v) => v.status,
    soc: (v) => v.soc,
    odometerKm: (v) => v.odometerKm,
    healthRating: (v) => v.healthRating,
    createdAt: (v) => v.createdAt,
  },
  filterable: {
    vehicleType: (v) => v.vehicleType,
    modelId: (v) => v.modelId,
    oemId: (v) => v.oemId,
    dealerId: (v) => v.dealerId,
    fleetId: (v) => v.fleetId,
    evOwnerId: (v) => v.evOwnerId,
    driverId: (v) => v.driverId,
    connectivity: (v) => v.connectivity,
    stateCode: stateCodeValue,
    isLive: (v) => v.isLive,
    status: (v) => v.status,
    healthRating: (v) => v.healthRating,
  },
  searchable: [(v) => v.vin, (v) => v.registrationNumber],
  time: (v) => v.lastSeenAt,
};

interface WorldVehicleOptions {
  /** Vehicles the caller's active access grants add to their scope (decision 0079), a demo-only widening. */
  granted?: ((vehicle: Vehicle) => boolean) | undefined;
  /** Inside a transaction: where writes record what they overwrite. */
  undo?: UndoLog;
}

/** The VehicleStore of the services over the demo world's tables. */
export function worldVehicleStore(db: WorldDb, options: WorldVehicleOptions = {}): VehicleStore {
  const { vehicles } = db.tables;
  const vinTaken = (vin: string, exceptId?: string) => {
    for (const v of vehicles.values()) if (v.vin === vin && v.id !== exceptId) return true;
    return false;
  };
  const refuseTakenVin = (vin: string | undefined, id: string) => {
    if (vin !== undefined && vinTaken(vin, id)) {
      throw conflict('A vehicle with this VIN already exists.', { vin: 'A vehicle with this VIN already exists.' });
    }
  };
  return {
    async list(scope, query) {
      const inScope = vehicleTest(scope, options.granted);
      // A plain pass over every vehicle, then only as much sorting as the page needs (docs/decisions/0061).
      const rows = Array.from(vehicles.values()).filter(inScope);
      const { items, total } = memoryList(rows, query, VEHICLE_COLUMNS);
      return { items: items.map((v) => vehicleToApi(db, v)), total };
    },
    async get(id, scope) {
      const vehicle = vehicles.get(id);
      return vehicle && vehicleTest(scope, options.granted)(vehicle) ? vehicleToApi(db, vehicle) : undefined;
    },
    async vinTaken(vin, exceptId) {
      return vinTaken(vin, exceptId);
    },
    async evModel(id) {
      const model = typeof id === 'string' ? db.tables.models.get(id) : undefined;
      if (model?.kind !== 'EV') return undefined;
      return { id: model.id, oemId: model.oemId, status: model.status, vehicleType: model.vehicleType ?? '2 Wheeler' };
    },
    async party(kind, id): Promise<PartyRef | undefined> {
      if (typeof id !== 'string') return undefined;
      switch (kind) {
        case 'dealer': {
          const row = db.tables.dealers.get(id);
          return row && { id: row.id, oemId: row.oemId, dealerId: row.id, fleetId: null };
        }
        case 'fleet': {
          const row = db.tables.fleets.get(id);
          return row && { id: row.id, oemId: row.oemId, dealerId: row.dealerId, fleetId: row.id };
        }
        case 'evOwner': {
          const row = db.tables.evOwners.get(id);
          const dealer = row?.dealerId ? db.tables.dealers.get(row.dealerId) : undefined;
          return row && { id: row.id, oemId: dealer?.oemId ?? null, dealerId: row.dealerId, fleetId: null };
        }
        case 'driver': {
          const row = db.tables.drivers.get(id);
          const fleet = row ? db.tables.fleets.get(row.fleetId) : undefined;
          return row && fleet && { id: row.id, oemId: fleet.oemId, dealerId: fleet.dealerId, fleetId: row.fleetId };
        }
      }
    },
    async insert(vehicle) {
      refuseTakenVin(vehicle.vin, vehicle.id);
      options.undo?.touch('vehicles', vehicle.id);
      vehicles.insert(fromApi<Vehicle>(vehicle));
    },
    async update(id, changes) {
      refuseTakenVin(changes.vin, id);
      options.undo?.touch('vehicles', id);
      vehicles.update(id, fromApi<Partial<Vehicle>>(changes));
    },
    async delete(id) {
      const vehicle = vehicles.get(id);
      if (!vehicle) return;
      // Its devices stay, unfitted (the foreign key's ON DELETE SET NULL when devices move to the server).
      for (const type of ['BMS', 'MCU', 'VCU', 'LOGGER'] as const) {
        const deviceId = vehicle[DEVICE_FIELD[type]];
        if (!deviceId) continue;
        options.undo?.touch(DEVICE_TABLE[type], deviceId);
        db.tables[DEVICE_TABLE[type]].update(deviceId, { vehicleId: null, updatedAt: Date.now() });
      }
      options.undo?.touch('vehicles', id);
      vehicles.remove(id);
    },
    // The demo world keeps no version: a reader of these ids reads them again whenever it checks.
    async idsInScope(scope) {
      const inScope = vehicleTest(scope, options.granted);
      const ids = new Set<string>();
      for (const vehicle of vehicles.values()) if (inScope(vehicle)) ids.add(vehicle.id);
      return { ids, version: null };
    },
    async scopeVersion() {
      return null;
    },
  };
}

/** The vehicle services' dependencies over the demo world, for one caller's access grants. */
export function worldVehicleDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): VehicleDeps {
  return {
    vehicles: worldVehicleStore(db, { granted }),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { vehicles: VehicleStore; audit: AuditStore } => ({
      vehicles: worldVehicleStore(db, { granted, undo }),
      audit: worldAuditStore(db, undo),
    })),
  };
}
