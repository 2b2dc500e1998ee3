import { type ListSpec, parse } from '../lib/list-query';

export const SIM_SORT_FIELDS = ['iccid', 'msisdn', 'operator', 'status', 'createdAt'] as const;
export type SimSortField = (typeof SIM_SORT_FIELDS)[number];

const SIM_FILTERS = {
  operator: parse.text,
  status: parse.int('status', [0, 1]),
  assigned: parse.boolean('assigned'),
};
export type SimFilterField = keyof typeof SIM_FILTERS;

/** The SIM card list's sorts and filters (openapi.yaml listSims); search covers ICCID and MSISDN. */
export const SIM_LIST: ListSpec<SimSortField, SimFilterField> = {
  sortable: SIM_SORT_FIELDS,
  filterable: SIM_FILTERS,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};
