import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from '@/state/app-store';

const StoreContext = createContext<AppStore | null>(null);

/** Provides the app store; tests pass a fresh one, the app passes `useAppStore`. */
export function AppStoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The store itself, for actions and `getState` in handlers. */
export function useAppStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAppStoreApi must be used inside <AppStoreProvider>');
  return store;
}

/** A slice of the store state; re-renders when the selected value changes. */
export function useAppState<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStoreApi(), selector);
}
