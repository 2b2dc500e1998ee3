import { type ListSpec, parse } from '../lib/list-query';

/** Trip and battery-cycle status (openapi.yaml RunStatus): Running 1, Completed 2, Faulty 3, Unrecoverable 4. */
export const RUN_STATUSES = [1, 2, 3, 4] as const;

export const TRIP_SORT_FIELDS = ['startedAt', 'distanceKm', 'durationMin', 'energyKwh', 'status'] as const;
export type TripSortField = (typeof TRIP_SORT_FIELDS)[number];

const TRIP_FILTERS = { status: parse.int('status', RUN_STATUSES) };
export type TripFilterField = keyof typeof TRIP_FILTERS;

/** A vehicle's trip list (openapi.yaml listVehicleTrips): its sorts and filter, newest first; the range is startedAt. */
export const TRIP_LIST: ListSpec<TripSortField, TripFilterField> = {
  sortable: TRIP_SORT_FIELDS,
  filterable: TRIP_FILTERS,
  defaultSort: [{ field: 'startedAt', direction: 'desc' }],
};
