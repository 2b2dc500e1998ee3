import { type ListSpec, parse } from '../lib/list-query';

export const VEHICLE_SORT_FIELDS = [
  'vin',
  'registrationNumber',
  'vehicleType',
  'modelId',
  'oemId',
  'connectivity',
  'stateCode',
  'isLive',
  'lastSeenAt',
  'status',
  'soc',
  'odometerKm',
  'healthRating',
  'createdAt',
] as const;
export type VehicleSortField = (typeof VEHICLE_SORT_FIELDS)[number];

const STATE_CODES = [0, 16, 32, 48, 64, 66, 67, 80, 81, 82, 96, 101, 112] as const;

/** A state code filter value: a number of the enum, or 'F' (SNA), which is stored as null. */
function stateCode(value: string): number | null {
  return value === 'F' ? null : parse.int('stateCode', STATE_CODES)(value);
}

const VEHICLE_FILTERS = {
  vehicleType: parse.oneOf('vehicleType', ['2 Wheeler', '3 Wheeler']),
  modelId: parse.text,
  oemId: parse.text,
  dealerId: parse.text,
  fleetId: parse.text,
  evOwnerId: parse.text,
  driverId: parse.text,
  connectivity: parse.oneOf('connectivity', ['Wi-Fi', 'GSM', '3G', '4G', '5G']),
  stateCode,
  isLive: parse.boolean('isLive'),
  status: parse.int('status', [0, 1]),
  healthRating: parse.int('healthRating', [1, 2, 3, 4, 5]),
};
export type VehicleFilterField = keyof typeof VEHICLE_FILTERS;

/** The vehicle list's sorts and filters (openapi.yaml listVehicles); search covers VIN and registration number. */
export const VEHICLE_LIST: ListSpec<VehicleSortField, VehicleFilterField> = {
  sortable: VEHICLE_SORT_FIELDS,
  filterable: VEHICLE_FILTERS,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};
