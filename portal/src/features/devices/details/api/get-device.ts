import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { deviceKeys } from '@/shared/api/query-keys';

export type ApiDevice = components['schemas']['Device'];

/** One fitted controller (BMS, MCU, VCU or logger). */
export async function getDevice(id: string): Promise<ApiDevice> {
  return requireData(await apiClient.GET('/devices/{id}', { params: { path: { id } } }));
}

export function deviceQueryOptions(id: string) {
  return queryOptions({ queryKey: deviceKeys.detail(id), queryFn: () => getDevice(id) });
}

export function useDevice(id: string) {
  return useQuery(deviceQueryOptions(id));
}
