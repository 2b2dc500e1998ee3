import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api/api-client';
import { lookupKeys, modelKeys } from '@/shared/api/query-keys';

/** Deletes a model; a model still in use answers 409. */
export async function deleteModel(id: string): Promise<void> {
  await apiClient.DELETE('/models/{id}', { params: { path: { id } } });
}

export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModel,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: modelKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: modelKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
      ]);
    },
  });
}
