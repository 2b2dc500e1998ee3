import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { geofenceKeys } from '@/shared/api/query-keys';
import type { GeofencePage } from './geofence-types';

export const GEOFENCE_PAGE_SIZE = 20;

/** One page of geofences whose name matches `q`, by name. */
export async function getGeofences(q: string, page: number): Promise<GeofencePage> {
  return requireData(
    await apiClient.GET('/geofences', {
      params: { query: { q: q || undefined, page, pageSize: GEOFENCE_PAGE_SIZE, sort: 'name:asc' } },
    }),
  );
}

export function geofencesQueryOptions(q: string, page: number) {
  return queryOptions({ queryKey: geofenceKeys.list(q, page), queryFn: () => getGeofences(q, page) });
}

/** The geofence list; keeps the previous page on screen while the next search loads. */
export function useGeofences(q: string, page: number) {
  return useQuery({ ...geofencesQueryOptions(q, page), placeholderData: keepPreviousData });
}
