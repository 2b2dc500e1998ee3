import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/shared/api/schema';
import { type ListParams, toListQuery } from '@/shared/ui/data-table/use-list-params';

export type ApiVehicle = components['schemas']['Vehicle'];

/** One page of vehicles in the caller's scope (the server scopes by the session). */
export async function listVehicles(params: ListParams) {
  return requireData(await apiClient.GET('/vehicles', { params: { query: toListQuery(params) } }));
}

export function vehiclesQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: ['vehicles', 'list', params] as const,
    queryFn: () => listVehicles(params),
    placeholderData: keepPreviousData,
  });
}

/** The vehicle list page for the given params; the previous page stays on screen while the next loads. */
export function useVehicleList(params: ListParams) {
  return useQuery(vehiclesQueryOptions(params));
}
