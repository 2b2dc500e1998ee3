import type { StateCreator } from 'zustand';
import type { AppState } from './app-store';

/** A value that survives `JSON.stringify`: what a dashboard's settings can hold. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A configured dashboard: an id plus whatever the dashboard configuration page stores (spec §3). */
export interface DashboardItem {
  id: string;
  [field: string]: JsonValue;
}

export interface DashboardConfigState {
  dashboards: DashboardItem[];
}

export interface DashboardConfigSlice {
  dashboardConfig: DashboardConfigState;
  addDashboard: (item: DashboardItem) => void;
  /** Merges `patch` into the dashboard with that id; an unknown id changes nothing. */
  updateDashboard: (id: string, patch: Partial<DashboardItem>) => void;
  deleteDashboard: (id: string) => void;
}

export const initialDashboardConfigState = (): DashboardConfigState => ({ dashboards: [] });

export const createDashboardConfigSlice: StateCreator<AppState, [], [], DashboardConfigSlice> = (set) => ({
  dashboardConfig: initialDashboardConfigState(),
  addDashboard: (item) => set((s) => ({ dashboardConfig: { dashboards: [...s.dashboardConfig.dashboards, item] } })),
  updateDashboard: (id, patch) =>
    set((s) => ({
      dashboardConfig: {
        dashboards: s.dashboardConfig.dashboards.map((d) => (d.id === id ? { ...d, ...patch, id } : d)),
      },
    })),
  deleteDashboard: (id) =>
    set((s) => ({ dashboardConfig: { dashboards: s.dashboardConfig.dashboards.filter((d) => d.id !== id) } })),
});
