import { type ListSpec, parse } from '../lib/list-query';
import { GEOFENCE_RULES } from './geofence-types';

export const GEOFENCE_SORT_FIELDS = ['name', 'rule', 'createdAt', 'updatedAt'] as const;
export type GeofenceSortField = (typeof GEOFENCE_SORT_FIELDS)[number];

const GEOFENCE_FILTERS = {
  rule: parse.oneOf('rule', GEOFENCE_RULES),
};
export type GeofenceFilterField = keyof typeof GEOFENCE_FILTERS;

/** The geofence list's sorts and filters (openapi.yaml listGeofences); search covers the name; name sorts without case. */
export const GEOFENCE_LIST: ListSpec<GeofenceSortField, GeofenceFilterField> = {
  sortable: GEOFENCE_SORT_FIELDS,
  filterable: GEOFENCE_FILTERS,
  defaultSort: [{ field: 'updatedAt', direction: 'desc' }],
};
