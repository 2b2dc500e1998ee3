import { useQueryClient } from '@tanstack/react-query';
import { faultKeys } from '@/shared/api/query-keys';
import { decodeSeverity } from '@/domain/enums';
import { topics } from '@/shared/lib/live/topics';
import { useLiveEvents } from '@/shared/lib/live/use-live-events';
import { notify } from '@/shared/ui/notify';

const NO_TOPICS: readonly string[] = [];

type DeviceKind = 'BMS' | 'MCU' | 'VCU' | 'EV';

function telemetryTopics(vehicleId: string | null | undefined): readonly string[] {
  if (!vehicleId) return NO_TOPICS;
  try {
    return [topics.vehicleTelemetryFilter(vehicleId)];
  } catch {
    // An id that cannot be a topic level has no live data.
    return NO_TOPICS;
  }
}

/**
 * Watches a vehicle's live telemetry for faults: each new one is announced in a toast and the fault lists are read
 * again (the server stores a fault before the telemetry that carries it goes out). `vehicleId` null: nothing is watched
 * (a device that is not fitted to a vehicle reports nothing live, and a role without the faults tab is not told).
 * With `device`, only that device's faults are announced (a BMS page).
 */
export function useLiveFaults(vehicleId: string | null | undefined, device?: DeviceKind): void {
  const client = useQueryClient();
  useLiveEvents(`faults-${vehicleId ?? 'none'}`, telemetryTopics(vehicleId), 'fault', {
    max: 1,
    onEvent: ({ vehicleUid, fault }) => {
      if (vehicleUid !== vehicleId || (device && fault.device !== device)) return;
      notify.warning(`New ${fault.kind === 'Alert' ? 'alert' : 'fault'}: ${fault.message ?? fault.code}`, {
        description: `${fault.code} · ${decodeSeverity(fault.severity).label} · ${fault.device}`,
      });
      void client.invalidateQueries({ queryKey: faultKeys.all });
    },
  });
}
