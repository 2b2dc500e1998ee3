import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { vehicleKeys } from '@/shared/api/query-keys';

export type TripRoute = components['schemas']['TripRoute'];
export type TripRoutePoint = components['schemas']['TripRoutePoint'];
export type TripStop = components['schemas']['TripStop'];

/** The positions (with speed and SoC) and stops of one trip, from telemetry history. */
export async function getTripRoute(vehicleId: string, tripId: string): Promise<TripRoute> {
  return requireData(
    await apiClient.GET('/vehicles/{id}/trips/{tripId}/route', { params: { path: { id: vehicleId, tripId } } }),
  );
}

export function tripRouteQueryOptions(vehicleId: string, tripId: string) {
  return queryOptions({
    queryKey: vehicleKeys.tripRoute(vehicleId, tripId),
    queryFn: () => getTripRoute(vehicleId, tripId),
    // A finished trip's history does not change.
    staleTime: 5 * 60_000,
  });
}

export function useTripRoute(vehicleId: string, tripId: string) {
  return useQuery(tripRouteQueryOptions(vehicleId, tripId));
}
