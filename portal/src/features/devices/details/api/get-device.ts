import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/shared/api/schema';

export type ApiDevice = components['schemas']['Device'];

/** One fitted controller (BMS, MCU, VCU or logger). */
export async function getDevice(id: string): Promise<ApiDevice> {
  return requireData(await apiClient.GET('/devices/{id}', { params: { path: { id } } }));
}

export function deviceQueryOptions(id: string) {
  return queryOptions({ queryKey: ['devices', id] as const, queryFn: () => getDevice(id) });
}

export function useDevice(id: string) {
  return useQuery(deviceQueryOptions(id));
}
