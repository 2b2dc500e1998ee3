import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { lookupKeys, modelKeys } from '@/shared/api/query-keys';

export interface CloneModelInput {
  id: string;
  name: string;
  code: string;
}

/** Copies a model with its lists under a new name and code; the copy starts as a draft. */
export async function cloneModel({ id, name, code }: CloneModelInput) {
  return requireData(await apiClient.POST('/models/{id}/clone', { params: { path: { id } }, body: { name, code } }));
}

export function useCloneModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneModel,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: modelKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
      ]),
  });
}
