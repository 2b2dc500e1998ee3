import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { deviceKeys } from '@/shared/api/query-keys';

export type ApiBatteryCycle = components['schemas']['BatteryCycle'];
export type ApiBatteryCyclePage = components['schemas']['BatteryCyclePage'];

export interface CycleListParams {
  bmsId: string;
  /** Cycle statuses to keep (empty: all). */
  statuses: readonly number[];
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** One page of a BMS's battery cycles, newest first. */
export async function listBatteryCycles({
  bmsId,
  statuses,
  from,
  to,
  page,
  pageSize,
}: CycleListParams): Promise<ApiBatteryCyclePage> {
  return requireData(
    await apiClient.GET('/devices/{id}/cycles', {
      params: {
        path: { id: bmsId },
        query: {
          page,
          pageSize,
          sort: 'startedAt:desc',
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
          ...(statuses.length > 0 ? { filter: { status: statuses.join(',') } } : {}),
        },
      },
    }),
  );
}

export function batteryCyclesQueryOptions(params: CycleListParams) {
  return queryOptions({
    queryKey: deviceKeys.cycles(params.bmsId, params),
    queryFn: () => listBatteryCycles(params),
    placeholderData: keepPreviousData,
  });
}

export function useBatteryCycles(params: CycleListParams) {
  return useQuery(batteryCyclesQueryOptions(params));
}
