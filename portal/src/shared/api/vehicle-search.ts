import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from './api-client';
import { vehicleKeys } from './query-keys';

/** A vehicle as the picker offers it. */
export interface VehicleOption {
  value: string;
  label: string;
}

/** How a vehicle reads in the picker: the VIN people search by, then its plate. */
export const vehicleOptionLabel = (v: { vin: string; registrationNumber: string }) =>
  `${v.vin} · ${v.registrationNumber}`;

/** Results per search: enough to scan, small enough to answer fast at 100,000 vehicles. */
export const VEHICLE_SEARCH_SIZE = 20;

/**
 * Vehicles in the caller's scope (for fitting a device, or sending a command) whose VIN or registration contains `term` (the first ones by VIN when empty).
 */
export function useVehicleSearch(term: string) {
  return useQuery({
    queryKey: vehicleKeys.search('picker', term),
    queryFn: async ({ signal }) => {
      const page = requireData(
        await apiClient.GET('/vehicles', {
          params: { query: { q: term || undefined, pageSize: VEHICLE_SEARCH_SIZE, sort: 'vin:asc' } },
          signal,
        }),
      );
      return {
        total: page.total,
        options: page.items.map((v): VehicleOption => ({ value: v.id, label: vehicleOptionLabel(v) })),
      };
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
