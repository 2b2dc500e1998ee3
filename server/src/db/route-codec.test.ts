import { expect, test } from 'vitest';
import { createWorld, DEFAULT_SEED, tripRouteOf, tripsOf } from './seed-source';
import { decodeRoute, encodeRoute } from './route-codec';

test('a route comes back from its text exactly, in about a quarter of its JSON', () => {
  const world = createWorld({ seed: DEFAULT_SEED, size: 10 });
  const vehicle = world.generate.vehicles().find((v) => tripsOf(DEFAULT_SEED, v, world.referenceTime).length > 0)!;
  const trip = tripsOf(DEFAULT_SEED, vehicle, world.referenceTime)[0]!;
  const points = tripRouteOf(DEFAULT_SEED, trip, world.referenceTime, vehicle);
  expect(points.length).toBeGreaterThan(10);
  const text = encodeRoute(points);
  expect(decodeRoute(text)).toEqual(points);
  expect(text.length).toBeLessThan(JSON.stringify(points).length / 3);
});

test('negative values, large jumps and an empty route round-trip', () => {
  const points = [
    { t: 1_700_000_000_000, lat: -33.868_82, lng: 151.209_296, speedKmh: 0, soc: 100 },
    { t: 1_700_000_010_000, lat: 51.507_351, lng: -0.127_758, speedKmh: 187.3, soc: 0.1 },
    { t: 1_700_000_010_001, lat: 0, lng: 0, speedKmh: 12.5, soc: 55.5 },
    { t: 1, lat: 0, lng: 0, speedKmh: 0, soc: 0 },
  ];
  expect(decodeRoute(encodeRoute(points))).toEqual(points);
  expect(decodeRoute(encodeRoute([]))).toEqual([]);
});
