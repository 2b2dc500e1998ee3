import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { geofenceKeys } from '@/shared/api/query-keys';
import type { ApiGeofence, GeofenceInput } from './geofence-types';

export async function createGeofence(input: GeofenceInput): Promise<ApiGeofence> {
  return requireData(await apiClient.POST('/geofences', { body: input }));
}

export async function updateGeofence(id: string, input: GeofenceInput): Promise<ApiGeofence> {
  return requireData(await apiClient.PATCH('/geofences/{id}', { params: { path: { id } }, body: input }));
}

/** Creates (no id) or updates a geofence, then refreshes every geofence query. */
export function useSaveGeofence(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GeofenceInput) => (id ? updateGeofence(id, input) : createGeofence(input)),
    onSuccess: (saved) => {
      queryClient.setQueryData(geofenceKeys.one(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: geofenceKeys.all });
    },
  });
}
