import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { type ListParams, toListQuery } from '@/shared/ui/data-table/use-list-params';
import { userKeys } from '@/shared/api/query-keys';

export type UserAccount = components['schemas']['UserAccount'];
export type UserAccountInput = components['schemas']['UserAccountInput'];
export type UserAccountPatch = components['schemas']['UserAccountPatch'];

/** One page of accounts in the caller's scope. */
export function useUsers(params: ListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: async () => requireData(await apiClient.GET('/users', { params: { query: toListQuery(params) } })),
    placeholderData: keepPreviousData,
  });
}

/** Every account matching the list's filters (for the export), at most 1000. */
export async function getUsersForExport(params: ListParams) {
  const query = { ...toListQuery(params), page: 1, pageSize: 1000 };
  return requireData(await apiClient.GET('/users', { params: { query } }));
}

function useUserMutation<TVars, TData>(fn: (vars: TVars) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }) });
}

export function useCreateUser() {
  return useUserMutation(async (body: UserAccountInput) => requireData(await apiClient.POST('/users', { body })));
}

export function useUpdateUser() {
  return useUserMutation(async ({ id, body }: { id: string; body: UserAccountPatch }) =>
    requireData(await apiClient.PATCH('/users/{id}', { params: { path: { id } }, body })),
  );
}

export function useSetUserStatus() {
  return useUserMutation(async ({ id, status }: { id: string; status: 0 | 1 }) =>
    requireData(await apiClient.POST('/users/{id}/status', { params: { path: { id } }, body: { status } })),
  );
}

export function useResetPassword() {
  return useUserMutation(async (id: string) =>
    requireData(await apiClient.POST('/users/{id}/reset-password', { params: { path: { id } } })),
  );
}

export interface Option {
  value: string;
  label: string;
}

/** Organisations an account may belong to (OEMs, service centres, fleets), searched by name, at most 50. */
export async function getOrganisationOptions(kind: 'oemId' | 'dealerId' | 'fleetId', q: string): Promise<Option[]> {
  const query = { pageSize: 50, sort: 'name:asc', ...(q ? { q } : {}) };
  const page =
    kind === 'oemId'
      ? requireData(await apiClient.GET('/oems', { params: { query } }))
      : kind === 'dealerId'
        ? requireData(await apiClient.GET('/dealers', { params: { query } }))
        : requireData(await apiClient.GET('/fleets', { params: { query } }));
  return page.items.map((o) => ({ value: o.id, label: o.name }));
}
