import { type ListSpec, parse } from '../lib/list-query';
import { MODEL_KINDS, VEHICLE_TYPES } from './model-types';

export const MODEL_SORT_FIELDS = [
  'name',
  'code',
  'kind',
  'status',
  'configurationStep',
  'createdAt',
  'updatedAt',
] as const;
export type ModelSortField = (typeof MODEL_SORT_FIELDS)[number];

const MODEL_FILTERS = {
  kind: parse.oneOf('kind', MODEL_KINDS),
  oemId: parse.text,
  status: parse.int('status', [0, 1]),
  vehicleType: parse.oneOf('vehicleType', VEHICLE_TYPES),
};
export type ModelFilterField = keyof typeof MODEL_FILTERS;

/** The model list's sorts and filters (openapi.yaml listModels); search covers name and code. */
export const MODEL_LIST: ListSpec<ModelSortField, ModelFilterField> = {
  sortable: MODEL_SORT_FIELDS,
  filterable: MODEL_FILTERS,
  defaultSort: [{ field: 'name', direction: 'asc' }],
};
