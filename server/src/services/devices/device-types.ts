import type { PermissionKey } from '@/domain/permissions';
import type { Schemas } from '../lib/api-types';

export type Device = Schemas['Device'];
export type DeviceType = Schemas['DeviceType'];

export const DEVICE_TYPES: readonly DeviceType[] = ['BMS', 'MCU', 'VCU', 'LOGGER'];

/** The permission key of each device type's list; loggers belong to component management. */
export const DEVICE_LIST_KEY: Record<DeviceType, PermissionKey> = {
  BMS: 'BMS.l',
  MCU: 'MCU.l',
  VCU: 'VCU.l',
  LOGGER: 'cm',
};

/** Audit entity names of spec §3. */
export const DEVICE_AUDIT_ENTITY: Record<DeviceType, string> = {
  BMS: 'BMS',
  MCU: 'MCU',
  VCU: 'VCU',
  LOGGER: 'Logger Device',
};

/** The vehicle field that holds the device of each type. */
export const VEHICLE_DEVICE_FIELD = { BMS: 'bmsId', MCU: 'mcuId', VCU: 'vcuId', LOGGER: 'loggerId' } as const;
