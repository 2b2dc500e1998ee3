import type { StateCreator } from 'zustand';
import type { FIRMWARE_UPDATE_STATUS, STATUS_WITH_DELETED, TicketStatus, YES_NO } from '@/domain/enums';
import type { AppState } from './app-store';

type ValueOf<T> = T[keyof T];

/**
 * What the details pages keep between tabs: filters and selections. Which vehicle, BMS or MCU the details tabs show the
 * overall info of is a selection kept here (one at a time, spec §4); that info itself, a geofence and OTA releases are
 * server state and live in the query cache (decision 0005).
 */
export interface DetailTabState {
  vehicle_uid: string | null;
  ticket_state_filter: TicketStatus | null;
  /** Fault severity codes picked in the faults filter. */
  fault_data: number[] | null;
  /** Id of the statistics period picked in the battery cycles tab (e.g. `30d`). */
  bms_statistics_data: string | null;
  /** Id of the state-of-charge band picked in the battery cycles tab (e.g. `deep`). */
  bms_soc_data: string | null;
  device_status_filter: ValueOf<typeof STATUS_WITH_DELETED> | null;
  onboard_filter: ValueOf<typeof YES_NO> | null;
  /** Id of the model page's current tab (spec §4: selected by id). */
  model_page_component: string | null;
  ota_device_filter_data: ValueOf<typeof FIRMWARE_UPDATE_STATUS> | null;
  bms_reset_device_uid: string | null;
  /** Id of the vehicle whose overall info the details tabs show; set only with the BMS and MCU ones cleared. */
  vehicle_overall_info: string | null;
  /** Id of the BMS whose overall info the details tabs show. */
  bms_overall_info: string | null;
  /** Id of the MCU whose overall info the details tabs show. */
  mcu_overall_info: string | null;
}

/** Overall info: at most one of vehicle, BMS and MCU is chosen at a time (spec §4). */
export const OVERALL_INFO_FIELDS = {
  vehicle: 'vehicle_overall_info',
  bms: 'bms_overall_info',
  mcu: 'mcu_overall_info',
} as const satisfies Record<string, keyof DetailTabState>;
export type OverallInfoKind = keyof typeof OVERALL_INFO_FIELDS;
type OverallInfoField = (typeof OVERALL_INFO_FIELDS)[OverallInfoKind];

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

export interface DetailTabSlice {
  detailTab: DetailTabState;
  /** Sets one details filter and clears all the others. */
  setDetailsFilter: <F extends DetailsFilter>(filter: F, value: DetailTabState[F]) => void;
  clearDetailsFilters: () => void;
  /** Chooses the vehicle, BMS or MCU whose overall info is shown (`null`: none of that kind) and clears the other two. */
  setOverallInfo: (kind: OverallInfoKind, uid: string | null) => void;
  /** Sets fields that have no exclusivity rule. */
  setDetailTab: (patch: Partial<Omit<DetailTabState, DetailsFilter | OverallInfoField>>) => void;
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
  ota_device_filter_data: null,
  bms_reset_device_uid: null,
  vehicle_overall_info: null,
  bms_overall_info: null,
  mcu_overall_info: null,
});

const noFilters = () => Object.fromEntries(DETAILS_FILTERS.map((f) => [f, null])) as Record<DetailsFilter, null>;

export const createDetailTabSlice: StateCreator<AppState, [], [], DetailTabSlice> = (set) => ({
  detailTab: initialDetailTabState(),
  setDetailsFilter: (filter, value) => set((s) => ({ detailTab: { ...s.detailTab, ...noFilters(), [filter]: value } })),
  clearDetailsFilters: () => set((s) => ({ detailTab: { ...s.detailTab, ...noFilters() } })),
  setOverallInfo: (kind, uid) =>
    set((s) => ({
      detailTab: {
        ...s.detailTab,
        vehicle_overall_info: null,
        bms_overall_info: null,
        mcu_overall_info: null,
        [OVERALL_INFO_FIELDS[kind]]: uid,
      },
    })),
  setDetailTab: (patch) => set((s) => ({ detailTab: { ...s.detailTab, ...patch } })),
  resetDetailTab: () => set({ detailTab: initialDetailTabState() }),
});
