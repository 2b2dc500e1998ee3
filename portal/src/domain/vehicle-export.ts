/**
 * The columns of `GET /vehicles/export`, in order: one list for the demo server and the Fleet API server, so the two
 * CSV files cannot drift.
 */
export const VEHICLE_EXPORT_COLUMNS = [
  'id',
  'vin',
  'registrationNumber',
  'vehicleType',
  'modelId',
  'oemId',
  'dealerId',
  'fleetId',
  'evOwnerId',
  'driverId',
  'connectivity',
  'stateCode',
  'isLive',
  'lastSeenAt',
  'status',
  'soc',
  'rangeKm',
  'odometerKm',
  'healthRating',
  'lat',
  'lng',
] as const;
