import type { FilterDef } from './filter-bar';

/** The Active / Inactive filter of a list whose rows have a status (1 active, 0 inactive). */
export const STATUS_FILTER: FilterDef = {
  key: 'status',
  label: 'Status',
  options: [
    { value: '1', label: 'Active' },
    { value: '0', label: 'Inactive' },
  ],
};

/** A filter on a yes/no field (`true` / `false` in the URL), its two choices named by what they mean for a row. */
export function yesNoFilter(key: string, label: string, yes: string, no: string): FilterDef {
  return {
    key,
    label,
    options: [
      { value: 'true', label: yes },
      { value: 'false', label: no },
    ],
  };
}

/** Live (the vehicle or device reports now) or offline. */
export const LIVE_FILTER = yesNoFilter('isLive', 'Live', 'Live', 'Offline');
