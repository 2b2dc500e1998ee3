import type { AuditStore } from '../audit/audit-chain';
import type { ListQuery } from '../lib/list-query';
import type { DeviceScope } from './device-scope';
import type { DeviceFilterField, DeviceSortField } from './device-list-spec';
import type { Device } from './device-types';

/** Storage of devices (BMS, MCU, VCU, loggers). Every read takes the caller's scope. */
export interface DeviceStore {
  /** One page of the devices in scope matching the query (its `type` filter names the kinds the caller may list). */
  list(
    scope: DeviceScope,
    query: ListQuery<DeviceSortField, DeviceFilterField>,
  ): Promise<{ items: Device[]; total: number }>;
  /** The device if it exists and is in the scope. */
  get(id: string, scope: DeviceScope): Promise<Device | undefined>;
}

export interface DeviceDeps {
  devices: DeviceStore;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { devices: DeviceStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
