import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { ModelKind } from './model-types';
import { modelKeys } from '@/shared/api/query-keys';

export interface ModelListParams {
  /** Undefined lists every kind (the drafts to resume). */
  kind?: ModelKind;
  page: number;
  pageSize: number;
  q?: string;
  /** `field:asc|desc`. */
  sort?: string;
  /** 0 drafts, 1 published; undefined both. */
  status?: 0 | 1;
}

/** One page of the models of a kind. */
export async function getModels(params: ModelListParams) {
  const filter: Record<string, string> = {};
  if (params.kind) filter.kind = params.kind;
  if (params.status !== undefined) filter.status = String(params.status);
  return requireData(
    await apiClient.GET('/models', {
      params: {
        query: {
          page: params.page,
          pageSize: params.pageSize,
          filter,
          ...(params.q ? { q: params.q } : {}),
          ...(params.sort ? { sort: params.sort } : {}),
        },
      },
    }),
  );
}

export function modelsQueryOptions(params: ModelListParams) {
  return queryOptions({
    queryKey: modelKeys.list(params),
    queryFn: () => getModels(params),
    // Keeps the current page on screen while the next one loads, so paging does not flash an empty table.
    placeholderData: keepPreviousData,
  });
}

/** The models query of a list page. */
export function useModels(params: ModelListParams) {
  return useQuery(modelsQueryOptions(params));
}
