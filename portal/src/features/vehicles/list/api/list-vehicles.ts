import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { type ListParams, toListQuery } from '@/shared/ui/data-table/use-list-params';
import { vehicleKeys } from '@/shared/api/query-keys';

export type ApiVehicle = components['schemas']['Vehicle'];

/** One page of vehicles in the caller's scope (the server scopes by the session). */
export async function listVehicles(params: ListParams) {
  return requireData(await apiClient.GET('/vehicles', { params: { query: toListQuery(params) } }));
}

/**
 * How long a page just fetched counts as fresh. The page changes its params in the event and requests the next page
 * there (`useListParams`' `onChange`); when that answer is in before React renders the new params, the query that
 * mounts with them must take it, not ask again. Edits invalidate the list, so they show at once.
 */
const LIST_FRESH_MS = 5_000;

export function vehiclesQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: vehicleKeys.list(params),
    queryFn: () => listVehicles(params),
    placeholderData: keepPreviousData,
    staleTime: LIST_FRESH_MS,
  });
}

/** The vehicle list page for the given params; the previous page stays on screen while the next loads. */
export function useVehicleList(params: ListParams) {
  return useQuery(vehiclesQueryOptions(params));
}
