import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from './api-client';
import type { components } from '@/domain/api-schema';
import { deviceGroupKeys } from './query-keys';

export type ApiDeviceGroup = components['schemas']['DeviceGroup'];
export type DeviceGroupInput = components['schemas']['DeviceGroupInput'];
export type DeviceGroupOwnerKind = components['schemas']['DeviceGroupOwnerKind'];

/** What `GET /device-groups` takes (the contract's list conventions). */
export interface DeviceGroupQuery {
  page?: number;
  pageSize?: number;
  sort?: string;
  q?: string;
  filter?: Record<string, string>;
}

/** Query keys of device groups: shared, because the group picker of commands, rules and rollouts reads them too. */
export async function getDeviceGroups(query: DeviceGroupQuery) {
  return requireData(await apiClient.GET('/device-groups', { params: { query } }));
}

export function deviceGroupsQueryOptions(query: DeviceGroupQuery) {
  return queryOptions({ queryKey: deviceGroupKeys.list(query), queryFn: () => getDeviceGroups(query) });
}

/** One page of device groups in the caller's scope. */
export function useDeviceGroups(query: DeviceGroupQuery, enabled = true) {
  return useQuery({ ...deviceGroupsQueryOptions(query), placeholderData: keepPreviousData, enabled });
}
