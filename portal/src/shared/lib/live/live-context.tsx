import { createContext, type ReactNode, useContext } from 'react';
import type { LiveController } from './live-controller';

const LiveContext = createContext<LiveController | null>(null);

/**
 * Makes the app's one live controller available to the live hooks. The app creates the controller once (with its
 * sink) and passes it in; the provider does not own its lifetime.
 *
 * @example
 * const live = createLiveController({ sink: (batch) => applyLiveBatch(store, batch) }); // app/live-wiring.tsx
 * <LiveProvider controller={live}><App /></LiveProvider>
 */
export function LiveProvider({ controller, children }: { controller: LiveController; children: ReactNode }) {
  return <LiveContext.Provider value={controller}>{children}</LiveContext.Provider>;
}

/** The live controller of the nearest {@link LiveProvider}. */
export function useLiveController(): LiveController {
  const controller = useContext(LiveContext);
  if (!controller) throw new Error('useLiveController must be used inside <LiveProvider>');
  return controller;
}
