import { useMutation } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';

export type AuditChainCheck = components['schemas']['AuditChainCheck'];

/** Asks the server to walk the whole chain and recompute every hash. */
export function useVerifyAuditChain() {
  return useMutation({
    mutationFn: async (): Promise<AuditChainCheck> => requireData(await apiClient.GET('/audit/verify')),
  });
}
