import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { type ListParams, toListQuery } from '@/shared/ui/data-table/use-list-params';
import { useModelOptions } from '@/shared/api/lookups';
import { deviceKeys } from '@/shared/api/query-keys';

export type ApiDevice = components['schemas']['Device'];
export type DeviceKind = 'BMS' | 'MCU' | 'VCU';
export type DeviceInput = components['schemas']['DeviceInput'];
export type DevicePatch = components['schemas']['DevicePatch'];
export type DeviceImportRow = components['schemas']['DeviceImportRow'];

/** One page of devices of a kind in the caller's scope. */
export async function listDevices(kind: DeviceKind, params: ListParams) {
  const query = toListQuery(params);
  return requireData(
    await apiClient.GET('/devices', { params: { query: { ...query, filter: { ...query.filter, type: kind } } } }),
  );
}

export function devicesQueryOptions(kind: DeviceKind, params: ListParams) {
  return queryOptions({
    queryKey: deviceKeys.list(kind, params),
    queryFn: () => listDevices(kind, params),
    placeholderData: keepPreviousData,
  });
}

/** The device list page of a kind; the previous page stays on screen while the next loads. */
export function useDeviceList(kind: DeviceKind, params: ListParams) {
  return useQuery(devicesQueryOptions(kind, params));
}

/** Models of a device kind, for the model filter, the model column and the add form. */
export function useDeviceModels(kind: DeviceKind) {
  return useModelOptions(kind);
}

function useDeviceMutation<TVars, TData>(fn: (vars: TVars) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.lists() }),
  });
}

export function useCreateDevice() {
  return useDeviceMutation(async (body: DeviceInput) => requireData(await apiClient.POST('/devices', { body })));
}

export function useUpdateDevice() {
  return useDeviceMutation(async ({ id, body }: { id: string; body: DevicePatch }) =>
    requireData(await apiClient.PATCH('/devices/{id}', { params: { path: { id } }, body })),
  );
}

export function useCloneDevice() {
  return useDeviceMutation(async ({ id, serialNumber }: { id: string; serialNumber: string }) =>
    requireData(await apiClient.POST('/devices/{id}/clone', { params: { path: { id } }, body: { serialNumber } })),
  );
}

export function useDeleteDevice() {
  return useDeviceMutation(async (id: string) => {
    await apiClient.DELETE('/devices/{id}', { params: { path: { id } } });
  });
}

export function useAssignDevice() {
  return useDeviceMutation(async ({ id, vehicleId }: { id: string; vehicleId: string | null }) =>
    requireData(await apiClient.POST('/devices/{id}/assign', { params: { path: { id } }, body: { vehicleId } })),
  );
}

export function useChangeDeviceStatus() {
  return useDeviceMutation(async ({ id, status }: { id: string; status: 0 | 1 }) =>
    requireData(await apiClient.POST('/devices/{id}/status', { params: { path: { id } }, body: { status } })),
  );
}

export function useResyncDevice() {
  return useDeviceMutation(async (id: string) =>
    requireData(await apiClient.POST('/devices/{id}/resync', { params: { path: { id } } })),
  );
}

/** Sends one batch of import rows of a kind; the answer lists created devices and per-row field errors (row = batch index). */
export async function importDevices(kind: DeviceKind, rows: DeviceImportRow[]) {
  return requireData(await apiClient.POST('/devices/import', { body: { type: kind, rows } }));
}

/** The CSV of every device of a kind matching the list's filters, search and sort (all pages). */
export async function exportDevices(kind: DeviceKind, params: ListParams) {
  const { page: _page, pageSize: _size, ...query } = toListQuery(params);
  const { data } = await apiClient.GET('/devices/export', {
    params: { query: { ...query, filter: { ...query.filter, type: kind } } },
    parseAs: 'text',
  });
  return data ?? '';
}
