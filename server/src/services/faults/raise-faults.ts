import type { FaultRaised } from '@/domain/live-payloads';
import type { Schemas } from '../lib/api-types';
import type { Fault, FaultDeviceKind } from './fault-types';

/**
 * Faults a vehicle raises live (the `faults` of its telemetry, live-topics.md: "raised since the previous message"),
 * stored as active, unacknowledged occurrences: the server's ingestion (issue 35 item 2, decision 0126) and the demo's
 * broker emulation (`portal/src/mocks/world/live-faults.ts`) both build them here, so a live fault is the same row on
 * both, the one the rules read and a ticket is opened from.
 */

export type ModelFault = Schemas['ModelFault'];

/** The devices fitted to a vehicle, by kind. */
export type FittedDevices = Partial<Record<Exclude<FaultDeviceKind, 'EV'>, string>>;

/**
 * The fault catalogue of a vehicle: the model faults of its own model and of the models of its fitted devices (in that
 * order), each device kind and code once.
 */
export function faultCatalogOf(models: readonly (readonly ModelFault[] | undefined)[]): ModelFault[] {
  const seen = new Set<string>();
  const out: ModelFault[] = [];
  for (const faults of models) {
    for (const f of faults ?? []) {
      const key = `${f.deviceKind}:${f.code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(f);
    }
  }
  return out;
}

/** The id of a live fault: one per vehicle, moment and place in its message (a message stored twice is one fault). */
export const liveFaultId = (vehicleId: string, ts: number, index: number) => `flt-live-${vehicleId}-${ts}-${index + 1}`;

/**
 * The occurrences of the faults one vehicle raised at `ts` (epoch ms): active, unacknowledged; the name and scope from
 * the vehicle's catalogue when the code is there (the message's text, else the code, otherwise); the device the fitted
 * one of the fault's kind.
 */
export function raisedFaults(
  vehicle: { id: string; devices: FittedDevices },
  catalog: readonly ModelFault[],
  faults: readonly FaultRaised[],
  ts: number,
): Fault[] {
  const at = new Date(ts).toISOString();
  return faults.map((f, i) => {
    const known = catalog.find((m) => m.code === f.code && m.deviceKind === f.device);
    return {
      id: liveFaultId(vehicle.id, ts, i),
      vehicleId: vehicle.id,
      deviceId: f.device === 'EV' ? null : (vehicle.devices[f.device] ?? null),
      deviceKind: f.device,
      code: f.code,
      name: known?.name ?? f.message ?? f.code,
      kind: f.kind,
      scope: known?.scope ?? (f.device === 'EV' ? 'System' : 'Component'),
      severity: f.severity as Fault['severity'],
      occurredAt: at,
      clearedAt: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
    };
  });
}
