import { expect, test } from 'vitest';
import { advance, indexAt, sampleAt, speedOf } from './playback-clock';

const points = [
  { t: 0, lat: 0, lng: 0, speedKmh: 0, soc: 80 },
  { t: 10_000, lat: 1, lng: 2, speedKmh: 20, soc: 79 },
  { t: 20_000, lat: 2, lng: 4, speedKmh: 40, soc: 78 },
];

test('indexAt finds the last point at or before a time and clamps to the ends', () => {
  expect(indexAt(points, -5)).toBe(0);
  expect(indexAt(points, 10_000)).toBe(1);
  expect(indexAt(points, 19_999)).toBe(1);
  expect(indexAt(points, 99_999)).toBe(2);
  expect(indexAt([], 0)).toBe(-1);
});

test('sampleAt interpolates position, speed and SoC between two points', () => {
  expect(sampleAt(points, 15_000)).toEqual({ index: 1, t: 15_000, lat: 1.5, lng: 3, speedKmh: 30, soc: 78.5 });
  expect(sampleAt(points, 30_000)).toMatchObject({ index: 2, lat: 2, lng: 4 });
});

test('advance plays one trip minute per second at 1x, faster at higher speeds, and stops at the end', () => {
  expect(advance(0, 1000, 1, 1e9)).toBe(60_000);
  expect(advance(0, 500, 8, 1e9)).toBe(240_000);
  expect(advance(0, 10_000, 8, 90_000)).toBe(90_000);
});

test('speedOf accepts the four speeds and falls back to 1x', () => {
  expect(speedOf(4)).toBe(4);
  expect(speedOf(3)).toBe(1);
});
