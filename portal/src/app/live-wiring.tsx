import { Badge, Tooltip } from '@mantine/core';
import { getEnv } from '@/config/env';
import { createLiveController, type LiveController } from '@/shared/lib/live/live-controller';
import type { LiveBatch } from '@/shared/lib/live/live-batcher';
import type { LiveFleet } from '@/shared/lib/live/live-fleet';
import { useLiveConnection } from '@/shared/lib/live/use-live-connection';
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

const BADGE: Record<string, { color: string; label: string; hint: string }> = {
  idle: { color: 'gray', label: 'Live: off', hint: 'Not connected to live data.' },
  connecting: { color: 'yellow', label: 'Live: connecting', hint: 'Connecting to the live data broker…' },
  online: { color: 'green', label: 'Live', hint: 'Receiving live telemetry.' },
  reconnecting: { color: 'orange', label: 'Live: reconnecting', hint: 'Connection lost; retrying with back-off.' },
  offline: { color: 'red', label: 'Live: offline', hint: 'The live data broker cannot be reached.' },
};

/** Header badge with the live connection state. */
export function LiveBadge() {
  const connection = useLiveConnection();
  const look = BADGE[connection.state] ?? BADGE.idle!;
  const hint = connection.lastError ? `${look.hint} (${connection.lastError})` : look.hint;
  return (
    <Tooltip label={hint}>
      <Badge color={look.color} variant="light" role="status" aria-label={look.label}>
        {look.label}
      </Badge>
    </Tooltip>
  );
}
