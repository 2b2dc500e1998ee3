import { type ListSpec, parse } from '../lib/list-query';
import { COMMAND_DEVICE_KINDS, COMMAND_KINDS, COMMAND_STATUSES } from './command-types';

export const COMMAND_SORT_FIELDS = ['sentAt', 'acknowledgedAt', 'status', 'code', 'kind', 'vehicleId'] as const;
export type CommandSortField = (typeof COMMAND_SORT_FIELDS)[number];

const COMMAND_FILTERS = {
  vehicleId: parse.text,
  deviceId: parse.text,
  deviceKind: parse.oneOf('deviceKind', COMMAND_DEVICE_KINDS),
  kind: parse.oneOf('kind', COMMAND_KINDS),
  status: parse.int('status', COMMAND_STATUSES),
  code: parse.text,
  sentBy: parse.text,
  ruleId: parse.text,
};
export type CommandFilterField = keyof typeof COMMAND_FILTERS;

/**
 * The history's sorts and filters (openapi.yaml listCommands): `vehicleId` sorts by the vehicle's VIN; search covers
 * code, name, the vehicle's VIN and registration, the sender's and the rule's names; the range is sentAt.
 */
export const COMMAND_LIST: ListSpec<CommandSortField, CommandFilterField> = {
  sortable: COMMAND_SORT_FIELDS,
  filterable: COMMAND_FILTERS,
  defaultSort: [{ field: 'sentAt', direction: 'desc' }],
};
