import { type ListSpec, parse } from '../lib/list-query';

/** The levels of a message (openapi.yaml HardwareLogLevel). */
export const HARDWARE_LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

export const HARDWARE_LOG_SORT_FIELDS = ['occurredAt'] as const;
export type HardwareLogSortField = (typeof HARDWARE_LOG_SORT_FIELDS)[number];

const HARDWARE_LOG_FILTERS = {
  level: parse.oneOf('level', HARDWARE_LOG_LEVELS),
  deviceId: parse.text,
};
export type HardwareLogFilterField = keyof typeof HARDWARE_LOG_FILTERS;

/**
 * The hardware log's sorts and filters (openapi.yaml listHardwareLogs); search covers the message and the device's
 * serial number, the range occurredAt; newest first unless sorted.
 */
export const HARDWARE_LOG_LIST: ListSpec<HardwareLogSortField, HardwareLogFilterField> = {
  sortable: HARDWARE_LOG_SORT_FIELDS,
  filterable: HARDWARE_LOG_FILTERS,
  defaultSort: [{ field: 'occurredAt', direction: 'desc' }],
};
