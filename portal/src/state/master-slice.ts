import type { StateCreator } from 'zustand';
import type { AppState } from './app-store';
import { type Breadcrumb, nextBreadcrumbs } from './breadcrumbs';

export interface MasterState {
  /** Reference data shared by many pages, merged key by key. */
  master: Record<string, unknown>;
  loader: boolean;
  notificationCount: number;
  /** Paths visited in this session, newest last. */
  route_history: string[];
  role_data: unknown[];
  group_data: unknown[];
  model_data: unknown[];
  breadcrumb_history: Breadcrumb[];
  model_telemetry_data: unknown[];
}

/** Longest route history kept. */
export const ROUTE_HISTORY_MAX_LENGTH = 20;

export interface MasterSlice {
  master: MasterState;
  mergeMaster: (patch: Record<string, unknown>) => void;
  setMaster: (patch: Partial<Omit<MasterState, 'master' | 'breadcrumb_history' | 'route_history'>>) => void;
  /** Records a visit: route history and breadcrumb trail (both rules of spec §2). */
  visitRoute: (crumb: Breadcrumb) => void;
}

export const initialMasterState = (): MasterState => ({
  master: {},
  loader: false,
  notificationCount: 0,
  route_history: [],
  role_data: [],
  group_data: [],
  model_data: [],
  breadcrumb_history: [],
  model_telemetry_data: [],
});

export const createMasterSlice: StateCreator<AppState, [], [], MasterSlice> = (set) => ({
  master: initialMasterState(),
  mergeMaster: (patch) => set((s) => ({ master: { ...s.master, master: { ...s.master.master, ...patch } } })),
  setMaster: (patch) => set((s) => ({ master: { ...s.master, ...patch } })),
  visitRoute: (crumb) =>
    set((s) => {
      const last = s.master.route_history.at(-1);
      const route_history =
        last === crumb.path
          ? s.master.route_history
          : [...s.master.route_history, crumb.path].slice(-ROUTE_HISTORY_MAX_LENGTH);
      return {
        master: { ...s.master, route_history, breadcrumb_history: nextBreadcrumbs(s.master.breadcrumb_history, crumb) },
      };
    }),
});
