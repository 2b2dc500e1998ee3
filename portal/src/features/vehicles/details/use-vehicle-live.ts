import { useEffect, useMemo } from 'react';
import type { VehicleTelemetry } from '@/domain/live-payloads';
import { vehicleDetailTopics } from '@/shared/lib/live/topics';
import { useLiveInterest } from '@/shared/lib/live/use-live-interest';
import { useAppState, useAppStoreApi } from '@/state/store-context';

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
 * latest live telemetry of that vehicle, or null until one arrives.
 */
export function useVehicleLive(owner: string, vehicleId: string): VehicleTelemetry | null {
  const store = useAppStoreApi();
  useLiveInterest(
    owner,
    useMemo(() => topicsFor(vehicleId), [vehicleId]),
  );
  useEffect(() => {
    const { vehicle, setVehicle } = store.getState();
    if (vehicle.vehicleUid !== vehicleId) {
      setVehicle({ vehicleUid: vehicleId, data: null, trip_data: null });
    }
    return () => {
      if (store.getState().vehicle.vehicleUid === vehicleId)
        store.getState().setVehicle({ vehicleUid: null, data: null });
    };
  }, [store, vehicleId]);
  return useAppState((s) => (s.vehicle.data?.vehicleUid === vehicleId ? s.vehicle.data : null));
}
