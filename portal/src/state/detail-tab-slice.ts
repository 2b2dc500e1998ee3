import type { StateCreator } from 'zustand';
import type { AppState } from './app-store';

export interface DetailTabState {
  vehicle_uid: string | null;
  ticket_state_filter: unknown;
  fault_data: unknown;
  bms_statistics_data: unknown;
  bms_soc_data: unknown;
  device_status_filter: unknown;
  onboard_filter: unknown;
  model_page_component: unknown;
  vehicle_overall_info: unknown;
  bms_overall_info: unknown;
  mcu_overall_info: unknown;
  geo_fence_data: unknown;
  device_ota_release_data: unknown;
  ota_device_filter_data: unknown;
  bms_reset_device_uid: string | null;
}

/** The details filters: at most one is set at a time (spec §4). */
export const DETAILS_FILTERS = [
  'ticket_state_filter',
  'fault_data',
  'device_status_filter',
  'onboard_filter',
  'bms_statistics_data',
  'bms_soc_data',
] as const satisfies readonly (keyof DetailTabState)[];
export type DetailsFilter = (typeof DETAILS_FILTERS)[number];

/** Overall info exists for vehicle, BMS and MCU; at most one is set at a time. */
export const OVERALL_INFO_KEYS = {
  vehicle: 'vehicle_overall_info',
  bms: 'bms_overall_info',
  mcu: 'mcu_overall_info',
} as const satisfies Record<string, keyof DetailTabState>;
export type OverallInfoKind = keyof typeof OVERALL_INFO_KEYS;

export interface DetailTabSlice {
  detailTab: DetailTabState;
  /** Sets one details filter and clears all the others. */
  setDetailsFilter: (filter: DetailsFilter, value: unknown) => void;
  clearDetailsFilters: () => void;
  /** Sets the overall info of one kind and clears the other two. */
  setOverallInfo: (kind: OverallInfoKind, value: unknown) => void;
  /** Sets fields that have no exclusivity rule. */
  setDetailTab: (
    patch: Partial<Omit<DetailTabState, DetailsFilter | (typeof OVERALL_INFO_KEYS)[OverallInfoKind]>>,
  ) => void;
  /** Restores the details-tab state to its initial values. */
  resetDetailTab: () => void;
}

export const initialDetailTabState = (): DetailTabState => ({
  vehicle_uid: null,
  ticket_state_filter: null,
  fault_data: null,
  bms_statistics_data: null,
  bms_soc_data: null,
  device_status_filter: null,
  onboard_filter: null,
  model_page_component: null,
  vehicle_overall_info: null,
  bms_overall_info: null,
  mcu_overall_info: null,
  geo_fence_data: null,
  device_ota_release_data: null,
  ota_device_filter_data: null,
  bms_reset_device_uid: null,
});

const noFilters = () => Object.fromEntries(DETAILS_FILTERS.map((f) => [f, null])) as Record<DetailsFilter, null>;
const noOverallInfo = () =>
  Object.fromEntries(Object.values(OVERALL_INFO_KEYS).map((k) => [k, null])) as Record<
    (typeof OVERALL_INFO_KEYS)[OverallInfoKind],
    null
  >;

export const createDetailTabSlice: StateCreator<AppState, [], [], DetailTabSlice> = (set) => ({
  detailTab: initialDetailTabState(),
  setDetailsFilter: (filter, value) => set((s) => ({ detailTab: { ...s.detailTab, ...noFilters(), [filter]: value } })),
  clearDetailsFilters: () => set((s) => ({ detailTab: { ...s.detailTab, ...noFilters() } })),
  setOverallInfo: (kind, value) =>
    set((s) => ({ detailTab: { ...s.detailTab, ...noOverallInfo(), [OVERALL_INFO_KEYS[kind]]: value } })),
  setDetailTab: (patch) => set((s) => ({ detailTab: { ...s.detailTab, ...patch } })),
  resetDetailTab: () => set({ detailTab: initialDetailTabState() }),
});
