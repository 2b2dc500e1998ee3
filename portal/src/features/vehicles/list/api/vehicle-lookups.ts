import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';

/** Enough for every pick list of the demo world and of a real tenant's organisations; lists beyond it need search. */
const LOOKUP_PAGE_SIZE = 1000;
const STALE_MS = 5 * 60_000;

export interface LookupOption {
  value: string;
  label: string;
}

async function loadLookups() {
  const query = { pageSize: LOOKUP_PAGE_SIZE, page: 1 };
  const [models, oems, dealers, fleets, evOwners] = await Promise.all([
    apiClient.GET('/models', { params: { query: { ...query, filter: { kind: 'EV' } } } }),
    apiClient.GET('/oems', { params: { query } }),
    apiClient.GET('/dealers', { params: { query } }),
    apiClient.GET('/fleets', { params: { query } }),
    apiClient.GET('/ev-owners', { params: { query } }),
  ]);
  const opt = (rows: { id: string; name: string }[]) => rows.map((r) => ({ value: r.id, label: r.name }));
  return {
    models: opt(requireData(models).items),
    oems: opt(requireData(oems).items),
    dealers: opt(requireData(dealers).items),
    fleets: opt(requireData(fleets).items),
    evOwners: opt(requireData(evOwners).items),
  };
}

export type VehicleLookups = Awaited<ReturnType<typeof loadLookups>>;

export function vehicleLookupsQueryOptions() {
  return queryOptions({ queryKey: ['vehicles', 'lookups'] as const, queryFn: loadLookups, staleTime: STALE_MS });
}

/** EV models, OEMs, service centres, fleets and EV owners in scope: the options of filters, forms and assignment. */
export function useVehicleLookups() {
  return useQuery(vehicleLookupsQueryOptions());
}
