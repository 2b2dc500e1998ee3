import type { StateCreator } from 'zustand';
import type { components } from '@/domain/api-schema';
import type { AppState } from './app-store';

/** The model being configured in the six-step flow: enough to resume it, not the model itself (query cache). */
export type ModelInProgress = Pick<components['schemas']['Model'], 'id' | 'kind' | 'configurationStep'>;

export interface ModelState {
  model_data: ModelInProgress | null;
}

export interface ModelSlice {
  model: ModelState;
  setModelData: (model_data: ModelInProgress | null) => void;
}

export const initialModelState = (): ModelState => ({ model_data: null });

export const createModelSlice: StateCreator<AppState, [], [], ModelSlice> = (set) => ({
  model: initialModelState(),
  setModelData: (model_data) => set({ model: { model_data } }),
});
