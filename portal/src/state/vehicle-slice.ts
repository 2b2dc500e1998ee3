import type { StateCreator } from 'zustand';
import { DEFAULT_ACTIVE_OFFSET } from '@/domain/constants';
import type { components } from '@/domain/api-schema';
import type { CommandAck, VehicleTelemetry } from '@/domain/live-payloads';
import type { AppState } from './app-store';

/** A date range as ISO strings; null ends are open. */
export interface DateRange {
  from: string | null;
  to: string | null;
}

/** A trip as the Fleet API returns it. */
export type SelectedTrip = components['schemas']['Trip'];

/**
 * The vehicle on screen. Facts the live data or the API already carry are not copied here: whether the vehicle is
 * live and when it was last heard are `data` (null, or its `ts`); lists and telemetry values stay in the query cache.
 */
export interface VehicleState {
  /** Latest live telemetry of the selected vehicle, written by the live wiring; null until one arrives. */
  data: VehicleTelemetry | null;
  dateRange: DateRange;
  /** The vehicle whose live data and acknowledgements are written here. */
  vehicleUid: string | null;
  /** Live command acknowledgements by command id. */
  commandAcknowledge: Record<string, CommandAck>;
  /** The trip picked in the trips tab. */
  trip_data: SelectedTrip | null;
  /** The analysis tab's range: a preset id in `from` (and `to` null), or a custom ISO range. */
  analysisDate: DateRange;
  /** Trip playback speed. */
  activeOffset: number;
  /** The telemetry key highlighted in the attributes tab. */
  active_telemetry_att_key: string | null;
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
  commandAcknowledge: {},
  trip_data: null,
  analysisDate: { from: null, to: null },
  activeOffset: DEFAULT_ACTIVE_OFFSET,
  active_telemetry_att_key: null,
});

export const createVehicleSlice: StateCreator<AppState, [], [], VehicleSlice> = (set) => ({
  vehicle: initialVehicleState(),
  setVehicle: (patch) => set((s) => ({ vehicle: { ...s.vehicle, ...patch } })),
  resetVehicle: () => set({ vehicle: initialVehicleState() }),
});
