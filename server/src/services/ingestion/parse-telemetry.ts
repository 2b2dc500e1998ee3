import { type VehicleTelemetry, vehicleTelemetrySchema } from '@/domain/live-payloads';
import type { VehicleSample } from './ingestion-store';

/** Why a message was dropped before it reached the database (live-topics.md's reasons). */
export type ParseDrop = 'unknown-topic' | 'invalid-json' | 'invalid-payload' | 'topic-mismatch';

export type ParsedTelemetry = { ok: true; sample: VehicleSample } | { ok: false; reason: ParseDrop };

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The one parse step of every message a vehicle publishes (telemetry, acknowledgements, OTA progress). Never throws:
 * the ids its topic names (`idsOf`, null for another topic), the payload as UTF-8 JSON, the contract's schema, and
 * the ids the payload names against the topic's (`sameIds`; the topic is what the broker authorised).
 */
export function parseVehicleMessage<Ids, T>(
  topic: string,
  payload: Uint8Array | string,
  message: {
    idsOf: (topic: string) => Ids | null;
    schema: { safeParse(json: unknown): { success: true; data: T } | { success: false } };
    sameIds: (data: T, ids: Ids) => boolean;
  },
): { ok: true; data: T } | { ok: false; reason: ParseDrop } {
  const ids = message.idsOf(topic);
  if (ids === null) return { ok: false, reason: 'unknown-topic' };
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : decoder.decode(payload));
  } catch {
    return { ok: false, reason: 'invalid-json' };
  }
  const parsed = message.schema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'invalid-payload' };
  if (!message.sameIds(parsed.data, ids)) return { ok: false, reason: 'topic-mismatch' };
  return { ok: true, data: parsed.data };
}

/** The vehicle of a vehicle telemetry topic (`voltline/v1/telemetry/{tile}/{vehicleUid}`), or null for any other. */
export function telemetryTopicVehicle(topic: string): string | null {
  const parts = topic.split('/');
  if (parts.length !== 5 || parts[0] !== 'voltline' || parts[1] !== 'v1' || parts[2] !== 'telemetry') return null;
  const [, , , tile, vehicle] = parts;
  return tile && vehicle && !/[+#]/.test(tile + vehicle) ? vehicle : null;
}

/** The sample a valid message writes: the EV template's keys it carries, and the vehicle row's latest state. */
export function sampleOf(data: VehicleTelemetry): VehicleSample {
  const values: Record<string, number> = { speed: data.speed, soc: data.soc };
  if (data.odometer !== undefined) values.odometer = data.odometer;
  if (data.state !== 'F') values.stateCode = data.state;
  return {
    vehicleId: data.vehicleUid,
    at: data.ts,
    ...(data.faults.length > 0 ? { faults: data.faults } : {}),
    values,
    state: {
      soc: data.soc,
      stateCode: data.state,
      lat: data.position.lat,
      lng: data.position.lon,
      odometerKm: data.odometer,
    },
  };
}

/**
 * Decodes and checks one vehicle telemetry message against the contract (portal/api/live-topics.md). Never throws.
 * The topic is what the broker authorised: a payload naming another vehicle is dropped (`topic-mismatch`).
 */
export function parseVehicleTelemetry(topic: string, payload: Uint8Array | string): ParsedTelemetry {
  const parsed = parseVehicleMessage(topic, payload, {
    idsOf: telemetryTopicVehicle,
    schema: vehicleTelemetrySchema,
    sameIds: (data, vehicleId) => data.vehicleUid === vehicleId,
  });
  return parsed.ok ? { ok: true, sample: sampleOf(parsed.data) } : parsed;
}
