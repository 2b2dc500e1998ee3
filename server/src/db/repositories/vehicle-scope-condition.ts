import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { VehicleScope } from '../../services/vehicles/vehicle-scope';
import type { Database } from '../schema';

const SCOPE_COLUMN = {
  oemId: 'oem_id',
  dealerId: 'dealer_id',
  fleetId: 'fleet_id',
  evOwnerId: 'ev_owner_id',
  driverId: 'driver_id',
} as const satisfies Record<NonNullable<VehicleScope>['field'], string>;

/** A vehicle scope as the WHERE of a query of `vehicles`: everything (null), or the one value a column must have. */
export function vehicleScopeCondition(
  eb: ExpressionBuilder<Database, 'vehicles'>,
  scope: VehicleScope,
): Expression<SqlBool> {
  // A scoped account without its id sees nothing (NULL equals nothing).
  if (scope === null) return sql<SqlBool>`true`;
  return eb(`vehicles.${SCOPE_COLUMN[scope.field]}`, '=', scope.value);
}
