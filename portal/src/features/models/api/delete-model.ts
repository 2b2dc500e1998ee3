import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api/api-client';
import { MODELS_KEY } from './model-types';

/** Deletes a model; a model still in use answers 409. */
export async function deleteModel(id: string): Promise<void> {
  await apiClient.DELETE('/models/{id}', { params: { path: { id } } });
}

export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModel,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: [...MODELS_KEY, 'detail', id] });
      return queryClient.invalidateQueries({ queryKey: [...MODELS_KEY, 'list'] });
    },
  });
}
