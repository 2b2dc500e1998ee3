import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/shared/api/schema';

export type ApiSavedLocation = components['schemas']['SavedLocation'];

/** A vehicle's saved locations (Home, Office, Most frequent) with visit counts. */
export async function listVehicleLocations(vehicleId: string): Promise<ApiSavedLocation[]> {
  return requireData(await apiClient.GET('/vehicles/{id}/locations', { params: { path: { id: vehicleId } } })).items;
}

export function vehicleLocationsQueryOptions(vehicleId: string) {
  return queryOptions({
    queryKey: ['vehicles', vehicleId, 'locations'] as const,
    queryFn: () => listVehicleLocations(vehicleId),
  });
}

export function useVehicleLocations(vehicleId: string) {
  return useQuery(vehicleLocationsQueryOptions(vehicleId));
}
