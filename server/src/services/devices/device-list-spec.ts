import { type ListSpec, parse } from '../lib/list-query';
import { DEVICE_TYPES } from './device-types';

export const DEVICE_SORT_FIELDS = [
  'serialNumber',
  'type',
  'modelId',
  'firmwareVersion',
  'status',
  'state',
  'isLive',
  'lastSeenAt',
  'createdAt',
] as const;
export type DeviceSortField = (typeof DEVICE_SORT_FIELDS)[number];

/** A device state filter value: a number of the enum, or 'F' (SNA), which is stored as null. */
function state(value: string): number | null {
  return value === 'F' ? null : parse.int('state', [0, 1, 2, 3, 4, 5, 6])(value);
}

const DEVICE_FILTERS = {
  type: parse.oneOf('type', DEVICE_TYPES),
  modelId: parse.text,
  oemId: parse.text,
  vehicleId: parse.text,
  status: parse.int('status', [0, 1]),
  state,
  isLive: parse.boolean('isLive'),
  chemistry: parse.int('chemistry', [0, 1, 2, 3, 4]),
  cooling: parse.int('cooling', [0, 1, 2, 3, 4, 5, 6, 7]),
  motorType: parse.int('motorType', [0, 1, 2, 3, 4, 5]),
  assigned: parse.boolean('assigned'),
};
export type DeviceFilterField = keyof typeof DEVICE_FILTERS;

/** The device list's sorts and filters (openapi.yaml listDevices); search covers serial number and IMEI. */
export const DEVICE_LIST: ListSpec<DeviceSortField, DeviceFilterField> = {
  sortable: DEVICE_SORT_FIELDS,
  filterable: DEVICE_FILTERS,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};
