import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { deviceKeys } from '@/shared/api/query-keys';

export type ApiCellHistory = components['schemas']['CellHistory'];

/** Per-cell voltages and temperatures over one battery cycle, `points` samples. */
export async function getCycleCells(bmsId: string, cycleId: string, points: number): Promise<ApiCellHistory> {
  return requireData(
    await apiClient.GET('/devices/{id}/cycles/{cycleId}/cells', {
      params: { path: { id: bmsId, cycleId }, query: { points } },
    }),
  );
}

export function cycleCellsQueryOptions(bmsId: string, cycleId: string, points: number) {
  return queryOptions({
    queryKey: deviceKeys.cycleCells(bmsId, cycleId, points),
    queryFn: () => getCycleCells(bmsId, cycleId, points),
  });
}

export function useCycleCells(bmsId: string, cycleId: string | null, points = 60) {
  return useQuery({ ...cycleCellsQueryOptions(bmsId, cycleId ?? '', points), enabled: Boolean(cycleId) });
}
