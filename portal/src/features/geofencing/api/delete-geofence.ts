import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api/api-client';
import { geofenceKeys } from '@/shared/api/query-keys';

export async function deleteGeofence(id: string): Promise<void> {
  await apiClient.DELETE('/geofences/{id}', { params: { path: { id } } });
}

/** Deletes a geofence and refreshes the list. */
export function useDeleteGeofence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGeofence,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: geofenceKeys.all }),
  });
}
