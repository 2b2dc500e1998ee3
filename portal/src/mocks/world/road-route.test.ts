import { describe, expect, test } from 'vitest';
import { DEMO_REGION, type DemoRegion, type LonLat } from '@/shared/lib/live/demo-region';
import { roadGraphOf, roadRoute, SNAP_M } from './road-route';

/** A region of the given roads around Pune (only the roads matter for routing). */
function regionOf(roads: LonLat[][]): DemoRegion {
  return {
    name: 'Test',
    note: '',
    center: [73.85, 18.5],
    bounds: { west: 73.7, south: 18.4, east: 74, north: 18.7 },
    roads: roads.map((coordinates, i) => ({ id: `road-${i}`, name: `Road ${i}`, coordinates })),
    places: [],
    geofences: [],
  };
}

const kx = Math.cos((18.5 * Math.PI) / 180);

/** Metres from p to segment a-b (flat projection, exact enough at city scale). */
function metresToSegment(p: LonLat, a: LonLat, b: LonLat): number {
  const dx = (b[0] - a[0]) * kx;
  const dy = b[1] - a[1];
  const span = dx * dx + dy * dy;
  const px = (p[0] - a[0]) * kx;
  const py = p[1] - a[1];
  const f = span === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / span));
  return Math.hypot(px - dx * f, py - dy * f) * 111_320;
}

/** True when both points lie (within a metre) on one segment of one road, so the stretch between them does too. */
function onOneSegment(p: LonLat, q: LonLat, region: DemoRegion): boolean {
  return region.roads.some(({ coordinates }) =>
    coordinates
      .slice(1)
      .some((b, i) => metresToSegment(p, coordinates[i]!, b) < 1 && metresToSegment(q, coordinates[i]!, b) < 1),
  );
}

const near = (p: LonLat, q: LonLat) => Math.hypot((p[0] - q[0]) * kx, p[1] - q[1]) * 111_320 < 0.01;

describe('roadRoute', () => {
  test('between two points of the same road follows that road through its vertices', () => {
    const karve = DEMO_REGION.roads.find((road) => road.id === 'karve-road')!.coordinates;
    const mid = (i: number): LonLat => [(karve[i]![0] + karve[i + 1]![0]) / 2, (karve[i]![1] + karve[i + 1]![1]) / 2];
    const route = roadRoute(mid(1), mid(4));
    expect(route[0]).toEqual(mid(1));
    expect(route.at(-1)).toEqual(mid(4));
    expect(route.filter((p) => karve.some((v) => near(p, v)))).toEqual([karve[2], karve[3], karve[4]]);
  });

  test('between two roads passes through the point where they cross', () => {
    const region = regionOf([
      [
        [73.8, 18.5],
        [73.9, 18.5],
      ],
      [
        [73.85, 18.45],
        [73.85, 18.55],
      ],
    ]);
    const route = roadRoute([73.81, 18.5], [73.85, 18.54], region);
    expect(route.some((p) => near(p, [73.85, 18.5]))).toBe(true);
    for (let i = 1; i < route.length; i += 1) expect(onOneSegment(route[i - 1]!, route[i]!, region)).toBe(true);
  });

  test('between two roads of the demo region passes through the junction where they meet', () => {
    // From Airport Road to the far end of Pune-Nagar Road: they meet at 73.887, 18.5529.
    const route = roadRoute([73.905, 18.57], [73.95, 18.557]);
    expect(route).toContainEqual([73.887, 18.5529]);
  });

  test('runs on road segments from the nearest road point of the start to that of the end', () => {
    const { west, south, east, north } = DEMO_REGION.bounds;
    const places: LonLat[] = [];
    for (let i = 0; i <= 4; i += 1)
      for (let j = 0; j <= 4; j += 1) places.push([west + ((east - west) * i) / 4, south + ((north - south) * j) / 4]);
    let stretches = 0;
    for (const from of places)
      for (const to of places) {
        const route = roadRoute(from, to);
        expect(route[0]).toEqual(from);
        expect(route.at(-1)).toEqual(to);
        // The first and last stretches join the places to the roads; everything between is on a road.
        for (let i = 1; i < route.length - 2; i += 1) {
          stretches += 1;
          expect(onOneSegment(route[i]!, route[i + 1]!, DEMO_REGION), `${from} to ${to}, stretch ${i}`).toBe(true);
        }
      }
    expect(stretches).toBeGreaterThan(1000);
  });

  test('joins a road that stops short of another road to it', () => {
    // The second road starts 111 m north of the first.
    const region = regionOf([
      [
        [73.8, 18.5],
        [73.9, 18.5],
      ],
      [
        [73.85, 18.501],
        [73.85, 18.55],
      ],
    ]);
    const hops = roadGraphOf(region).edges.filter((edge) => !edge.onRoad);
    expect(hops).toHaveLength(1);
    expect(hops[0]!.metres).toBeLessThan(SNAP_M);
    const route = roadRoute([73.81, 18.5], [73.85, 18.54], region);
    expect(route).toEqual([
      [73.81, 18.5],
      [73.85, 18.5],
      [73.85, 18.501],
      [73.85, 18.54],
    ]);
  });

  test('still goes from start to end when the roads do not connect', () => {
    const region = regionOf([
      [
        [73.8, 18.5],
        [73.85, 18.5],
        [73.9, 18.5],
      ],
      [
        [73.8, 18.6],
        [73.9, 18.6],
      ],
    ]);
    const route = roadRoute([73.82, 18.49], [73.88, 18.61], region);
    expect(route[0]).toEqual([73.82, 18.49]);
    expect(route.at(-1)).toEqual([73.88, 18.61]);
    // Along the first road, one hop across between the nearest ends of the roads, along the second.
    expect(route).toContainEqual([73.8, 18.5]);
    expect(route).toContainEqual([73.8, 18.6]);
    const offRoad = route
      .slice(1, -2)
      .filter((p, i) => !onOneSegment(p, route[i + 2]!, region))
      .map((p) => p[1]);
    expect(offRoad).toEqual([18.5]);
  });

  test('from a place to itself is that place twice, and in a region without roads is a straight line', () => {
    expect(roadRoute([73.85, 18.52], [73.85, 18.52])).toEqual([
      [73.85, 18.52],
      [73.85, 18.52],
    ]);
    expect(roadRoute([73.8, 18.5], [73.9, 18.6], regionOf([]))).toEqual([
      [73.8, 18.5],
      [73.9, 18.6],
    ]);
  });

  test('builds the graph of a region once', () => {
    expect(roadGraphOf(DEMO_REGION)).toBe(roadGraphOf(DEMO_REGION));
    // The demo region's roads share their junctions: every vertex is a node, each shared one once.
    const graph = roadGraphOf(DEMO_REGION);
    const vertices = new Set(DEMO_REGION.roads.flatMap((road) => road.coordinates.map((p) => p.join())));
    expect(graph.nodes).toHaveLength(vertices.size);
    expect(graph.edges.every((edge) => edge.onRoad)).toBe(true);
  });
});
