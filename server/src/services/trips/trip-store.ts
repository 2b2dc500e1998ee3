import type { Schemas } from '../lib/api-types';
import type { ListQuery } from '../lib/list-query';
import type { VehicleStore } from '../vehicles/vehicle-store';
import type { TripFilterField, TripSortField } from './trip-list-spec';

export type Trip = Schemas['Trip'];
export type TripRoutePoint = Schemas['TripRoutePoint'];
export type SavedLocation = Schemas['SavedLocation'];

/**
 * A vehicle's trip history and saved places (decision 0114). The service has checked the vehicle is in the caller's
 * scope before it asks: the store reads one vehicle's rows.
 */
export interface TripStore {
  /** One page of the vehicle's trips matching the query (`from`/`to` bound startedAt). */
  list(vehicleId: string, query: ListQuery<TripSortField, TripFilterField>): Promise<{ items: Trip[]; total: number }>;
  /** The vehicle's trip, or undefined when it has none of that id. */
  get(vehicleId: string, tripId: string): Promise<Trip | undefined>;
  /** The recorded positions of the trip, oldest first ([] when none are kept for it). */
  routeOf(vehicleId: string, tripId: string): Promise<TripRoutePoint[]>;
  /** The vehicle's saved locations (Home, Office, Most frequent), by kind. */
  locations(vehicleId: string): Promise<SavedLocation[]>;
}

export interface TripDeps {
  trips: TripStore;
  /** The vehicle a history belongs to, read in the caller's scope. */
  vehicles: VehicleStore;
  now: () => Date;
}
