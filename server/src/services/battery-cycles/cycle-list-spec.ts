import { type ListSpec, parse } from '../lib/list-query';

export const CYCLE_SORT_FIELDS = ['index', 'startedAt', 'energyKwh', 'status'] as const;
export type CycleSortField = (typeof CYCLE_SORT_FIELDS)[number];

const CYCLE_FILTERS = { status: parse.int('status', [1, 2, 3, 4]) };
export type CycleFilterField = keyof typeof CYCLE_FILTERS;

/** The battery cycle list's sorts and filters (openapi.yaml listBatteryCycles); the range bounds `startedAt`. */
export const CYCLE_LIST: ListSpec<CycleSortField, CycleFilterField> = {
  sortable: CYCLE_SORT_FIELDS,
  filterable: CYCLE_FILTERS,
  defaultSort: [{ field: 'index', direction: 'desc' }],
};
