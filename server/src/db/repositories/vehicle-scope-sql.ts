import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { VehicleScope } from '../../services/vehicles/vehicle-scope';
import type { Database, VehicleTable } from '../schema';

/**
 * The services' vehicle scope (`services/vehicles/vehicle-scope`) in SQL, once for every repository: a query of
 * `vehicles` (`vehicleScopeCondition`) and rows that belong to a vehicle (`vehicleIdInScope`). A scoped account
 * without its id sees nothing (NULL equals nothing).
 */

/** The vehicle column of each vehicle scope field. */
export const VEHICLE_SCOPE_COLUMN = {
  oemId: 'oem_id',
  dealerId: 'dealer_id',
  fleetId: 'fleet_id',
  driverId: 'driver_id',
  evOwnerId: 'ev_owner_id',
} as const satisfies Record<NonNullable<VehicleScope>['field'], keyof VehicleTable>;

/** A vehicle scope as the WHERE of a query of `vehicles`: everything (true), or the one value a column must have. */
export function vehicleScopeCondition(
  eb: ExpressionBuilder<Database, 'vehicles'>,
  scope: VehicleScope,
): Expression<SqlBool> {
  if (scope === null) return sql<SqlBool>`true`;
  return eb(`vehicles.${VEHICLE_SCOPE_COLUMN[scope.field]}`, '=', scope.value);
}

/** The tables whose rows name the vehicle they belong to in `vehicle_id`. */
type OfVehicle = 'devices' | 'faults' | 'notifications' | 'tickets';

/** `<table>.vehicle_id` names a vehicle in the scope. Null when the scope is everything. */
export function vehicleIdInScope<T extends OfVehicle>(
  eb: ExpressionBuilder<Database, T>,
  table: T,
  scope: VehicleScope,
): Expression<SqlBool> | null {
  if (scope === null) return null;
  const { field, value } = scope;
  // The tables name their vehicle alike; Kysely's types follow one of them.
  const any = eb as unknown as ExpressionBuilder<Database, 'faults'>;
  return any(
    `${table}.vehicle_id` as 'faults.vehicle_id',
    'in',
    any.selectFrom('vehicles').select('vehicles.id').where(`vehicles.${VEHICLE_SCOPE_COLUMN[field]}`, '=', value),
  );
}
