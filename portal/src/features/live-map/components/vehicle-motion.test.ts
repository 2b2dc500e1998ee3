import { expect, test } from 'vitest';
import { VEHICLE_STATE } from '@/domain/live-payloads';
import { MOTION_MS, VehicleMotion, type LiveMapVehicle } from './vehicle-motion';

const drawn = (motion: VehicleMotion, now: number) => {
  const seen: [string, number, number, unknown][] = [];
  motion.forEachPosition(now, (id, lon, lat, stateCode) => seen.push([id, lon, lat, stateCode]));
  return seen;
};

const at = (lon: number, lat: number, stateCode: number | string = VEHICLE_STATE.Drive): LiveMapVehicle => ({
  lon,
  lat,
  stateCode,
  soc: 50,
  speed: 30,
  ts: 0,
});

test('a vehicle seen for the first time is drawn at its position without gliding', () => {
  const motion = new VehicleMotion();
  motion.update(new Map([['V1', at(73.8, 18.5)]]), 1000);
  expect(motion.positionAt('V1', 1000)).toEqual([73.8, 18.5]);
  expect(motion.isAnimating(1000)).toBe(false);
});

test('a new position glides from the old one and arrives after the motion time', () => {
  const motion = new VehicleMotion();
  motion.update(new Map([['V1', at(0, 0)]]), 0);
  motion.update(new Map([['V1', at(1, 2)]]), 100);
  const [lon, lat] = motion.positionAt('V1', 100 + MOTION_MS / 2)!;
  expect(lon).toBeGreaterThan(0);
  expect(lon).toBeLessThan(1);
  expect(lat).toBeCloseTo(lon * 2);
  expect(motion.isAnimating(100 + MOTION_MS / 2)).toBe(true);
  expect(motion.positionAt('V1', 100 + MOTION_MS)).toEqual([1, 2]);
  expect(motion.isAnimating(100 + MOTION_MS)).toBe(false);
});

test('an update in mid-glide continues from where the marker is drawn, without a jump', () => {
  const motion = new VehicleMotion();
  motion.update(new Map([['V1', at(0, 0)]]), 0);
  motion.update(new Map([['V1', at(1, 0)]]), 0);
  const drawn = motion.positionAt('V1', MOTION_MS / 2)!;
  motion.update(new Map([['V1', at(2, 0)]]), MOTION_MS / 2);
  expect(motion.positionAt('V1', MOTION_MS / 2)).toEqual(drawn);
});

test('vehicles missing from the latest input are removed', () => {
  const motion = new VehicleMotion();
  motion.update(
    new Map([
      ['V1', at(0, 0)],
      ['V2', at(1, 1)],
    ]),
    0,
  );
  motion.update(new Map([['V2', at(1, 1)]]), 10);
  expect(motion.positionAt('V1', 10)).toBeNull();
  expect(drawn(motion, 10).map(([id]) => id)).toEqual(['V2']);
});

test('the same vehicle objects again are no change', () => {
  const motion = new VehicleMotion();
  const vehicles = new Map([['V1', at(0, 0)]]);
  motion.update(vehicles, 0);
  expect(motion.update(vehicles, 10)).toBe(false);
});

test('each drawn marker comes with its vehicle id and state code', () => {
  const motion = new VehicleMotion();
  motion.update(new Map([['V9', at(3, 4, VEHICLE_STATE.DCCharge)]]), 0);
  expect(drawn(motion, 0)).toEqual([['V9', 3, 4, VEHICLE_STATE.DCCharge]]);
});

test('markers drawn without a glide (at infinity) stand on their latest reading', () => {
  const motion = new VehicleMotion();
  motion.update(new Map([['V1', at(0, 0)]]), 0);
  motion.update(new Map([['V1', at(1, 2)]]), 100);
  expect(drawn(motion, Number.POSITIVE_INFINITY)).toEqual([['V1', 1, 2, VEHICLE_STATE.Drive]]);
});

test('markers drawn during a glide are where positionAt says', () => {
  const motion = new VehicleMotion();
  motion.update(new Map([['V1', at(0, 0)]]), 0);
  motion.update(new Map([['V1', at(2, 0)]]), 100);
  const [, lon = Number.NaN, lat] = drawn(motion, 100 + MOTION_MS / 2)[0] ?? [];
  expect([lon, lat]).toEqual(motion.positionAt('V1', 100 + MOTION_MS / 2));
  expect(lon).toBeGreaterThan(0);
  expect(lon).toBeLessThan(2);
});
