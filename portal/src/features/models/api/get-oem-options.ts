import { useOrganisationOptions } from '@/shared/api/lookups';

/** The OEMs the caller may create models for, as select options (an OEM user gets only their own). */
export function useOemOptions() {
  return useOrganisationOptions('oems');
}
