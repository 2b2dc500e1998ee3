import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { MODELS_KEY, type ModelPatch } from './model-types';

/** Saves fields of a model: one configuration step, where to resume, or publishing (`status: 1`). */
export async function updateModel({ id, patch }: { id: string; patch: ModelPatch }) {
  return requireData(await apiClient.PATCH('/models/{id}', { params: { path: { id } }, body: patch }));
}

export function useUpdateModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModel,
    onSuccess: (model) => {
      queryClient.setQueryData([...MODELS_KEY, 'detail', model.id], model);
      return queryClient.invalidateQueries({ queryKey: [...MODELS_KEY, 'list'] });
    },
  });
}
