import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { vehicleKeys } from '@/shared/api/query-keys';

export type VehicleInput = components['schemas']['VehicleInput'];
export type VehiclePatch = components['schemas']['VehiclePatch'];
export type AssignInput = components['schemas']['AssignInput'];
export type CloneInput = { vin: string; registrationNumber: string };

/** A mutation that refreshes every vehicle list when it succeeds. */
function useVehicleMutation<TVars, TData>(fn: (vars: TVars) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: vehicleKeys.lists() }),
  });
}

export function useCreateVehicle() {
  return useVehicleMutation(async (body: VehicleInput) => requireData(await apiClient.POST('/vehicles', { body })));
}

export function useUpdateVehicle() {
  return useVehicleMutation(async ({ id, body }: { id: string; body: VehiclePatch }) =>
    requireData(await apiClient.PATCH('/vehicles/{id}', { params: { path: { id } }, body })),
  );
}

export function useCloneVehicle() {
  return useVehicleMutation(async ({ id, body }: { id: string; body: CloneInput }) =>
    requireData(await apiClient.POST('/vehicles/{id}/clone', { params: { path: { id } }, body })),
  );
}

export function useDeleteVehicle() {
  return useVehicleMutation(async (id: string) => {
    await apiClient.DELETE('/vehicles/{id}', { params: { path: { id } } });
  });
}

export function useAssignVehicle() {
  return useVehicleMutation(async ({ id, body }: { id: string; body: AssignInput }) =>
    requireData(await apiClient.POST('/vehicles/{id}/assign', { params: { path: { id } }, body })),
  );
}

export function useChangeVehicleStatus() {
  return useVehicleMutation(async ({ id, status }: { id: string; status: 0 | 1 }) =>
    requireData(await apiClient.POST('/vehicles/{id}/status', { params: { path: { id } }, body: { status } })),
  );
}

export function useResyncVehicle() {
  return useVehicleMutation(async (id: string) =>
    requireData(await apiClient.POST('/vehicles/{id}/resync', { params: { path: { id } } })),
  );
}

/** Sends one batch of import rows; the answer lists created vehicles and per-row field errors (row = batch index). */
export async function importVehicles(rows: VehicleInput[]) {
  return requireData(await apiClient.POST('/vehicles/import', { body: { rows } }));
}

/** The CSV of every vehicle matching the list's filters, search and sort (all pages). */
export async function exportVehicles(query: { sort?: string; q?: string; filter?: Record<string, string> }) {
  const { data } = await apiClient.GET('/vehicles/export', { params: { query }, parseAs: 'text' });
  return data ?? '';
}
