import type { TripFilterField, TripSortField } from '@services/trips/trip-list-spec';
import type { SavedLocation, Trip, TripDeps, TripStore } from '@services/trips/trip-store';
import { toApi } from '../handlers/lib/serialize';
import type { WorldDb } from '../world/db';
import { savedLocationsOf, type TripRow, tripsOf } from '../world/histories';
import { tripRouteOf } from '../world/trip-route';
import type { Vehicle } from '../world/types';
import { type MemoryListSpec, memoryList } from './memory-list';
import { worldVehicleStore } from './vehicle-store';

/** Trip fields as the list reads them: the in-memory counterpart of the SQL repository's column map. */
const TRIP_COLUMNS: MemoryListSpec<TripRow, TripSortField, TripFilterField> = {
  sortable: {
    startedAt: (t) => t.startedAt,
    distanceKm: (t) => t.distanceKm,
    durationMin: (t) => t.durationMin,
    energyKwh: (t) => t.energyKwh,
    status: (t) => t.status,
  },
  filterable: { status: (t) => t.status },
  searchable: [],
  time: (t) => t.startedAt,
};

/**
 * The TripStore of the services over the demo world: a vehicle's trips, a trip's positions and the saved locations
 * generated on demand from the world's seed and reference time (`tripsOf`, `tripRouteOf`, `savedLocationsOf`), the
 * whole 60 days and every trip's route (the server keeps a window, decision 0114).
 */
export function worldTripStore(db: WorldDb): TripStore {
  const { seed } = db.world;
  const now = () => db.world.referenceTime;
  const vehicle = (id: string): Vehicle | undefined => db.tables.vehicles.get(id);
  const tripsOfVehicle = (id: string): { vehicle: Vehicle; trips: TripRow[] } | undefined => {
    const v = vehicle(id);
    return v ? { vehicle: v, trips: tripsOf(seed, v, now()) } : undefined;
  };
  return {
    async list(vehicleId, query) {
      const { items, total } = memoryList(tripsOfVehicle(vehicleId)?.trips ?? [], query, TRIP_COLUMNS);
      return { items: items.map((t) => toApi<Trip>(t)), total };
    },
    async get(vehicleId, tripId) {
      const trip = tripsOfVehicle(vehicleId)?.trips.find((t) => t.id === tripId);
      return trip ? toApi<Trip>(trip) : undefined;
    },
    async routeOf(vehicleId, tripId) {
      const of = tripsOfVehicle(vehicleId);
      const trip = of?.trips.find((t) => t.id === tripId);
      return of && trip ? tripRouteOf(seed, trip, now(), of.vehicle) : [];
    },
    async locations(vehicleId) {
      const v = vehicle(vehicleId);
      return v ? savedLocationsOf(seed, v, now()).map((l) => toApi<SavedLocation>(l)) : [];
    },
  };
}

/** The trip services' dependencies over the demo world; `granted` widens the vehicle scope as for vehicles. */
export function worldTripDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): TripDeps {
  return { trips: worldTripStore(db), vehicles: worldVehicleStore(db, { granted }), now: () => new Date() };
}
