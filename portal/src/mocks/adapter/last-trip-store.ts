import type { LastTrip, LastTripReader, MyVehiclesDeps } from '@services/dashboards/my-vehicles';
import type { WorldDb } from '../world/db';
import { type TripRow, tripsOf } from '../world/histories';
import type { Vehicle } from '../world/types';
import { worldVehicleStore } from './vehicle-store';

/** Trips replay road routes, so they are kept per world and vehicle once computed. */
const tripCache = new WeakMap<WorldDb, Map<string, TripRow[]>>();
function tripsCached(db: WorldDb, vehicle: Vehicle): TripRow[] {
  let perWorld = tripCache.get(db);
  if (!perWorld) {
    perWorld = new Map();
    tripCache.set(db, perWorld);
  }
  let trips = perWorld.get(vehicle.id);
  if (!trips) {
    trips = tripsOf(db.world.seed, vehicle, db.world.referenceTime);
    perWorld.set(vehicle.id, trips);
  }
  return trips;
}

/** The services' LastTripReader over the demo world's trips (generated on demand, newest first). */
export function worldLastTripReader(db: WorldDb): LastTripReader {
  return {
    async lastTripOf(vehicleId) {
      const vehicle = db.tables.vehicles.get(vehicleId);
      const trip = vehicle ? tripsCached(db, vehicle).find((t) => t.endedAt !== null) : undefined;
      if (!trip) return null;
      const last: LastTrip = {
        startedAt: new Date(trip.startedAt).toISOString(),
        endedAt: trip.endedAt === null ? null : new Date(trip.endedAt).toISOString(),
        distanceKm: trip.distanceKm,
        durationMin: trip.durationMin,
        energyKwh: trip.energyKwh,
      };
      return last;
    },
  };
}

/** The my-vehicles panel's dependencies over the demo world, for a caller whose grants widen their vehicle scope. */
export function worldMyVehiclesDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): MyVehiclesDeps {
  return { vehicles: worldVehicleStore(db, { granted }), lastTrips: worldLastTripReader(db) };
}
