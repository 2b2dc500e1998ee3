import { create, type StateCreator } from 'zustand';
import { createJSONStorage, type PersistStorage, persist } from 'zustand/middleware';
import { STORE_RESTORE_TIMEOUT_MS } from '@/domain/constants';
import { type AuthSlice, createAuthSlice } from './auth-slice';
import { createDashboardConfigSlice, type DashboardConfigSlice } from './dashboard-config-slice';
import { createDetailTabSlice, type DetailTabSlice } from './detail-tab-slice';
import { createMasterSlice, type MasterSlice } from './master-slice';
import { createModelSlice, type ModelSlice } from './model-slice';
import {
  mergePersisted,
  migratePersisted,
  type PersistedGroups,
  partializeState,
  STORE_STORAGE_KEY,
  STORE_VERSION,
} from './persistence';
import { createVehicleSlice, type VehicleSlice } from './vehicle-slice';

/**
 * The one client store: a slice per client state group of spec §3 (the socket group is the live controller, see
 * decision 0005). `app-store.test-d.ts` fails the typecheck when a field is typed `unknown` or `any`.
 */
export type AppState = AuthSlice & MasterSlice & ModelSlice & VehicleSlice & DetailTabSlice & DashboardConfigSlice;

const createSlices: StateCreator<AppState> = (...a) => ({
  ...createAuthSlice(...a),
  ...createMasterSlice(...a),
  ...createModelSlice(...a),
  ...createVehicleSlice(...a),
  ...createDetailTabSlice(...a),
  ...createDashboardConfigSlice(...a),
});

export interface CreateAppStoreOptions {
  /** Where persisted groups live; session storage by default. */
  storage?: PersistStorage<PersistedGroups>;
}

/**
 * Creates a store. Hydration is not automatic: call `restoreAppStore` before the first render so that nothing renders
 * with half-restored state.
 */
export function createAppStore({ storage }: CreateAppStoreOptions = {}) {
  return create<AppState>()(
    persist(createSlices, {
      name: STORE_STORAGE_KEY,
      version: STORE_VERSION,
      storage: storage ?? createJSONStorage<PersistedGroups>(() => sessionStorage),
      partialize: partializeState,
      migrate: migratePersisted as (persisted: unknown, version: number) => PersistedGroups,
      merge: mergePersisted,
      skipHydration: true,
    }),
  );
}

export type AppStore = ReturnType<typeof createAppStore>;

/** The app's store. Tests create their own with `createAppStore`. */
export const useAppStore = createAppStore();

export type RestoreOutcome = 'restored' | 'timed-out';

/**
 * Restores the persisted groups, giving up after `timeoutMs` (spec §9: 5000 ms). On a time-out the store keeps its
 * defaults and a late answer from storage is ignored; corrupt data also leaves the defaults (see `mergePersisted`).
 */
export async function restoreAppStore(store: AppStore, timeoutMs = STORE_RESTORE_TIMEOUT_MS): Promise<RestoreOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<RestoreOutcome>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), timeoutMs);
  });
  const restored = store.persist.rehydrate().then(() => 'restored' as const);
  const outcome = await Promise.race([restored, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timed-out') {
    // Ignore whatever storage answers later: the session goes on from defaults.
    store.persist.clearStorage();
    store.setState(store.getInitialState(), true);
  }
  return outcome;
}
