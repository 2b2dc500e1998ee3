import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from './api-client';
import { lookupKeys } from './query-keys';

/**
 * The pick lists every form and filter shares: OEMs, service centres, fleets, EV owners and the models of a kind, each
 * fetched by one query (one key, one cache entry) however many features show it.
 */

/** Enough for every pick list of the demo world and of a real tenant's organisations; lists beyond it need search. */
export const LOOKUP_PAGE_SIZE = 1000;
const STALE_MS = 5 * 60_000;

export interface LookupOption {
  value: string;
  label: string;
}

export type OrganisationKind = 'oems' | 'dealers' | 'fleets' | 'ev-owners';
export type ModelKind = 'EV' | 'BMS' | 'MCU' | 'VCU';

const toOptions = (rows: readonly { id: string; name: string }[]): LookupOption[] =>
  rows.map((row) => ({ value: row.id, label: row.name }));

async function getOrganisationOptions(kind: OrganisationKind): Promise<LookupOption[]> {
  const params = { query: { page: 1, pageSize: LOOKUP_PAGE_SIZE, sort: 'name:asc' } };
  if (kind === 'oems') return toOptions(requireData(await apiClient.GET('/oems', { params })).items);
  if (kind === 'dealers') return toOptions(requireData(await apiClient.GET('/dealers', { params })).items);
  if (kind === 'fleets') return toOptions(requireData(await apiClient.GET('/fleets', { params })).items);
  return toOptions(requireData(await apiClient.GET('/ev-owners', { params })).items);
}

async function getModelOptions(kind: ModelKind): Promise<LookupOption[]> {
  // Published models only: a draft is still being configured, and no vehicle or device may use it yet (issue 18
  // item 14); the configuration flow lists drafts itself.
  const query = { page: 1, pageSize: LOOKUP_PAGE_SIZE, sort: 'name:asc', filter: { kind, status: '1' } };
  return toOptions(requireData(await apiClient.GET('/models', { params: { query } })).items);
}

/** The organisations of a kind in the caller's scope (an OEM user gets only their own OEM), as select options. */
export function organisationOptionsQuery(kind: OrganisationKind) {
  return queryOptions({
    queryKey: lookupKeys.organisations(kind),
    queryFn: () => getOrganisationOptions(kind),
    staleTime: STALE_MS,
  });
}

/** The published models of a kind in the caller's scope, as select options. */
export function modelOptionsQuery(kind: ModelKind) {
  return queryOptions({ queryKey: lookupKeys.models(kind), queryFn: () => getModelOptions(kind), staleTime: STALE_MS });
}

export function useOrganisationOptions(kind: OrganisationKind) {
  return useQuery(organisationOptionsQuery(kind));
}

export function useModelOptions(kind: ModelKind) {
  return useQuery(modelOptionsQuery(kind));
}
