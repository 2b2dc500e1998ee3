import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { ModelInput } from './model-types';
import { lookupKeys, modelKeys } from '@/shared/api/query-keys';

/** Starts a model as a draft at step 1 (rejects with an ApiError carrying field errors). */
export async function createModel(body: ModelInput) {
  return requireData(await apiClient.POST('/models', { body }));
}

export function useCreateModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createModel,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: modelKeys.all }),
        queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
      ]),
  });
}
