import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
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
 * Vehicles in the caller's scope whose VIN or registration contains `term` (the first ones by VIN when empty): the one
 * search behind every vehicle picker (commands, device groups, fitting a device, geofences, tickets, rules).
 */
export function useVehicleSearch(term: string) {
  return useQuery({
    queryKey: vehicleKeys.search(term),
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

async function vehicleOption(id: string): Promise<VehicleOption> {
  const v = requireData(await apiClient.GET('/vehicles/{id}', { params: { path: { id } } }));
  return { value: v.id, label: vehicleOptionLabel(v) };
}

/** The option of one vehicle known by its id only (a form opened on a vehicle, or editing a saved choice). */
export function useVehicleOption(id: string | null) {
  return useQuery({
    queryKey: vehicleKeys.label(id ?? ''),
    queryFn: () => vehicleOption(id as string),
    enabled: id !== null && id !== '',
    staleTime: 5 * 60_000,
  });
}

/** The options of vehicles known by their ids (what a multiple picker holds), each read once and cached. */
export function useVehicleOptions(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: vehicleKeys.label(id),
      queryFn: () => vehicleOption(id),
      staleTime: 5 * 60_000,
    })),
  });
}
