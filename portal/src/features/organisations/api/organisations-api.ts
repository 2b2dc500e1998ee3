import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { lookupKeys, organisationKeys, vehicleKeys } from '@/shared/api/query-keys';
import type { components } from '@/domain/api-schema';
import { type ListParams, toListQuery } from '@/shared/ui/data-table/use-list-params';
import type { OrganisationKind } from '../lib/organisation-kinds';

type Schemas = components['schemas'];
export type Dealer = Schemas['Dealer'];
export type Fleet = Schemas['Fleet'];
export type EvOwner = Schemas['EvOwner'];
export type Driver = Schemas['Driver'];
export type OrganisationDetails = Schemas['OrganisationDetails'];
export type OrganisationVehicle = Schemas['OrganisationVehicle'];

/** A row of any organisation list: what the four kinds share plus the fields some of them have. */
export type OrganisationRow = Dealer | Fleet | EvOwner | Driver;
export interface OrganisationPage {
  items: OrganisationRow[];
  total: number;
}

/** The base path of each kind; the contract gives them the same shape of list, writes and actions. */
const BASE = {
  dealer: '/dealers',
  fleet: '/fleets',
  evOwner: '/ev-owners',
  driver: '/drivers',
} as const satisfies Record<OrganisationKind, string>;

/*
 * The four kinds share their paths' shape but not their path literals; openapi-fetch types each literal. The calls
 * below go through the dealer literal's types with the kind's base path (the request and answer shapes are the same
 * up to the row type, which OrganisationRow covers).
 */
type AnyPath = '/dealers';
const path = <S extends string>(kind: OrganisationKind, suffix: S) => `${BASE[kind]}${suffix}` as `${AnyPath}${S}`;

async function listOrganisations(kind: OrganisationKind, query: ReturnType<typeof toListQuery>) {
  return requireData(await apiClient.GET(path(kind, ''), { params: { query } })) as unknown as OrganisationPage;
}

/** One page of a kind's organisations in the caller's scope. */
export function useOrganisations(kind: OrganisationKind, params: ListParams) {
  return useQuery({
    queryKey: organisationKeys.list(kind, params),
    queryFn: () => listOrganisations(kind, toListQuery(params)),
    placeholderData: keepPreviousData,
  });
}

/** Every row matching the list's filters (for the export), at most 1000. */
export function getOrganisationsForExport(kind: OrganisationKind, params: ListParams) {
  return listOrganisations(kind, { ...toListQuery(params), page: 1, pageSize: 1000 });
}

export function useOrganisationDetails(kind: OrganisationKind, id: string | null) {
  return useQuery({
    queryKey: organisationKeys.detail(kind, id ?? ''),
    queryFn: async () =>
      requireData(
        await apiClient.GET(path(kind, '/{id}/details'), { params: { path: { id: id as string } } }),
      ) as OrganisationDetails,
    enabled: id !== null,
  });
}

export function useAssignableVehicles(kind: OrganisationKind, id: string, term: string) {
  return useQuery({
    queryKey: organisationKeys.assignable(kind, id, term),
    queryFn: async () =>
      requireData(
        await apiClient.GET(path(kind, '/{id}/assignable-vehicles'), {
          params: { path: { id }, query: term ? { q: term } : {} },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** A write that refreshes every organisation list and detail, the pick lists and (assignments) the vehicles. */
function useOrganisationMutation<TVars, TData>(fn: (vars: TVars) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: organisationKeys.all }),
        client.invalidateQueries({ queryKey: lookupKeys.all }),
        client.invalidateQueries({ queryKey: vehicleKeys.all }),
      ]);
    },
  });
}

/** The body of a create or an edit: the form's fields, as the kind's Input/Patch schema takes them. */
export type OrganisationBody = Record<string, string | null>;

export function useCreateOrganisation(kind: OrganisationKind) {
  return useOrganisationMutation(
    async (body: OrganisationBody) =>
      requireData(
        await apiClient.POST(path(kind, ''), { body: body as unknown as Schemas['DealerInput'] }),
      ) as OrganisationRow,
  );
}

export function useUpdateOrganisation(kind: OrganisationKind) {
  return useOrganisationMutation(
    async ({ id, body }: { id: string; body: OrganisationBody }) =>
      requireData(
        await apiClient.PATCH(path(kind, '/{id}'), { params: { path: { id } }, body: body as Schemas['DealerPatch'] }),
      ) as OrganisationRow,
  );
}

export function useSetOrganisationStatus(kind: OrganisationKind) {
  return useOrganisationMutation(
    async ({ id, status }: { id: string; status: 0 | 1 }) =>
      requireData(
        await apiClient.POST(path(kind, '/{id}/status'), { params: { path: { id } }, body: { status } }),
      ) as OrganisationRow,
  );
}

export function useAssignVehicles(kind: OrganisationKind) {
  return useOrganisationMutation(async ({ id, vehicleIds }: { id: string; vehicleIds: string[] }) =>
    requireData(
      await apiClient.POST(path(kind, '/{id}/assign-vehicles'), { params: { path: { id } }, body: { vehicleIds } }),
    ),
  );
}

export function useUnassignVehicles(kind: OrganisationKind) {
  return useOrganisationMutation(async ({ id, vehicleIds }: { id: string; vehicleIds: string[] }) =>
    requireData(
      await apiClient.POST(path(kind, '/{id}/unassign-vehicles'), { params: { path: { id } }, body: { vehicleIds } }),
    ),
  );
}
