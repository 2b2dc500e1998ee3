import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { vehicleKeys } from '@/shared/api/query-keys';

export type ApiVehicle = components['schemas']['Vehicle'];

/** One vehicle with the names of its model and organisations. */
export async function getVehicle(id: string): Promise<ApiVehicle> {
  return requireData(await apiClient.GET('/vehicles/{id}', { params: { path: { id } } }));
}

export function vehicleQueryOptions(id: string) {
  return queryOptions({ queryKey: vehicleKeys.detail(id), queryFn: () => getVehicle(id) });
}

/** The vehicle of a details page. */
export function useVehicle(id: string) {
  return useQuery(vehicleQueryOptions(id));
}
