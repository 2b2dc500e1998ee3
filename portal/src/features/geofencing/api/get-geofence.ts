import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { geofenceKeys } from '@/shared/api/query-keys';
import type { ApiGeofence } from './geofence-types';

export async function getGeofence(id: string): Promise<ApiGeofence> {
  return requireData(await apiClient.GET('/geofences/{id}', { params: { path: { id } } }));
}

export function geofenceQueryOptions(id: string) {
  return queryOptions({ queryKey: geofenceKeys.one(id), queryFn: () => getGeofence(id) });
}

/** One geofence; disabled without an id (the editor creating a new one). */
export function useGeofence(id: string | null) {
  return useQuery({ ...geofenceQueryOptions(id ?? ''), enabled: id !== null });
}
