import { expect, test } from 'vitest';
import { VEHICLE_STATE, type VehicleTelemetry } from '@/domain/live-payloads';
import { applyTelemetryBatch, toLiveMapVehicle } from './to-live-map-vehicle';

const telemetry = (vehicleUid: string, ts: number, lon = 73.85): VehicleTelemetry => ({
  v: 1,
  vehicleUid,
  ts,
  state: VEHICLE_STATE.Drive,
  soc: 55,
  speed: 31,
  position: { lat: 18.52, lon, heading: 90 },
  pack: { voltage: 350, current: 20, temperatures: [30] },
  faults: [],
});

test('a telemetry message becomes a map reading with position, state, SoC, speed and time', () => {
  expect(toLiveMapVehicle(telemetry('V1', 1000))).toEqual({
    lat: 18.52,
    lon: 73.85,
    heading: 90,
    stateCode: VEHICLE_STATE.Drive,
    soc: 55,
    speed: 31,
    ts: 1000,
  });
});

test('a batch adds and updates vehicles in a new map', () => {
  const before = new Map([['V1', toLiveMapVehicle(telemetry('V1', 1000))]]);
  const after = applyTelemetryBatch(before, [telemetry('V1', 2000, 73.86), telemetry('V2', 2000)]);
  expect(after).not.toBe(before);
  expect(after.get('V1')?.lon).toBe(73.86);
  expect(after.has('V2')).toBe(true);
});

test('an older reading does not overwrite a newer one, and an empty change keeps the same map', () => {
  const before = new Map([['V1', toLiveMapVehicle(telemetry('V1', 5000))]]);
  expect(applyTelemetryBatch(before, [telemetry('V1', 4000, 70)])).toBe(before);
});
