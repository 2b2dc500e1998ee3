import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { ApiFault } from './list-faults';
import { faultKeys } from '@/shared/api/query-keys';

/** One fault or alert occurrence. */
export async function getFault(id: string): Promise<ApiFault> {
  return requireData(await apiClient.GET('/faults/{id}', { params: { path: { id } } }));
}

export function faultQueryOptions(id: string) {
  return queryOptions({ queryKey: faultKeys.detail(id), queryFn: () => getFault(id) });
}

export function useFault(id: string) {
  return useQuery(faultQueryOptions(id));
}
