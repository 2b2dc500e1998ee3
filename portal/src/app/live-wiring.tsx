import { getEnv } from '@/config/env';
import { createLiveController, type LiveController } from '@/shared/lib/live/live-controller';
import type { LiveBatch } from '@/shared/lib/live/live-batcher';
import type { LiveFleet } from '@/shared/lib/live/live-fleet';
import { useLiveSession } from '@/shared/lib/live/use-live-session';
import type { AppStore } from '@/state/app-store';
import { useAppState } from '@/state/store-context';

/**
 * Writes one live batch into the store in a single `setState`: the selected vehicle's latest telemetry (`data`) and
 * command acknowledgements by command id.
 */
export function applyLiveBatch(store: AppStore, batch: LiveBatch): void {
  const { vehicle, setVehicle } = store.getState();
  const patch: Partial<typeof vehicle> = {};
  const telemetry = vehicle.vehicleUid && batch.vehicles.find((t) => t.vehicleUid === vehicle.vehicleUid);
  if (telemetry) patch.data = telemetry;
  const acks = batch.events.flatMap((e) => (e.kind === 'command-ack' ? [e.data] : []));
  if (acks.length > 0) {
    patch.commandAcknowledge = {
      ...vehicle.commandAcknowledge,
      ...Object.fromEntries(acks.map((a) => [a.commandId, a])),
    };
  }
  if (Object.keys(patch).length > 0) setVehicle(patch);
}

/** The app's one live controller, feeding the store and the fleet view of the live map. */
export function createAppLiveController(store: AppStore, fleet: LiveFleet): LiveController {
  return createLiveController({
    sink: (batch) => {
      applyLiveBatch(store, batch);
      fleet.apply(batch.vehicles);
    },
    onError: (error) => console.warn('Live data:', error),
  });
}

/** Connects the live controller while a user is signed in, with the session's credentials. */
export function LiveSession() {
  const user = useAppState((s) => s.auth.user);
  const token = useAppState((s) => s.auth.token);
  const isAuthenticated = useAppState((s) => s.auth.isAuthenticated);
  useLiveSession(isAuthenticated && user && token ? { url: getEnv().mqttUrl, username: user.email, token } : null);
  return null;
}
