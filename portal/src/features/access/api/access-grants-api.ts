import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { accessGrantKeys } from '@/shared/api/query-keys';
import type { components } from '@/domain/api-schema';
import { type ListParams, toListQuery } from '@/shared/ui/data-table/use-list-params';

export type AccessGrant = components['schemas']['AccessGrant'];
export type AccessGrantInput = components['schemas']['AccessGrantInput'];
export type Choice = components['schemas']['Choice'];
/** The access page (vehicles, models, device kinds) or the OEM access page. */
export type GrantArea = 'access' | 'oem';

const AREA_TARGETS: Record<GrantArea, string> = { access: 'vehicle,model,deviceKind', oem: 'oem' };

function queryOf(area: GrantArea, params: ListParams) {
  const base = toListQuery(params);
  // The page's own targets, unless the user filtered to one of them.
  const target = params.filters.target ?? AREA_TARGETS[area];
  return { ...base, filter: { ...params.filters, target } };
}

/** One page of grants of an area. */
export function useAccessGrants(area: GrantArea, params: ListParams) {
  return useQuery({
    queryKey: accessGrantKeys.list(area, params),
    queryFn: async () =>
      requireData(await apiClient.GET('/access-grants', { params: { query: queryOf(area, params) } })),
    placeholderData: keepPreviousData,
  });
}

/** Every grant matching the list's filters (for the export), at most 1000. */
export async function getGrantsForExport(area: GrantArea, params: ListParams) {
  const query = { ...queryOf(area, params), page: 1, pageSize: 1000 };
  return requireData(await apiClient.GET('/access-grants', { params: { query } }));
}

export interface CandidateQuery {
  type: 'grantee' | 'vehicle' | 'model' | 'oem';
  roleCode?: components['schemas']['RoleCode'];
  kind?: components['schemas']['ComponentKind'];
  oemId?: string;
  q: string;
}

/** What the grant form may pick (organisations, accounts, vehicles, models, OEMs), at most 50. */
export function useGrantCandidates(query: CandidateQuery, enabled: boolean) {
  return useQuery({
    queryKey: accessGrantKeys.candidates(query),
    queryFn: async () => {
      const { q, ...rest } = query;
      return requireData(
        await apiClient.GET('/access-grants/candidates', { params: { query: { ...rest, ...(q ? { q } : {}) } } }),
      );
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useCreateGrant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AccessGrantInput) => requireData(await apiClient.POST('/access-grants', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: accessGrantKeys.lists() }),
  });
}

export function useRevokeGrant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      requireData(await apiClient.POST('/access-grants/{id}/revoke', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: accessGrantKeys.lists() }),
  });
}
