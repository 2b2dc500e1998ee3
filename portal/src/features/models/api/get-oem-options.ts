import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';

/** The OEMs the caller may create models for, as select options (an OEM user gets only their own). */
export async function getOemOptions(): Promise<{ value: string; label: string }[]> {
  const page = requireData(await apiClient.GET('/oems', { params: { query: { pageSize: 1000, sort: 'name:asc' } } }));
  return page.items.map((oem) => ({ value: oem.id, label: oem.name }));
}

export function oemOptionsQueryOptions() {
  return queryOptions({ queryKey: ['models', 'oem-options'] as const, queryFn: getOemOptions, staleTime: 60_000 });
}

export function useOemOptions() {
  return useQuery(oemOptionsQueryOptions());
}
