import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { faultKeys } from '@/shared/api/query-keys';

export type ApiFault = components['schemas']['Fault'];
export type ApiFaultPage = components['schemas']['FaultPage'];

export interface FaultListParams {
  vehicleId?: string;
  deviceId?: string;
  /** Fault severities to keep (empty: all). */
  severities: readonly number[];
  page: number;
  pageSize: number;
}

/** One page of faults and alerts of a vehicle or device, newest first. */
export async function listFaults({
  vehicleId,
  deviceId,
  severities,
  page,
  pageSize,
}: FaultListParams): Promise<ApiFaultPage> {
  const filter: Record<string, string> = {
    ...(vehicleId ? { vehicleId } : {}),
    ...(deviceId ? { deviceId } : {}),
    ...(severities.length > 0 ? { severity: severities.join(',') } : {}),
  };
  return requireData(
    await apiClient.GET('/faults', { params: { query: { page, pageSize, sort: 'occurredAt:desc', filter } } }),
  );
}

export function faultsQueryOptions(params: FaultListParams) {
  return queryOptions({
    queryKey: faultKeys.list(params),
    queryFn: () => listFaults(params),
    placeholderData: keepPreviousData,
  });
}

export function useFaults(params: FaultListParams) {
  return useQuery(faultsQueryOptions(params));
}
