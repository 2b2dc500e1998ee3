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
  const own = eb(`vehicles.${VEHICLE_SCOPE_COLUMN[scope.field]}`, '=', scope.value);
  const granted = scope.granted;
  if (!granted) return own;
  // The vehicles the caller's active grants open (decision 0079): granted vehicles, those of granted EV models,
  // those fitted with a device of a granted device model, and OEMs' whole fleets.
  const any: Expression<SqlBool>[] = [own];
  const ids = (set: ReadonlySet<string>) => [...set];
  if (granted.vehicleIds.size > 0) any.push(eb('vehicles.id', 'in', ids(granted.vehicleIds)));
  if (granted.evModelIds.size > 0) any.push(eb('vehicles.model_id', 'in', ids(granted.evModelIds)));
  if (granted.oemIds.size > 0) any.push(eb('vehicles.oem_id', 'in', ids(granted.oemIds)));
  if (granted.deviceModelIds.size > 0)
    any.push(
      eb(
        'vehicles.id',
        'in',
        eb
          .selectFrom('devices')
          .select('devices.vehicle_id')
          .where('devices.model_id', 'in', ids(granted.deviceModelIds))
          .where('devices.vehicle_id', 'is not', null)
          .$narrowType<{ vehicle_id: string }>(),
      ),
    );
  return eb.or(any);
}

/** The tables whose rows name the vehicle they belong to in `vehicle_id`. */
type OfVehicle = 'devices' | 'faults' | 'notifications' | 'tickets' | 'commands';

/** `<table>.vehicle_id` names a vehicle in the scope. Null when the scope is everything. */
export function vehicleIdInScope<T extends OfVehicle>(
  eb: ExpressionBuilder<Database, T>,
  table: T,
  scope: VehicleScope,
): Expression<SqlBool> | null {
  if (scope === null) return null;
  // The tables name their vehicle alike; Kysely's types follow one of them.
  const any = eb as unknown as ExpressionBuilder<Database, 'faults'>;
  return any(
    `${table}.vehicle_id` as 'faults.vehicle_id',
    'in',
    any
      .selectFrom('vehicles')
      .select('vehicles.id')
      .where((v) => vehicleScopeCondition(v, scope)),
  );
}
