import { expect, test } from 'vitest';
import { CLUSTER_MAX_ZOOM } from './cluster-vehicles';
import {
  FLEET_CLUSTER_REDRAW_MS,
  FLEET_GLIDE_REDRAW_MS,
  REDUCED_MOTION_REDRAW_MS,
  redrawPlan,
  SMOOTH_VEHICLE_LIMIT,
} from './live-map';

test('a small fleet glides and is redrawn every animation frame, at any zoom', () => {
  expect(redrawPlan(SMOOTH_VEHICLE_LIMIT, 10)).toEqual({ intervalMs: 0, glide: true });
  expect(redrawPlan(1, CLUSTER_MAX_ZOOM + 2)).toEqual({ intervalMs: 0, glide: true });
});

test('a big fleet seen as clusters jumps to its readings twice a second', () => {
  expect(redrawPlan(10_000, CLUSTER_MAX_ZOOM)).toEqual({ intervalMs: FLEET_CLUSTER_REDRAW_MS, glide: false });
  expect(1000 / FLEET_CLUSTER_REDRAW_MS).toBe(2);
});

test('a big fleet seen marker by marker glides in a few steps a second', () => {
  expect(redrawPlan(10_000, CLUSTER_MAX_ZOOM + 0.5)).toEqual({ intervalMs: FLEET_GLIDE_REDRAW_MS, glide: true });
  expect(1000 / FLEET_GLIDE_REDRAW_MS).toBeGreaterThanOrEqual(4);
});

test('a big fleet zoomed in to a few markers glides every animation frame', () => {
  expect(redrawPlan(10_000, CLUSTER_MAX_ZOOM + 2, 120)).toEqual({ intervalMs: 0, glide: true });
});

test('for a user who asked for reduced motion, markers step to their readings once a second at any size and zoom', () => {
  for (const [count, zoom] of [
    [1, CLUSTER_MAX_ZOOM + 2],
    [SMOOTH_VEHICLE_LIMIT, 10],
    [10_000, CLUSTER_MAX_ZOOM],
  ] as const) {
    expect(redrawPlan(count, zoom, count, true)).toEqual({ intervalMs: REDUCED_MOTION_REDRAW_MS, glide: false });
  }
  expect(REDUCED_MOTION_REDRAW_MS).toBe(1000);
});
