import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { ApiFault } from './list-faults';
import { faultKeys } from '@/shared/api/query-keys';

/** Acknowledges a fault; acknowledging twice keeps the first acknowledgement. */
export async function acknowledgeFault(id: string): Promise<ApiFault> {
  return requireData(await apiClient.POST('/faults/{id}/acknowledge', { params: { path: { id } } }));
}

/** Acknowledges a fault and refreshes every fault list and the fault itself. */
export function useAcknowledgeFault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeFault,
    onSuccess: (fault) => {
      queryClient.setQueryData(faultKeys.detail(fault.id), fault);
      return queryClient.invalidateQueries({ queryKey: faultKeys.lists() });
    },
  });
}
