import { useEffect, useMemo } from 'react';
import { vehicleDetailTopics } from '@/shared/lib/live/topics';
import { useLiveInterest } from '@/shared/lib/live/use-live-interest';
import { useAppState, useAppStoreApi } from '@/state/store-context';
import { liveSnapshotOf, type LiveSnapshot } from './vehicle-overview';

function topicsFor(vehicleId: string): string[] {
  try {
    return vehicleDetailTopics(vehicleId);
  } catch {
    // An id that cannot be a topic level (a typo in the URL) has no live data; the page still shows its 404.
    return [];
  }
}

/**
 * Registers the details page's live interest in one vehicle (telemetry, devices, command acknowledgements, trips)
 * and selects it in the store, so the live wiring writes its telemetry and acknowledgements there. Returns the
 * latest live snapshot of that vehicle, or null until one arrives.
 */
export function useVehicleLive(owner: string, vehicleId: string): LiveSnapshot | null {
  const store = useAppStoreApi();
  useLiveInterest(
    owner,
    useMemo(() => topicsFor(vehicleId), [vehicleId]),
  );
  useEffect(() => {
    const { vehicle, setVehicle } = store.getState();
    if (vehicle.vehicleUid !== vehicleId) {
      setVehicle({
        vehicleUid: vehicleId,
        data: null,
        isLive: false,
        lastUpdated: null,
        activeTripIndex: null,
        trip_data: null,
      });
    }
    return () => {
      if (store.getState().vehicle.vehicleUid === vehicleId)
        store.getState().setVehicle({ vehicleUid: null, isLive: false });
    };
  }, [store, vehicleId]);
  const data = useAppState((s) => s.vehicle.data);
  return liveSnapshotOf(data, vehicleId);
}
