import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { modelKeys } from '@/shared/api/query-keys';

/** One model with its master data, commands, faults, configuration and telemetry template. */
export async function getModel(id: string) {
  return requireData(await apiClient.GET('/models/{id}', { params: { path: { id } } }));
}

export function modelQueryOptions(id: string) {
  return queryOptions({ queryKey: modelKeys.detail(id), queryFn: () => getModel(id) });
}

/** The model query (also the model of a vehicle or device); idle while the id is not known yet. */
export function useModel(id: string | null | undefined) {
  return useQuery({ ...modelQueryOptions(id ?? ''), enabled: Boolean(id) });
}
