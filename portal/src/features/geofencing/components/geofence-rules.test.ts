import { expect, test } from 'vitest';
import type { PolygonGeometry } from '@/domain/geometry';
import { DELIVERY_METHOD, flagsOf, type GeofenceDraft, toGeofenceValue, validateGeofence } from './geofence-rules';

const square: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ],
};
const draft = (patch: Partial<GeofenceDraft> = {}): GeofenceDraft => ({
  name: 'Depot',
  rule: 'enter',
  dwellMinutes: '',
  deliveryMethods: DELIVERY_METHOD.Push,
  geometry: square,
  ...patch,
});

test('a complete draft has no errors', () => {
  expect(validateGeofence(draft())).toEqual({});
});

test('a blank name is an error', () => {
  expect(validateGeofence(draft({ name: '   ' })).name).toBe('Enter a name.');
});

test('the dwell rule needs whole minutes', () => {
  expect(validateGeofence(draft({ rule: 'dwell', dwellMinutes: '' })).dwellMinutes).toMatch(/whole minutes/);
  expect(validateGeofence(draft({ rule: 'dwell', dwellMinutes: 2.5 })).dwellMinutes).toMatch(/whole minutes/);
  expect(validateGeofence(draft({ rule: 'dwell', dwellMinutes: 10 })).dwellMinutes).toBeUndefined();
});

test('no delivery method is an error', () => {
  expect(validateGeofence(draft({ deliveryMethods: 0 })).deliveryMethods).toMatch(/at least one/);
});

test('no shape is an error', () => {
  expect(validateGeofence(draft({ geometry: null })).geometry).toMatch(/Draw the geofence/);
});

test('the submitted value trims the name and keeps dwell minutes only for the dwell rule', () => {
  expect(toGeofenceValue(draft({ name: ' Depot ', dwellMinutes: 5 }))).toEqual({
    name: 'Depot',
    rule: 'enter',
    deliveryMethods: 1,
    geometry: square,
  });
  expect(toGeofenceValue(draft({ rule: 'dwell', dwellMinutes: 5 })).dwellMinutes).toBe(5);
});

test('flagsOf splits a mask into its delivery method flags', () => {
  expect(flagsOf(DELIVERY_METHOD.Push | DELIVERY_METHOD.WebAlert | DELIVERY_METHOD.Command)).toEqual([1, 16, 32]);
});
