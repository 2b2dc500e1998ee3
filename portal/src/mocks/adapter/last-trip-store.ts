import { lastTripsOf, type MyVehiclesDeps } from '@services/dashboards/my-vehicles';
import type { WorldDb } from '../world/db';
import type { Vehicle } from '../world/types';
import { worldTripStore } from './trip-store';
import { worldVehicleStore } from './vehicle-store';

/** The my-vehicles panel's dependencies over the demo world: its vehicles, and the last trip from the trip store. */
export function worldMyVehiclesDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): MyVehiclesDeps {
  return { vehicles: worldVehicleStore(db, { granted }), lastTrips: lastTripsOf(worldTripStore(db)) };
}
