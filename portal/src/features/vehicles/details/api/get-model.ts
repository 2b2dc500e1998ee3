import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/shared/api/schema';

export type ApiModel = components['schemas']['Model'];

/** A vehicle or device model with its commands, faults and telemetry template. */
export async function getModel(id: string): Promise<ApiModel> {
  return requireData(await apiClient.GET('/models/{id}', { params: { path: { id } } }));
}

export function modelQueryOptions(id: string) {
  return queryOptions({ queryKey: ['models', id] as const, queryFn: () => getModel(id) });
}

/** The model of a vehicle or device; idle while the id is not known yet. */
export function useModel(id: string | null | undefined) {
  return useQuery({ ...modelQueryOptions(id ?? ''), enabled: Boolean(id) });
}
