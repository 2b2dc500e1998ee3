import { describe, expect, test } from 'vitest';
import { lowerBound, lttb, samplesForWindow } from './lttb';

const line = (n: number) => Array.from({ length: n }, (_, i) => [i, Math.sin(i / 10)] as const);

describe('lttb', () => {
  test('returns the input when it is not larger than the threshold', () => {
    const points = line(10);
    expect(lttb(points, 10)).toBe(points);
  });

  test('keeps exactly the threshold, with the first and last points', () => {
    const out = lttb(line(10_000), 500);
    expect(out).toHaveLength(500);
    expect(out[0]).toEqual([0, 0]);
    expect(out.at(-1)![0]).toBe(9_999);
  });

  test('keeps a single spike that averaging would flatten', () => {
    const points = Array.from({ length: 10_000 }, (_, i) => [i, i === 4_321 ? 100 : 0] as const);
    expect(lttb(points, 100).some(([x, y]) => x === 4_321 && y === 100)).toBe(true);
  });

  test('keeps the points in x order', () => {
    const xs = lttb(line(5_000), 300).map(([x]) => x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });
});

describe('samplesForWindow', () => {
  test('draws the window at full detail and the rest from the overview', () => {
    const points = line(100_000);
    const overview = lttb(points, 1_000);
    const out = samplesForWindow(points, overview, { from: 50_000, to: 50_500 }, 1_000);
    const inside = out.filter(([x]) => x >= 50_000 && x <= 50_500);
    expect(inside.length).toBe(501);
    expect(out[0]![0]).toBe(0);
    expect(out.at(-1)![0]).toBe(99_999);
    const xs = out.map(([x]) => x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  test('lowerBound finds the first point at or after x', () => {
    expect(lowerBound(line(10), 3.5)).toBe(4);
  });
});
