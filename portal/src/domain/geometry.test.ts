import { describe, expect, test } from 'vitest';
import {
  closedPolygon,
  distinctPointCount,
  isSelfIntersecting,
  type Position,
  segmentsIntersect,
  validateGeometry,
} from './geometry';

const square: Position[] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
  [0, 0],
];
const bowTie: Position[] = [
  [0, 0],
  [1, 1],
  [1, 0],
  [0, 1],
  [0, 0],
];

describe('segmentsIntersect', () => {
  test('crossing segments intersect', () => {
    expect(segmentsIntersect([0, 0], [2, 2], [0, 2], [2, 0])).toBe(true);
  });

  test('parallel segments do not intersect', () => {
    expect(segmentsIntersect([0, 0], [2, 0], [0, 1], [2, 1])).toBe(false);
  });

  test('segments that would cross only if extended do not intersect', () => {
    expect(segmentsIntersect([0, 0], [1, 1], [3, 0], [2, 1])).toBe(false);
  });

  test('a segment ending on another one intersects it', () => {
    expect(segmentsIntersect([0, 0], [2, 0], [1, 0], [1, 1])).toBe(true);
  });

  test('collinear overlapping segments intersect and collinear disjoint ones do not', () => {
    expect(segmentsIntersect([0, 0], [2, 0], [1, 0], [3, 0])).toBe(true);
    expect(segmentsIntersect([0, 0], [1, 0], [2, 0], [3, 0])).toBe(false);
  });
});

describe('isSelfIntersecting', () => {
  test('a square does not intersect itself', () => {
    expect(isSelfIntersecting(square)).toBe(false);
  });

  test('a bow-tie intersects itself', () => {
    expect(isSelfIntersecting(bowTie)).toBe(true);
  });

  test('a concave polygon does not intersect itself', () => {
    expect(
      isSelfIntersecting([
        [0, 0],
        [4, 0],
        [4, 4],
        [2, 1],
        [0, 4],
      ]),
    ).toBe(false);
  });

  test('a ring whose edge touches a far vertex intersects itself', () => {
    expect(
      isSelfIntersecting([
        [0, 0],
        [4, 0],
        [2, 2],
        [4, 4],
        [0, 4],
        [2, 0],
      ]),
    ).toBe(true);
  });
});

describe('validateGeometry', () => {
  test('no geometry is "no shape"', () => {
    expect(validateGeometry(null)).toBe('no-shape');
  });

  test('a ring with fewer than three distinct points is "too few points"', () => {
    expect(
      validateGeometry({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [1, 1],
            [0, 0],
          ],
        ],
      }),
    ).toBe('too-few-points');
  });

  test('a bow-tie is "self-intersecting"', () => {
    expect(validateGeometry({ type: 'Polygon', coordinates: [bowTie] })).toBe('self-intersecting');
  });

  test('a square is valid', () => {
    expect(validateGeometry({ type: 'Polygon', coordinates: [square] })).toBeNull();
  });
});

test('distinctPointCount ignores the closing point and repeats', () => {
  expect(distinctPointCount(square)).toBe(4);
});

test('closedPolygon closes an open ring once', () => {
  expect(closedPolygon(square.slice(0, 4)).coordinates[0]).toEqual(square);
  expect(closedPolygon(square).coordinates[0]).toEqual(square);
});
