import { describe, expect, test } from 'vitest';
import type { VehicleTelemetry } from '../../../domain/live-payloads';
import {
  encodePayload,
  matchTopic,
  parseLiveMessage,
  tileOf,
  topics,
  vehicleDetailTopics,
  viewportTopics,
} from './topics';

const telemetry: VehicleTelemetry = {
  v: 1,
  vehicleUid: 'VH-1',
  ts: 1_700_000_000_000,
  state: 66,
  soc: 71.5,
  speed: 32,
  position: { lat: 18.52, lon: 73.85, heading: 90 },
  pack: { voltage: 52.1, current: 14.2, temperatures: [31, 32] },
  faults: [],
  tripUid: 'TR-1',
};
const tile = tileOf(18.52, 73.85);

describe('topics', () => {
  test('a vehicle telemetry topic lives under the tile of its position', () => {
    expect(tile).toBe('12-2888-1833');
    expect(topics.vehicleTelemetry(tile, 'VH-1')).toBe('voltline/v1/telemetry/12-2888-1833/VH-1');
  });

  test('a topic builder refuses an id that would break the topic levels', () => {
    expect(() => topics.commandAck('a/b')).toThrow(RangeError);
    expect(() => topics.vehicleTelemetryFilter('#')).toThrow(RangeError);
  });

  test('a small viewport becomes one filter per tile', () => {
    const filters = viewportTopics({ west: 73.8, south: 18.48, east: 73.9, north: 18.56 });
    expect(filters.length).toBeGreaterThan(1);
    expect(filters.length).toBeLessThanOrEqual(64);
    expect(filters).toContain(topics.tileTelemetryFilter(tile));
  });

  test('a zoomed-out viewport becomes the fleet-wide filter', () => {
    expect(viewportTopics({ west: -180, south: -80, east: 180, north: 80 })).toEqual(['voltline/v1/telemetry/+/+']);
  });

  test('the details page topics cover telemetry, devices, OTA, acknowledgements, trips and geofences', () => {
    expect(vehicleDetailTopics('VH-1').map((t) => matchTopic(t.replace('/+/', '/x/'))?.kind)).toEqual([
      'vehicle-telemetry',
      'device-telemetry',
      'ota-progress',
      'command-ack',
      'trip',
      'geofence',
    ]);
  });
});

describe('parseLiveMessage', () => {
  test('accepts a valid vehicle telemetry payload given as bytes', () => {
    const bytes = new TextEncoder().encode(encodePayload(telemetry));
    const result = parseLiveMessage(topics.vehicleTelemetry(tile, 'VH-1'), bytes);
    expect(result).toEqual({
      ok: true,
      message: { kind: 'vehicle-telemetry', topic: expect.any(String), data: telemetry },
    });
  });

  test('rejects a payload that is not JSON', () => {
    expect(parseLiveMessage(topics.vehicleTelemetry(tile, 'VH-1'), '{soc: 5')).toEqual({
      ok: false,
      reason: 'invalid-json',
    });
  });

  test('rejects bytes that are not UTF-8', () => {
    expect(parseLiveMessage(topics.trip('VH-1'), new Uint8Array([0xff, 0xfe]))).toEqual({
      ok: false,
      reason: 'invalid-json',
    });
  });

  test('rejects a payload with a state code the spec does not know', () => {
    const bad = encodePayload({ ...telemetry, state: 65 });
    expect(parseLiveMessage(topics.vehicleTelemetry(tile, 'VH-1'), bad)).toEqual({
      ok: false,
      reason: 'invalid-payload',
    });
  });

  test('rejects a payload of another version', () => {
    const bad = encodePayload({ ...telemetry, v: 2 });
    expect(parseLiveMessage(topics.vehicleTelemetry(tile, 'VH-1'), bad)).toEqual({
      ok: false,
      reason: 'invalid-payload',
    });
  });

  test('rejects a payload that names another vehicle than its topic', () => {
    const result = parseLiveMessage(topics.vehicleTelemetry(tile, 'VH-2'), encodePayload(telemetry));
    expect(result).toEqual({ ok: false, reason: 'topic-mismatch' });
  });

  test('rejects a topic outside the contract', () => {
    expect(parseLiveMessage('voltline/v1/telemetry/VH-1', encodePayload(telemetry))).toEqual({
      ok: false,
      reason: 'unknown-topic',
    });
  });

  test('accepts a command acknowledgement with status Failed and a reason', () => {
    const ack = { v: 1, commandId: 'CMD-9', vehicleUid: 'VH-1', status: 3, reason: 'device busy', ts: 1 };
    const result = parseLiveMessage(topics.commandAck('VH-1'), encodePayload(ack));
    expect(result.ok && result.message.kind).toBe('command-ack');
  });

  test('accepts a BMS device telemetry payload and checks its device against the topic', () => {
    const bms = {
      v: 1,
      kind: 'BMS',
      vehicleUid: 'VH-1',
      deviceUid: 'BMS-1',
      ts: 1,
      state: 2,
      soc: 50,
      soh: 97,
      pack: { voltage: 51, current: 3, temperatures: [30] },
      cellVoltage: { min: 3.6, max: 3.7 },
    };
    expect(parseLiveMessage(topics.deviceTelemetry('VH-1', 'BMS-1'), encodePayload(bms)).ok).toBe(true);
    expect(parseLiveMessage(topics.deviceTelemetry('VH-1', 'BMS-2'), encodePayload(bms))).toEqual({
      ok: false,
      reason: 'topic-mismatch',
    });
  });

  test('accepts a trip end with its distance and rejects a trip end without one', () => {
    const end = {
      v: 1,
      vehicleUid: 'VH-1',
      tripUid: 'TR-1',
      event: 'end',
      status: 2,
      ts: 2,
      position: { lat: 18.5, lon: 73.8, heading: 0 },
      soc: 40,
      odometer: 1200,
      distanceKm: 12.5,
      durationS: 1800,
    };
    expect(parseLiveMessage(topics.trip('VH-1'), encodePayload(end)).ok).toBe(true);
    const { distanceKm: _omit, ...withoutDistance } = end;
    expect(parseLiveMessage(topics.trip('VH-1'), encodePayload(withoutDistance)).ok).toBe(false);
  });

  test("accepts a ticket's change on its vehicle's topic, and refuses another vehicle's or an unknown change", () => {
    const change = { v: 1, vehicleUid: 'VH-1', ticketId: 'tkt-1', change: 'message', ts: 5 };
    expect(topics.ticketChange('VH-1')).toBe('voltline/v1/vehicles/VH-1/tickets');
    expect(parseLiveMessage(topics.ticketChange('VH-1'), encodePayload(change))).toEqual({
      ok: true,
      message: { kind: 'ticket-change', topic: 'voltline/v1/vehicles/VH-1/tickets', data: change },
    });
    expect(parseLiveMessage(topics.ticketChange('VH-2'), encodePayload(change))).toEqual({
      ok: false,
      reason: 'topic-mismatch',
    });
    expect(parseLiveMessage(topics.ticketChange('VH-1'), encodePayload({ ...change, change: 'body' })).ok).toBe(false);
  });

  test("accepts a rollout's progress summary on its own topic and rejects one naming another rollout", () => {
    const summary = {
      v: 1,
      rolloutId: 'rol-1',
      releaseId: 'fw-1',
      status: 'running',
      currentWave: 0,
      total: 10_000,
      pending: 0,
      waiting: 12,
      inProgress: 4_000,
      completed: 5_500,
      failed: 488,
      skipped: 0,
      ts: 3,
    };
    expect(topics.rolloutProgress('rol-1')).toBe('voltline/v1/rollouts/rol-1/progress');
    expect(parseLiveMessage(topics.rolloutProgress('rol-1'), encodePayload(summary))).toEqual({
      ok: true,
      message: { kind: 'rollout-progress', topic: 'voltline/v1/rollouts/rol-1/progress', data: summary },
    });
    expect(parseLiveMessage(topics.rolloutProgress('rol-2'), encodePayload(summary))).toEqual({
      ok: false,
      reason: 'topic-mismatch',
    });
    expect(parseLiveMessage(topics.rolloutProgress('rol-1'), encodePayload({ ...summary, status: 'done' }))).toEqual({
      ok: false,
      reason: 'invalid-payload',
    });
    expect(parseLiveMessage(topics.rolloutProgress('rol-1'), encodePayload({ ...summary, failed: -1 }))).toEqual({
      ok: false,
      reason: 'invalid-payload',
    });
  });
});
