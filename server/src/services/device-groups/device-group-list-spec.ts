import { type ListSpec, parse } from '../lib/list-query';
import { OWNER_KINDS } from './device-group-types';

export const DEVICE_GROUP_SORT_FIELDS = ['name', 'ownerKind', 'updatedAt'] as const;
export type DeviceGroupSortField = (typeof DEVICE_GROUP_SORT_FIELDS)[number];

const DEVICE_GROUP_FILTERS = {
  ownerKind: parse.oneOf('ownerKind', OWNER_KINDS),
  ownerId: parse.text,
};
export type DeviceGroupFilterField = keyof typeof DEVICE_GROUP_FILTERS;

/** The device group list's sorts and filters (openapi.yaml listDeviceGroups); search covers the name; name sorts without case. */
export const DEVICE_GROUP_LIST: ListSpec<DeviceGroupSortField, DeviceGroupFilterField> = {
  sortable: DEVICE_GROUP_SORT_FIELDS,
  filterable: DEVICE_GROUP_FILTERS,
  defaultSort: [{ field: 'name', direction: 'asc' }],
};
