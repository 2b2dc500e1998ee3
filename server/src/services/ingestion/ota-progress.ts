import { type OtaProgress, otaProgressSchema } from '@/domain/live-payloads';
import { applyOtaProgress, type OtaRefusal } from '../firmware/advance-rollout';
import type { RolloutRunDeps } from '../firmware/firmware-store';
import { serialMessageHandler } from './message-handler';
import { type ParseDrop, parseVehicleMessage } from './parse-telemetry';

/** Why an OTA progress message changed nothing: the contract's parse reasons and the rollout rule's refusals. */
export type OtaDrop = ParseDrop | OtaRefusal | 'write-failed';

export interface OtaCounters {
  received: number;
  /** Reports applied to a device's install. */
  applied: number;
  dropped: Partial<Record<OtaDrop, number>>;
}

/** The vehicle and device of an OTA progress topic (`voltline/v1/vehicles/{v}/devices/{d}/ota`), or null. */
export function otaTopicParts(topic: string): { vehicleId: string; deviceId: string } | null {
  const parts = topic.split('/');
  if (parts.length !== 7 || parts[0] !== 'voltline' || parts[1] !== 'v1' || parts[2] !== 'vehicles') return null;
  if (parts[4] !== 'devices' || parts[6] !== 'ota') return null;
  const [vehicleId, deviceId] = [parts[3], parts[5]];
  if (!vehicleId || !deviceId || /[+#]/.test(vehicleId) || /[+#]/.test(deviceId)) return null;
  return { vehicleId, deviceId };
}

/** Decodes and checks one OTA progress message against the contract (live-topics.md "OTA progress"). Never throws. */
export function parseOtaProgress(
  topic: string,
  payload: Uint8Array | string,
): { ok: true; progress: OtaProgress } | { ok: false; reason: ParseDrop } {
  const parsed = parseVehicleMessage(topic, payload, {
    idsOf: otaTopicParts,
    schema: otaProgressSchema,
    sameIds: (data, parts) => data.vehicleUid === parts.vehicleId && data.deviceUid === parts.deviceId,
  });
  return parsed.ok ? { ok: true, progress: parsed.data } : parsed;
}

/**
 * The server's handling of devices' OTA progress (decision 0127): each message is parsed and applied through the
 * rollout services' `applyOtaProgress` at the time it was received; `applied` hears each report that finished or
 * retried a device's install (the live layer wakes the job queue). One at a time in arrival order; never throws.
 */
export function createOtaHandler(deps: {
  rollouts: RolloutRunDeps;
  applied?: (rolloutId: string | null) => void;
  debug?: (message: string, detail?: Record<string, unknown>) => void;
}) {
  const counters: OtaCounters = { received: 0, applied: 0, dropped: {} };
  return serialMessageHandler(counters, 'OTA progress', deps.debug, async (topic, payload, drop) => {
    const parsed = parseOtaProgress(topic, payload);
    if (!parsed.ok) return drop(parsed.reason);
    const { progress } = parsed;
    try {
      const outcome = await applyOtaProgress(deps.rollouts, {
        vehicleId: progress.vehicleUid,
        report: progress,
        at: deps.rollouts.now(),
      });
      if (!outcome.ok) return drop(outcome.refusal);
      counters.applied += 1;
      // A finished (or retried) install may finish its wave: the rollout's job is due now.
      if (outcome.update.phase !== 'installing') deps.applied?.(outcome.update.rolloutId);
    } catch (error) {
      deps.debug?.('OTA progress not written', { topic, error: String(error) });
      drop('write-failed');
    }
  });
}
