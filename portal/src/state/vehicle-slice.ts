import type { StateCreator } from 'zustand';
import { DEFAULT_ACTIVE_OFFSET } from '@/domain/constants';
import type { AppState } from './app-store';

/** A date range as ISO strings; null ends are open. */
export interface DateRange {
  from: string | null;
  to: string | null;
}

export interface VehicleState {
  data: unknown;
  dateRange: DateRange;
  vehicleUid: string | null;
  lastUpdated: string | null;
  isLive: boolean;
  commandAcknowledge: unknown;
  component_master_data: unknown;
  trip_data: unknown;
  fault_filter_on: boolean;
  trip_status: number | null;
  analysisDate: DateRange;
  /** No trip is active by default. */
  activeTripIndex: number | null;
  activeOffset: number;
  sleep_mode_data: unknown;
  loc_analysis_data: unknown[];
  model_telemetry_data: unknown;
  active_telemetry_att_key: string | null;
  telemetry_error_keys: string[];
}

export interface VehicleSlice {
  vehicle: VehicleState;
  setVehicle: (patch: Partial<VehicleState>) => void;
  resetVehicle: () => void;
}

export const initialVehicleState = (): VehicleState => ({
  data: null,
  dateRange: { from: null, to: null },
  vehicleUid: null,
  lastUpdated: null,
  isLive: false,
  commandAcknowledge: null,
  component_master_data: null,
  trip_data: null,
  fault_filter_on: false,
  trip_status: null,
  analysisDate: { from: null, to: null },
  activeTripIndex: null,
  activeOffset: DEFAULT_ACTIVE_OFFSET,
  sleep_mode_data: null,
  loc_analysis_data: [],
  model_telemetry_data: null,
  active_telemetry_att_key: null,
  telemetry_error_keys: [],
});

export const createVehicleSlice: StateCreator<AppState, [], [], VehicleSlice> = (set) => ({
  vehicle: initialVehicleState(),
  setVehicle: (patch) => set((s) => ({ vehicle: { ...s.vehicle, ...patch } })),
  resetVehicle: () => set({ vehicle: initialVehicleState() }),
});
