/** A point as GeoJSON orders it: longitude, latitude. */
export type Position = [number, number];

/** A GeoJSON Polygon; the editor uses only its outer ring. */
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: Position[][];
}

const samePoint = (a: Position, b: Position): boolean => a[0] === b[0] && a[1] === b[1];

/** The ring without its closing point (GeoJSON repeats the first point at the end). */
export function openRing(ring: readonly Position[]): Position[] {
  const points = [...ring];
  if (points.length > 1 && samePoint(points[0]!, points.at(-1)!)) points.pop();
  return points;
}

/** The number of distinct points of a ring. */
export function distinctPointCount(ring: readonly Position[]): number {
  return new Set(openRing(ring).map(([x, y]) => `${x},${y}`)).size;
}

/** Sign of the turn a→b→c: positive counter-clockwise, negative clockwise, 0 collinear. */
function orientation(a: Position, b: Position, c: Position): number {
  const value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return Math.abs(value) < 1e-18 ? 0 : Math.sign(value);
}

function onSegment(a: Position, b: Position, p: Position): boolean {
  return (
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  );
}

/** Whether segments ab and cd share at least one point (touching and collinear overlap count). */
export function segmentsIntersect(a: Position, b: Position, c: Position, d: Position): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  );
}

/**
 * Whether a ring crosses or touches itself anywhere other than where neighbouring edges meet. O(n²): geofences
 * are drawn by hand and have tens of points, and circles from the editor have 64.
 */
export function isSelfIntersecting(ring: readonly Position[]): boolean {
  const points = openRing(ring);
  const n = points.length;
  if (n < 4) return false;
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      // Edges that share a vertex always touch there; skip them.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsIntersect(a, b, points[j]!, points[(j + 1) % n]!)) return true;
    }
  }
  return false;
}

export const GEOMETRY_ERROR = {
  NoShape: 'no-shape',
  TooFewPoints: 'too-few-points',
  SelfIntersecting: 'self-intersecting',
} as const;
export type GeometryError = (typeof GEOMETRY_ERROR)[keyof typeof GEOMETRY_ERROR];

/** Why a drawn shape cannot be a geofence, or null when it can. */
export function validateGeometry(geometry: PolygonGeometry | null | undefined): GeometryError | null {
  const ring = geometry?.coordinates[0];
  if (!geometry || !ring || ring.length === 0) return GEOMETRY_ERROR.NoShape;
  if (distinctPointCount(ring) < 3) return GEOMETRY_ERROR.TooFewPoints;
  if (isSelfIntersecting(ring)) return GEOMETRY_ERROR.SelfIntersecting;
  return null;
}

/** The polygon with its ring closed, as GeoJSON requires. */
export function closedPolygon(ring: readonly Position[]): PolygonGeometry {
  const points = openRing(ring);
  return { type: 'Polygon', coordinates: [[...points, points[0]!]] };
}
