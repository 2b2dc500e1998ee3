import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { VehicleScope } from '../../services/vehicles/vehicle-scope';
import type { Database, VehicleTable } from '../schema';

/** The vehicle column of each vehicle scope field (services/vehicles/vehicle-scope). */
const VEHICLE_SCOPE_COLUMN = {
  oemId: 'oem_id',
  dealerId: 'dealer_id',
  fleetId: 'fleet_id',
  driverId: 'driver_id',
  evOwnerId: 'ev_owner_id',
} as const satisfies Record<NonNullable<VehicleScope>['field'], keyof VehicleTable>;

/**
 * `<table>.vehicle_id` names a vehicle in the scope, for the rows that belong to a vehicle (faults, notifications).
 * Null when the scope is everything; a scoped account without its id sees nothing (NULL equals nothing).
 */
export function vehicleIdInScope<T extends 'faults' | 'notifications'>(
  eb: ExpressionBuilder<Database, T>,
  table: T,
  scope: VehicleScope,
): Expression<SqlBool> | null {
  if (scope === null) return null;
  const { field, value } = scope;
  // Both tables name their vehicle alike; Kysely's types follow one of them.
  const any = eb as unknown as ExpressionBuilder<Database, 'faults'>;
  return any(
    `${table}.vehicle_id` as 'faults.vehicle_id',
    'in',
    any.selectFrom('vehicles').select('vehicles.id').where(`vehicles.${VEHICLE_SCOPE_COLUMN[field]}`, '=', value),
  );
}
