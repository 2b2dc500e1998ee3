import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/shared/api/schema';
import { vehicleKeys } from '@/shared/api/query-keys';

export type VehicleOption = Pick<components['schemas']['Vehicle'], 'id' | 'vin' | 'registrationNumber'>;

/** Up to 20 vehicles in the caller's scope matching `q` (VIN or registration), to assign to a geofence. */
export async function searchVehicles(q: string): Promise<VehicleOption[]> {
  const page = requireData(
    await apiClient.GET('/vehicles', { params: { query: { q: q || undefined, pageSize: 20, sort: 'vin:asc' } } }),
  );
  return page.items.map(({ id, vin, registrationNumber }) => ({ id, vin, registrationNumber }));
}

export function vehicleSearchQueryOptions(q: string) {
  return queryOptions({ queryKey: vehicleKeys.search('geofence', q), queryFn: () => searchVehicles(q) });
}

export function useVehicleSearch(q: string) {
  return useQuery({ ...vehicleSearchQueryOptions(q), placeholderData: keepPreviousData });
}
