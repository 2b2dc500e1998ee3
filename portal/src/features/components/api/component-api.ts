import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { type ListParams, toListQuery } from '@/shared/ui/data-table/use-list-params';
import { useOrganisationOptions } from '@/shared/api/lookups';
import { componentKeys } from '@/shared/api/query-keys';

export type ApiSimCard = components['schemas']['SimCard'];
export type SimCardInput = components['schemas']['SimCardInput'];
export type ApiLogger = components['schemas']['Device'];

/** One page of SIM cards. */
export function useSimCards(params: ListParams) {
  return useQuery({
    queryKey: componentKeys.sims(params),
    queryFn: async () => requireData(await apiClient.GET('/sims', { params: { query: toListQuery(params) } })),
    placeholderData: keepPreviousData,
  });
}

/** One page of logger devices (devices of type LOGGER). */
export function useLoggers(params: ListParams) {
  return useQuery({
    queryKey: componentKeys.loggers(params),
    queryFn: async () => {
      const query = toListQuery(params);
      return requireData(
        await apiClient.GET('/devices', {
          params: { query: { ...query, filter: { ...query.filter, type: 'LOGGER' } } },
        }),
      );
    },
    placeholderData: keepPreviousData,
  });
}

/** The OEMs a logger may belong to. */
export function useOems() {
  return useOrganisationOptions('oems');
}

function useComponentMutation<TVars, TData>(fn: (vars: TVars) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: componentKeys.all }) });
}

export function useCreateSim() {
  return useComponentMutation(async (body: SimCardInput) => requireData(await apiClient.POST('/sims', { body })));
}

export function useUpdateSim() {
  return useComponentMutation(async ({ id, body }: { id: string; body: { msisdn: string; operator: string } }) =>
    requireData(await apiClient.PATCH('/sims/{id}', { params: { path: { id } }, body })),
  );
}

export function useDeleteSim() {
  return useComponentMutation(async (id: string) => {
    await apiClient.DELETE('/sims/{id}', { params: { path: { id } } });
  });
}

export function useAssignSim() {
  return useComponentMutation(async ({ id, loggerId }: { id: string; loggerId: string | null }) =>
    requireData(await apiClient.POST('/sims/{id}/assign', { params: { path: { id } }, body: { loggerId } })),
  );
}

export function useChangeSimStatus() {
  return useComponentMutation(async ({ id, status }: { id: string; status: 0 | 1 }) =>
    requireData(await apiClient.POST('/sims/{id}/status', { params: { path: { id } }, body: { status } })),
  );
}

export function useCreateLogger() {
  return useComponentMutation(
    async (body: { serialNumber: string; imei: string; firmwareVersion: string; oemId: string }) =>
      requireData(await apiClient.POST('/devices', { body: { ...body, type: 'LOGGER' } })),
  );
}

export function useUpdateLogger() {
  return useComponentMutation(
    async ({ id, body }: { id: string; body: { serialNumber: string; imei: string; firmwareVersion: string } }) =>
      requireData(await apiClient.PATCH('/devices/{id}', { params: { path: { id } }, body })),
  );
}

export function useDeleteLogger() {
  return useComponentMutation(async (id: string) => {
    await apiClient.DELETE('/devices/{id}', { params: { path: { id } } });
  });
}
