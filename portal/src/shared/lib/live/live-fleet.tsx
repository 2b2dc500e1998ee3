import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { VehicleTelemetry } from '../../../domain/live-payloads';

/**
 * The latest telemetry per vehicle seen by the live controller, for views that show many vehicles at once (the live
 * map). Fed once per live batch by the app's sink; readers re-render at most once per batch.
 */
export interface LiveFleet {
  apply(vehicles: readonly VehicleTelemetry[]): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ReadonlyMap<string, VehicleTelemetry>;
  clear(): void;
}

export function createLiveFleet(): LiveFleet {
  let snapshot: ReadonlyMap<string, VehicleTelemetry> = new Map();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    apply(vehicles) {
      if (vehicles.length === 0) return;
      const next = new Map(snapshot);
      for (const t of vehicles) {
        const current = next.get(t.vehicleUid);
        if (!current || current.ts <= t.ts) next.set(t.vehicleUid, t);
      }
      snapshot = next;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    clear() {
      snapshot = new Map();
      emit();
    },
  };
}

const LiveFleetContext = createContext<LiveFleet | null>(null);

export function LiveFleetProvider({ fleet, children }: { fleet: LiveFleet; children: ReactNode }) {
  return <LiveFleetContext.Provider value={fleet}>{children}</LiveFleetContext.Provider>;
}

/** The latest telemetry per vehicle; re-renders when a batch brings new readings. */
export function useLiveFleet(): ReadonlyMap<string, VehicleTelemetry> {
  const fleet = useContext(LiveFleetContext);
  if (!fleet) throw new Error('useLiveFleet must be used inside <LiveFleetProvider>');
  return useSyncExternalStore(fleet.subscribe, fleet.getSnapshot, fleet.getSnapshot);
}
