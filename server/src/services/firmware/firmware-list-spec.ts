import { type ListSpec, parse } from '../lib/list-query';
import { DEVICE_TYPES } from '../devices/device-types';

const PHASES = ['queued', 'waiting', 'sent', 'installing', 'completed', 'failed', 'offline', 'skipped'] as const;

export const RELEASE_SORT_FIELDS = ['createdAt', 'version', 'deviceType'] as const;
export type ReleaseSortField = (typeof RELEASE_SORT_FIELDS)[number];
const RELEASE_FILTERS = { deviceType: parse.oneOf('deviceType', DEVICE_TYPES), modelId: parse.text };
export type ReleaseFilterField = keyof typeof RELEASE_FILTERS;

/** openapi.yaml listFirmwareReleases; search covers version, file name and notes. */
export const RELEASE_LIST: ListSpec<ReleaseSortField, ReleaseFilterField> = {
  sortable: RELEASE_SORT_FIELDS,
  filterable: RELEASE_FILTERS,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};

export const ROLLOUT_SORT_FIELDS = ['createdAt', 'status'] as const;
export type RolloutSortField = (typeof ROLLOUT_SORT_FIELDS)[number];
const ROLLOUT_FILTERS = {
  status: parse.oneOf('status', ['running', 'paused', 'cancelled', 'completed']),
  releaseId: parse.text,
};
export type RolloutFilterField = keyof typeof ROLLOUT_FILTERS;

/** openapi.yaml listFirmwareRollouts; search covers version and target. */
export const ROLLOUT_LIST: ListSpec<RolloutSortField, RolloutFilterField> = {
  sortable: ROLLOUT_SORT_FIELDS,
  filterable: ROLLOUT_FILTERS,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};

export const OTA_SORT_FIELDS = ['sentAt', 'finishedAt', 'status', 'deviceSerial', 'wave'] as const;
export type OtaSortField = (typeof OTA_SORT_FIELDS)[number];
const OTA_FILTERS = {
  deviceType: parse.oneOf('deviceType', DEVICE_TYPES),
  status: parse.int('status', [0, 1, 2, 3, 4]),
  phase: parse.oneOf('phase', PHASES),
  deviceId: parse.text,
  vehicleId: parse.text,
  rolloutId: parse.text,
  wave: parse.int('wave'),
};
export type OtaFilterField = keyof typeof OTA_FILTERS;

/** openapi.yaml listOtaUpdates and listFirmwareRolloutDevices; search covers serial and versions; range on sentAt. */
export const OTA_LIST: ListSpec<OtaSortField, OtaFilterField> = {
  sortable: OTA_SORT_FIELDS,
  filterable: OTA_FILTERS,
  defaultSort: [{ field: 'sentAt', direction: 'desc' }],
};
/** A rollout's devices come in wave order unless a sort is asked for. */
export const ROLLOUT_DEVICE_LIST: ListSpec<OtaSortField, OtaFilterField> = {
  ...OTA_LIST,
  defaultSort: [{ field: 'wave', direction: 'asc' }],
};
