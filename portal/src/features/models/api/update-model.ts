import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { ModelPatch } from './model-types';
import { lookupKeys, modelKeys } from '@/shared/api/query-keys';

/** Saves fields of a model: one configuration step, where to resume, or publishing (`status: 1`). */
export async function updateModel({ id, patch }: { id: string; patch: ModelPatch }) {
  return requireData(await apiClient.PATCH('/models/{id}', { params: { path: { id } }, body: patch }));
}

export function useUpdateModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModel,
    onSuccess: (model) => {
      queryClient.setQueryData(modelKeys.detail(model.id), model);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: modelKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
      ]);
    },
  });
}
