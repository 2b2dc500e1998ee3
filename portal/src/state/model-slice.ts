import type { StateCreator } from 'zustand';
import type { AppState } from './app-store';

export interface ModelState {
  model_data: unknown;
}

export interface ModelSlice {
  model: ModelState;
  setModelData: (model_data: unknown) => void;
}

export const initialModelState = (): ModelState => ({ model_data: null });

export const createModelSlice: StateCreator<AppState, [], [], ModelSlice> = (set) => ({
  model: initialModelState(),
  setModelData: (model_data) => set({ model: { model_data } }),
});
