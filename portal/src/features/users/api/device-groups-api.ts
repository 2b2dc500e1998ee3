import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import {
  type ApiDeviceGroup,
  type DeviceGroupInput,
  type DeviceGroupOwnerKind,
  getDeviceGroups,
} from '@/shared/api/device-groups';
import { type ListParams, toListQuery } from '@/shared/ui/data-table/use-list-params';
import type { Option } from './users-api';
import { modelOptionsQuery } from '@/shared/api/lookups';
import { deviceGroupKeys, pickerKeys } from '@/shared/api/query-keys';

export type { ApiDeviceGroup, DeviceGroupInput, DeviceGroupOwnerKind };

/** One page of device groups for the Device Group tab. */
export function useDeviceGroupList(params: ListParams) {
  const query = toListQuery(params);
  return useQuery({
    queryKey: deviceGroupKeys.list(query),
    queryFn: () => getDeviceGroups(query),
    placeholderData: keepPreviousData,
  });
}

export function useDeviceGroup(id: string | null) {
  return useQuery({
    queryKey: deviceGroupKeys.detail(id ?? ''),
    queryFn: async () =>
      requireData(await apiClient.GET('/device-groups/{id}', { params: { path: { id: id ?? '' } } })),
    enabled: id !== null,
  });
}

export function useSaveDeviceGroup(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: DeviceGroupInput): Promise<ApiDeviceGroup> =>
      id
        ? requireData(await apiClient.PATCH('/device-groups/{id}', { params: { path: { id } }, body }))
        : requireData(await apiClient.POST('/device-groups', { body })),
    onSuccess: (saved) => {
      client.setQueryData(deviceGroupKeys.detail(saved.id), saved);
      return client.invalidateQueries({ queryKey: deviceGroupKeys.all });
    },
  });
}

export function useDeleteDeviceGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.DELETE('/device-groups/{id}', { params: { path: { id } } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: deviceGroupKeys.all }),
  });
}

/** The vehicle field that names each owner kind. */
export const OWNER_VEHICLE_FIELD = {
  dealer: 'dealerId',
  fleet: 'fleetId',
  evowner: 'evOwnerId',
  driver: 'driverId',
} as const satisfies Record<DeviceGroupOwnerKind, string>;

/** Owners of a kind in the caller's scope, searched by name (at most 50). */
export function useOwnerOptions(kind: DeviceGroupOwnerKind | '', q: string) {
  return useQuery({
    queryKey: pickerKeys.organisations(kind, q),
    enabled: kind !== '',
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<Option[]> => {
      const query = { pageSize: 50, sort: 'name:asc', ...(q ? { q } : {}) };
      const page =
        kind === 'dealer'
          ? requireData(await apiClient.GET('/dealers', { params: { query } }))
          : kind === 'fleet'
            ? requireData(await apiClient.GET('/fleets', { params: { query } }))
            : kind === 'evowner'
              ? requireData(await apiClient.GET('/ev-owners', { params: { query } }))
              : requireData(await apiClient.GET('/drivers', { params: { query } }));
      return page.items.map((o) => ({ value: o.id, label: o.name }));
    },
  });
}

/** The owner's vehicles (registration number and VIN), searched, at most 100: what a group is picked from. */
export function useOwnerVehicles(kind: DeviceGroupOwnerKind | '', ownerId: string, q: string) {
  const field = kind ? OWNER_VEHICLE_FIELD[kind] : '';
  return useQuery({
    queryKey: pickerKeys.ownerVehicles(field, ownerId, q),
    enabled: kind !== '' && ownerId !== '',
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<Option[]> => {
      const query = {
        pageSize: 100,
        sort: 'registrationNumber:asc',
        filter: { [field]: ownerId },
        ...(q ? { q } : {}),
      };
      const page = requireData(await apiClient.GET('/vehicles', { params: { query } }));
      return page.items.map((v) => ({ value: v.id, label: `${v.registrationNumber} · ${v.vin}` }));
    },
  });
}

/** EV models, for the group filter. */
export function useModelOptions(enabled = true) {
  return useQuery({ ...modelOptionsQuery('EV'), enabled });
}
