import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import { type ListParams, toListQuery } from '@/shared/ui/data-table/use-list-params';
import { roleKeys, userKeys } from '@/shared/api/query-keys';

export type ApiRole = components['schemas']['Role'];
export type RoleInput = components['schemas']['RoleInput'];
export type RolePatch = components['schemas']['RolePatch'];

/** One page of roles the caller may see. */
export function useRoles(params: ListParams) {
  return useQuery({
    queryKey: roleKeys.list(params),
    queryFn: async () => requireData(await apiClient.GET('/roles', { params: { query: toListQuery(params) } })),
    placeholderData: keepPreviousData,
  });
}

/** Every role the caller may see (for pickers and the preview), by name. */
export function useAllRoles(enabled = true) {
  return useQuery({
    queryKey: roleKeys.every(),
    queryFn: async () =>
      requireData(await apiClient.GET('/roles', { params: { query: { pageSize: 1000, sort: 'name:asc' } } })).items,
    enabled,
  });
}

export function useRole(id: string | null) {
  return useQuery({
    queryKey: roleKeys.detail(id ?? ''),
    queryFn: async () => requireData(await apiClient.GET('/roles/{id}', { params: { path: { id: id ?? '' } } })),
    enabled: id !== null,
  });
}

/** Creates (no id) or updates a role, then refreshes roles and accounts (their role names and counts). */
export function useSaveRole(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: RoleInput) =>
      id
        ? requireData(
            await apiClient.PATCH('/roles/{id}', {
              params: { path: { id } },
              body: { name: input.name, permissions: input.permissions },
            }),
          )
        : requireData(await apiClient.POST('/roles', { body: input })),
    onSuccess: async (saved) => {
      client.setQueryData(roleKeys.detail(saved.id), saved);
      await Promise.all([
        client.invalidateQueries({ queryKey: roleKeys.all }),
        client.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
  });
}

export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.DELETE('/roles/{id}', { params: { path: { id } } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
