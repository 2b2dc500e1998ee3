import { type ListSpec, parse } from '../lib/list-query';
import { FAULT_DEVICE_KINDS, FAULT_KINDS, FAULT_SCOPES } from './fault-types';

export const FAULT_SORT_FIELDS = ['occurredAt', 'severity', 'code', 'kind', 'deviceKind'] as const;
export type FaultSortField = (typeof FAULT_SORT_FIELDS)[number];

const FAULT_FILTERS = {
  vehicleId: parse.text,
  deviceId: parse.text,
  deviceKind: parse.oneOf('deviceKind', FAULT_DEVICE_KINDS),
  kind: parse.oneOf('kind', FAULT_KINDS),
  scope: parse.oneOf('scope', FAULT_SCOPES),
  severity: parse.int('severity', [0, 1, 2, 3, 4, 5]),
  code: parse.text,
  active: parse.boolean('active'),
  acknowledged: parse.boolean('acknowledged'),
};
export type FaultFilterField = keyof typeof FAULT_FILTERS;

/** The fault list's sorts and filters (openapi.yaml listFaults); search covers code and name, the range occurredAt. */
export const FAULT_LIST: ListSpec<FaultSortField, FaultFilterField> = {
  sortable: FAULT_SORT_FIELDS,
  filterable: FAULT_FILTERS,
  defaultSort: [{ field: 'occurredAt', direction: 'desc' }],
};
