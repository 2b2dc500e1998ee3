import { expect, test } from 'vitest';
import { FLEET_REDRAW_MS, redrawIntervalMs, SMOOTH_VEHICLE_LIMIT } from './live-map';

test('a small fleet is redrawn every animation frame', () => {
  expect(redrawIntervalMs(1)).toBe(0);
  expect(redrawIntervalMs(SMOOTH_VEHICLE_LIMIT)).toBe(0);
});

test('a fleet of thousands is redrawn a few times a second', () => {
  expect(redrawIntervalMs(SMOOTH_VEHICLE_LIMIT + 1)).toBe(FLEET_REDRAW_MS);
  expect(redrawIntervalMs(10_000)).toBe(FLEET_REDRAW_MS);
  expect(1000 / FLEET_REDRAW_MS).toBeGreaterThanOrEqual(4);
});
