import { expect, test } from 'vitest';
import { clampToDemoRegion, DEMO_REGION, isInDemoRegion, nearestRoadPoint } from './demo-region';

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

test('the nearest road point of a place on a road is that place, and of any other place is on a road segment', () => {
  const [lng, lat] = DEMO_REGION.roads[0]!.coordinates[1]!;
  expect(nearestRoadPoint(lat, lng)).toEqual({ lat, lng });
  const snapped = nearestRoadPoint(18.44, 73.71);
  const onSegment = DEMO_REGION.roads.some((road) =>
    road.coordinates.slice(1).some(([bx, by], i) => {
      const [ax, ay] = road.coordinates[i]!;
      const cross = (bx - ax) * (snapped.lat - ay) - (by - ay) * (snapped.lng - ax);
      const within =
        snapped.lng >= Math.min(ax, bx) - 1e-9 &&
        snapped.lng <= Math.max(ax, bx) + 1e-9 &&
        snapped.lat >= Math.min(ay, by) - 1e-9 &&
        snapped.lat <= Math.max(ay, by) + 1e-9;
      return Math.abs(cross) < 1e-9 && within;
    }),
  );
  expect(onSegment).toBe(true);
  // Nearer than every road vertex (a degree of longitude is shorter by the cosine of the latitude).
  const kx = Math.cos((18.44 * Math.PI) / 180);
  const d = (p: { lat: number; lng: number }) => Math.hypot(p.lat - 18.44, (p.lng - 73.71) * kx);
  for (const road of DEMO_REGION.roads)
    for (const [x, y] of road.coordinates) expect(d(snapped)).toBeLessThanOrEqual(d({ lat: y, lng: x }) + 1e-9);
});
