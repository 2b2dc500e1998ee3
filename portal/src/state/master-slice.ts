import type { StateCreator } from 'zustand';
import type { AppState } from './app-store';
import { type Breadcrumb, nextBreadcrumbs } from './breadcrumbs';

/**
 * Client state shared by many pages. Reference lists of spec §3 (roles, device groups, models, model telemetry, the
 * merged master object) are server state and live in the query cache, not here (decision 0005).
 */
export interface MasterState {
  loader: boolean;
  notificationCount: number;
  breadcrumb_history: Breadcrumb[];
}

export interface MasterSlice {
  master: MasterState;
  setMaster: (patch: Partial<Omit<MasterState, 'breadcrumb_history'>>) => void;
  /** Records a visit in the breadcrumb trail (both rules of spec §2). */
  visitRoute: (crumb: Breadcrumb) => void;
}

export const initialMasterState = (): MasterState => ({
  loader: false,
  notificationCount: 0,
  breadcrumb_history: [],
});

export const createMasterSlice: StateCreator<AppState, [], [], MasterSlice> = (set) => ({
  master: initialMasterState(),
  setMaster: (patch) => set((s) => ({ master: { ...s.master, ...patch } })),
  visitRoute: (crumb) =>
    set((s) => ({
      master: { ...s.master, breadcrumb_history: nextBreadcrumbs(s.master.breadcrumb_history, crumb) },
    })),
});
