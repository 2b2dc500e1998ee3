import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { vehicleKeys } from '@/shared/api/query-keys';

export type ApiSavedLocation = components['schemas']['SavedLocation'];

/** A vehicle's saved locations (Home, Office, Most frequent) with visit counts. */
export async function listVehicleLocations(vehicleId: string): Promise<ApiSavedLocation[]> {
  return requireData(await apiClient.GET('/vehicles/{id}/locations', { params: { path: { id: vehicleId } } })).items;
}

export function vehicleLocationsQueryOptions(vehicleId: string) {
  return queryOptions({
    queryKey: vehicleKeys.locations(vehicleId),
    queryFn: () => listVehicleLocations(vehicleId),
  });
}

export function useVehicleLocations(vehicleId: string) {
  return useQuery(vehicleLocationsQueryOptions(vehicleId));
}
