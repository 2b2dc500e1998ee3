import { useQueries } from '@tanstack/react-query';
import { type LookupOption, modelOptionsQuery, organisationOptionsQuery } from '@/shared/api/lookups';

export type { LookupOption } from '@/shared/api/lookups';

export interface VehicleLookups {
  models: LookupOption[];
  oems: LookupOption[];
  dealers: LookupOption[];
  fleets: LookupOption[];
  evOwners: LookupOption[];
}

/** EV models, OEMs, service centres, fleets and EV owners in scope: the options of filters, forms and assignment. */
export function useVehicleLookups() {
  return useQueries({
    queries: [
      modelOptionsQuery('EV'),
      organisationOptionsQuery('oems'),
      organisationOptionsQuery('dealers'),
      organisationOptionsQuery('fleets'),
      organisationOptionsQuery('ev-owners'),
    ],
    combine: ([models, oems, dealers, fleets, evOwners]) => {
      const all = [models, oems, dealers, fleets, evOwners];
      const data: VehicleLookups | undefined =
        models.data && oems.data && dealers.data && fleets.data && evOwners.data
          ? {
              models: models.data,
              oems: oems.data,
              dealers: dealers.data,
              fleets: fleets.data,
              evOwners: evOwners.data,
            }
          : undefined;
      return { data, error: all.find((q) => q.error)?.error ?? null, isPending: all.some((q) => q.isPending) };
    },
  });
}
