import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { canGoBack, type MessengerState, type MessengerStore } from './messenger-store';

const MessengerStoreContext = createContext<MessengerStore | null>(null);

export function MessengerStoreProvider({ store, children }: { store: MessengerStore; children: ReactNode }) {
  return <MessengerStoreContext.Provider value={store}>{children}</MessengerStoreContext.Provider>;
}

/** The store's actions (navigate, openFlow, back, goHome, close). */
export function useMessengerStore(): MessengerStore {
  const store = useContext(MessengerStoreContext);
  if (!store) throw new Error('useMessengerStore needs a MessengerStoreProvider');
  return store;
}

/** One slice of the messenger state; the component re-renders when that slice changes. */
export function useMessengerState<T>(select: (state: MessengerState) => T): T {
  const store = useMessengerStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

/** The back action of the screen on display, or undefined when it has none (home, or hideBackButton). */
export function useBack(): (() => void) | undefined {
  const store = useMessengerStore();
  const allowed = useMessengerState(canGoBack);
  return allowed ? store.back : undefined;
}
