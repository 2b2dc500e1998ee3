import type { AuditStore } from '../audit/audit-chain';
import type { ListQuery } from '../lib/list-query';
import type { VehicleScope } from '../vehicles/vehicle-scope';
import type { DeviceScope } from './device-scope';
import type { DeviceFilterField, DeviceSortField } from './device-list-spec';
import type { Device, DeviceType } from './device-types';

/** Storage of devices (BMS, MCU, VCU, loggers). Every read takes the caller's scope. */
export interface DeviceStore {
  /** One page of the devices in scope matching the query (its `type` filter names the kinds the caller may list). */
  list(
    scope: DeviceScope,
    query: ListQuery<DeviceSortField, DeviceFilterField>,
  ): Promise<{ items: Device[]; total: number }>;
  /** The device if it exists and is in the scope. */
  get(id: string, scope: DeviceScope): Promise<Device | undefined>;
  serialTaken(type: DeviceType, serial: string, exceptId?: string): Promise<boolean>;
  /** A BMS, MCU or VCU model by id, with the spec its devices copy; undefined for an unknown id. */
  model(id: string): Promise<DeviceModelRef | undefined>;
  oemExists(id: string): Promise<boolean>;
  /** Inserts a device; a serial number taken meanwhile answers the contract's 409. */
  insert(device: Device): Promise<void>;
  update(id: string, changes: Partial<Device>): Promise<void>;
  /** Deletes the device and removes it from its vehicle. */
  delete(id: string): Promise<void>;
  /** A vehicle in the (vehicle) scope, with the devices it carries; undefined when there is none. */
  vehicle(id: string, scope: VehicleScope): Promise<FittedVehicle | undefined>;
  /**
   * Fits the device to the vehicle (null: to none): it leaves its old vehicle, and whatever the new vehicle carried in
   * its slot is unfitted. Both sides (device.vehicleId, vehicle.<kind>Id) change together.
   */
  fit(device: Device, vehicleId: string | null, at: string): Promise<void>;
}

export interface FittedVehicle {
  id: string;
  vin: string;
  bmsId: string | null;
  mcuId: string | null;
  vcuId: string | null;
  loggerId: string | null;
}

export interface DeviceModelRef {
  id: string;
  kind: 'EV' | DeviceType;
  oemId: string;
  status: number;
  bms?: Omit<NonNullable<Device['bms']>, 'soc' | 'soh' | 'cycleCount'>;
  mcu?: Device['mcu'];
}

export interface DeviceDeps {
  devices: DeviceStore;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { devices: DeviceStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
