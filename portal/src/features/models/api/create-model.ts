import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { MODELS_KEY, type ModelInput } from './model-types';

/** Starts a model as a draft at step 1 (rejects with an ApiError carrying field errors). */
export async function createModel(body: ModelInput) {
  return requireData(await apiClient.POST('/models', { body }));
}

export function useCreateModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createModel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MODELS_KEY }),
  });
}
