import type { GeofenceEvent } from '@/domain/live-payloads';
import { formatTime } from '@/shared/lib/format';

/** What a geofence alert toast says about one event. */
export type GeofenceAlert = Pick<GeofenceEvent, 'vehicleUid' | 'geofenceName' | 'event' | 'ts'>;

/** Shows one toast. */
export type ShowAlert = (title: string, description: string) => void;

export interface AlertPacer {
  /** An alert to show now, or with the next summary when a toast was shown less than the gap ago. */
  push(alert: GeofenceAlert): void;
  /** Drops what is pending and stops the timer (the page is gone). */
  dispose(): void;
}

const VERB = { enter: 'entered', exit: 'left', dwell: 'stayed in' } as const;
const NAMED_VEHICLES = 2;
const NAMED_GROUPS = 3;

/** "veh-000001 entered Pune Station Depot". */
export function alertText({ vehicleUid, event, geofenceName }: GeofenceAlert): string {
  return `${vehicleUid} ${VERB[event]} ${geofenceName}`;
}

/** "veh-1, veh-2 and 3 more entered Depot; veh-9 left Katraj; and 2 more alerts", grouped by geofence and event. */
export function summaryText(alerts: readonly GeofenceAlert[]): string {
  const groups = new Map<string, { alert: GeofenceAlert; vehicles: string[] }>();
  for (const alert of alerts) {
    const key = `${alert.event}\u0000${alert.geofenceName}`;
    const group = groups.get(key);
    if (group) group.vehicles.push(alert.vehicleUid);
    else groups.set(key, { alert, vehicles: [alert.vehicleUid] });
  }
  const all = [...groups.values()];
  const parts = all.slice(0, NAMED_GROUPS).map(({ alert, vehicles }) => {
    const named = vehicles.slice(0, NAMED_VEHICLES).join(', ');
    const rest = vehicles.length - NAMED_VEHICLES;
    const who = rest > 0 ? `${named} and ${rest} more` : named;
    return `${who} ${VERB[alert.event]} ${alert.geofenceName}`;
  });
  const hidden = all.slice(NAMED_GROUPS).reduce((sum, g) => sum + g.vehicles.length, 0);
  if (hidden > 0) parts.push(`and ${hidden} more ${hidden === 1 ? 'alert' : 'alerts'}`);
  return parts.join('; ');
}

/**
 * Paces geofence alert toasts so that a busy fleet does not bury the screen, without losing any: the first alert
 * shows at once; alerts within `gapMs` of the last toast wait and show together as one summary when the gap ends.
 */
export function createAlertPacer(
  show: ShowAlert,
  { gapMs = 4000, now = Date.now }: { gapMs?: number; now?: () => number } = {},
): AlertPacer {
  let lastShown = Number.NEGATIVE_INFINITY;
  let pending: GeofenceAlert[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    const alerts = pending;
    pending = [];
    if (alerts.length === 0) return;
    lastShown = now();
    if (alerts.length === 1) show(alertText(alerts[0]!), `Geofence alert at ${formatTime(alerts[0]!.ts)}`);
    else show(`${alerts.length} geofence alerts`, summaryText(alerts));
  };

  return {
    push(alert) {
      pending.push(alert);
      if (timer !== undefined) return;
      const wait = lastShown + gapMs - now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}
