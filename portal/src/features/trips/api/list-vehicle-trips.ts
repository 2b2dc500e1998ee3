import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { vehicleKeys } from '@/shared/api/query-keys';

export type ApiTripPage = components['schemas']['TripPage'];

export interface TripListParams {
  vehicleId: string;
  page: number;
  pageSize: number;
}

/** One page of a vehicle's trips, newest first. */
export async function listVehicleTrips({ vehicleId, page, pageSize }: TripListParams): Promise<ApiTripPage> {
  return requireData(
    await apiClient.GET('/vehicles/{id}/trips', {
      params: { path: { id: vehicleId }, query: { page, pageSize, sort: 'startedAt:desc' } },
    }),
  );
}

export function vehicleTripsQueryOptions(params: TripListParams) {
  return queryOptions({
    queryKey: vehicleKeys.trips(params.vehicleId, params),
    queryFn: () => listVehicleTrips(params),
  });
}

export function useVehicleTrips(params: TripListParams) {
  return useQuery(vehicleTripsQueryOptions(params));
}
