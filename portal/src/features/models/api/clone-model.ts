import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { MODELS_KEY } from './model-types';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...MODELS_KEY, 'list'] }),
  });
}
