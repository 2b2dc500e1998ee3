import { expect, test } from 'vitest';
import { clampToDemoRegion, DEMO_REGION, isInDemoRegion } from './demo-region';

test('the region centre is inside the region and Chennai is not', () => {
  expect(isInDemoRegion(DEMO_REGION.center[1], DEMO_REGION.center[0])).toBe(true);
  expect(isInDemoRegion(13.0827, 80.2707)).toBe(false);
});

test('clamping moves a point outside the region to just inside its edge and leaves an inside point alone', () => {
  const { west, north } = DEMO_REGION.bounds;
  expect(clampToDemoRegion(north + 1, west - 1, 0.01)).toEqual({ lat: north - 0.01, lng: west + 0.01 });
  expect(clampToDemoRegion(18.52, 73.85)).toEqual({ lat: 18.52, lng: 73.85 });
});

test('every road and place of the region lies inside its bounds', () => {
  for (const road of DEMO_REGION.roads)
    for (const [lng, lat] of road.coordinates) expect(isInDemoRegion(lat, lng), road.id).toBe(true);
  for (const place of DEMO_REGION.places)
    expect(isInDemoRegion(place.coordinates[1], place.coordinates[0]), place.name).toBe(true);
});
