/**
 * Routes along the demo region's roads, so that a trip played back on the map drives on the roads the basemap draws.
 *
 * The region's roads become a graph once per region (nodes at road vertices, where two roads cross and where a road
 * ends close to another road; edges along the roads, in metres), and a route is the shortest path through it between
 * the points of the roads nearest to the start and the end. Distances are on a flat projection around the region's
 * centre (a degree of longitude shortened by the cosine of the latitude), exact enough at city scale.
 */
import { DEMO_REGION, type DemoRegion, type LonLat } from '@/shared/lib/live/demo-region';

/** Metres per degree of latitude. */
const M_PER_DEG = 111_320;
/** A road that ends this close to another road joins it: hand-drawn roads that should meet often stop a little short. */
export const SNAP_M = 150;
/** Crossing parameters this close to a segment's end are that end, so that a crossing at a vertex is the vertex. */
const EPS = 1e-9;

/** A stretch between two nodes: along a road, or a straight hop that joins roads which do not quite meet. */
export interface RoadEdge {
  a: number;
  b: number;
  metres: number;
  onRoad: boolean;
}

export interface RoadGraph {
  /** Node positions, [lng, lat]. */
  nodes: LonLat[];
  /** Node positions in metres on the region's flat projection. */
  xy: [number, number][];
  edges: RoadEdge[];
  /** The edges (indices into `edges`) at each node. */
  edgesAt: number[][];
  toXY: (p: LonLat) => [number, number];
}

/** A node of a road at a position along it (segment index plus the fraction of that segment). */
interface Station {
  at: number;
  node: number;
}

const graphs = new WeakMap<DemoRegion, RoadGraph>();

/** The road graph of a region, built on first use and kept for the region object. */
export function roadGraphOf(region: DemoRegion = DEMO_REGION): RoadGraph {
  let graph = graphs.get(region);
  if (!graph) {
    graph = buildGraph(region);
    graphs.set(region, graph);
  }
  return graph;
}

function buildGraph(region: DemoRegion): RoadGraph {
  const [lng0, lat0] = region.center;
  const kx = Math.cos((lat0 * Math.PI) / 180);
  const toXY = ([lng, lat]: LonLat): [number, number] => [(lng - lng0) * kx * M_PER_DEG, (lat - lat0) * M_PER_DEG];
  const graph: RoadGraph = { nodes: [], xy: [], edges: [], edgesAt: [], toXY };
  // Roads that share a point share its node; the key is the position to a centimetre.
  const ids = new Map<string, number>();
  const nodeAt = (p: LonLat): number => {
    const key = `${p[0].toFixed(7)},${p[1].toFixed(7)}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = graph.nodes.length;
      ids.set(key, id);
      graph.nodes.push(p);
      graph.xy.push(toXY(p));
      graph.edgesAt.push([]);
    }
    return id;
  };
  const roads = region.roads.map((road) => road.coordinates);
  const stations: Station[][] = roads.map((line) => line.map((p, i) => ({ at: i, node: nodeAt(p) })));
  addCrossings(roads, stations, nodeAt);
  const hops = snapRoadEnds(roads, stations, graph, nodeAt);
  for (const line of stations) {
    const sorted = [...line].sort((p, q) => p.at - q.at);
    for (let i = 1; i < sorted.length; i += 1) addEdge(graph, sorted[i - 1]!.node, sorted[i]!.node, true);
  }
  for (const [a, b] of hops) addEdge(graph, a, b, false);
  joinComponents(graph);
  return graph;
}

function addEdge(graph: RoadGraph, a: number, b: number, onRoad: boolean): void {
  if (a === b) return;
  const [ax, ay] = graph.xy[a]!;
  const [bx, by] = graph.xy[b]!;
  graph.edges.push({ a, b, metres: Math.hypot(bx - ax, by - ay), onRoad });
  graph.edgesAt[a]!.push(graph.edges.length - 1);
  graph.edgesAt[b]!.push(graph.edges.length - 1);
}

/** The point a fraction f of the way from a to b; the ends themselves at 0 and 1, so that they keep their nodes. */
const lerp = (a: LonLat, b: LonLat, f: number): LonLat =>
  f <= 0 ? a : f >= 1 ? b : [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];

/** Adds a node on both roads wherever a segment of one crosses a segment of another. */
function addCrossings(roads: LonLat[][], stations: Station[][], nodeAt: (p: LonLat) => number): void {
  for (let r = 0; r < roads.length; r += 1)
    for (let s = r + 1; s < roads.length; s += 1)
      for (let i = 1; i < roads[r]!.length; i += 1)
        for (let j = 1; j < roads[s]!.length; j += 1) {
          const a = roads[r]![i - 1]!;
          const b = roads[r]![i]!;
          const c = roads[s]![j - 1]!;
          const d = roads[s]![j]!;
          const hit = crossing(a, b, c, d);
          if (!hit) continue;
          const [t, u] = hit;
          // A crossing at a vertex takes the vertex itself, so that it gets the vertex's node.
          const point = t <= EPS ? a : t >= 1 - EPS ? b : u <= EPS ? c : u >= 1 - EPS ? d : lerp(a, b, t);
          const node = nodeAt(point);
          stations[r]!.push({ at: i - 1 + t, node });
          stations[s]!.push({ at: j - 1 + u, node });
        }
}

/**
 * Where segments a-b and c-d cross, as the fractions along each; null when they do not. Parallel segments never
 * cross here: roads that overlap share their vertices, and those already share nodes. The projection is affine, so
 * the fractions are the same in degrees as in metres.
 */
function crossing(a: LonLat, b: LonLat, c: LonLat, d: LonLat): [number, number] | null {
  const rx = b[0] - a[0];
  const ry = b[1] - a[1];
  const sx = d[0] - c[0];
  const sy = d[1] - c[1];
  const denominator = rx * sy - ry * sx;
  if (denominator === 0) return null;
  const t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / denominator;
  const u = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / denominator;
  return t >= -EPS && t <= 1 + EPS && u >= -EPS && u <= 1 + EPS ? [clamp01(t), clamp01(u)] : null;
}

const clamp01 = (f: number) => Math.max(0, Math.min(1, f));

/** The point of segment a-b nearest to p (all in metres), as the fraction along the segment and the distance. */
function project(p: [number, number], a: [number, number], b: [number, number]): { f: number; metres: number } {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const span = dx * dx + dy * dy;
  const f = span === 0 ? 0 : clamp01(((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / span);
  return { f, metres: Math.hypot(p[0] - a[0] - dx * f, p[1] - a[1] - dy * f) };
}

/**
 * Joins each road end that stops within SNAP_M of another road (and does not already meet it there) to the nearest
 * point of that road: a node on that road, and a hop from the end to it. Returns the hops.
 */
function snapRoadEnds(
  roads: LonLat[][],
  stations: Station[][],
  graph: RoadGraph,
  nodeAt: (p: LonLat) => number,
): [number, number][] {
  const hops: [number, number][] = [];
  roads.forEach((line, r) => {
    for (const end of line.length > 1 ? [line[0]!, line.at(-1)!] : []) {
      const endNode = nodeAt(end);
      const endXY = graph.xy[endNode]!;
      roads.forEach((other, s) => {
        if (s === r || meetsNear(stations[r]!, stations[s]!, endXY, graph)) return;
        let best = { at: 0, f: 0, metres: Number.POSITIVE_INFINITY };
        for (let j = 1; j < other.length; j += 1) {
          const hit = project(endXY, graph.toXY(other[j - 1]!), graph.toXY(other[j]!));
          if (hit.metres < best.metres) best = { at: j - 1, f: hit.f, metres: hit.metres };
        }
        if (best.metres > SNAP_M) return;
        const node = nodeAt(lerp(other[best.at]!, other[best.at + 1]!, best.f));
        stations[s]!.push({ at: best.at + best.f, node });
        hops.push([endNode, node]);
      });
    }
  });
  return hops;
}

/** True when two roads share a node within SNAP_M of a point, so a road end there needs no hop. */
function meetsNear(line: Station[], other: Station[], p: [number, number], graph: RoadGraph): boolean {
  const shared = new Set(line.map((st) => st.node));
  return other.some((st) => {
    if (!shared.has(st.node)) return false;
    const [x, y] = graph.xy[st.node]!;
    return Math.hypot(x - p[0], y - p[1]) <= SNAP_M;
  });
}

/**
 * Joins the graph's separate parts by the shortest straight hops between their nodes (as a minimum spanning tree
 * over the parts would), so that every start reaches every end. The demo region is connected and needs none.
 */
function joinComponents(graph: RoadGraph): void {
  const parent = graph.nodes.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root]!;
    parent[i] = root;
    return root;
  };
  for (const { a, b } of graph.edges) parent[find(a)] = find(b);
  const roots = new Set(graph.nodes.map((_, i) => find(i)));
  if (roots.size <= 1) return;
  const pairs: [number, number, number][] = [];
  for (let a = 0; a < graph.nodes.length; a += 1)
    for (let b = a + 1; b < graph.nodes.length; b += 1) {
      if (find(a) === find(b)) continue;
      const [ax, ay] = graph.xy[a]!;
      const [bx, by] = graph.xy[b]!;
      pairs.push([Math.hypot(bx - ax, by - ay), a, b]);
    }
  pairs.sort((p, q) => p[0] - q[0]);
  for (const [, a, b] of pairs) {
    if (find(a) === find(b)) continue;
    parent[find(a)] = find(b);
    addEdge(graph, a, b, false);
  }
}

/** Where a point meets the roads: on edge `edge`, at fraction `f` from its node `a`. */
interface Snap {
  edge: number;
  f: number;
  point: LonLat;
}

/** The point of the roads nearest to p (road edges only: a trip joins the roads where they are drawn). */
function snapToRoads(graph: RoadGraph, p: LonLat): Snap | null {
  const pxy = graph.toXY(p);
  let best = { edge: -1, f: 0, metres: Number.POSITIVE_INFINITY };
  for (let i = 0; i < graph.edges.length; i += 1) {
    const edge = graph.edges[i]!;
    if (!edge.onRoad) continue;
    const hit = project(pxy, graph.xy[edge.a]!, graph.xy[edge.b]!);
    if (hit.metres < best.metres) best = { edge: i, ...hit };
  }
  const edge = graph.edges[best.edge];
  return edge ? { edge: best.edge, f: best.f, point: lerp(graph.nodes[edge.a]!, graph.nodes[edge.b]!, best.f) } : null;
}

/**
 * The nodes of the shortest path from one snapped point to another (Dijkstra from both ends of the first point's
 * edge; the graph has some hundred nodes, so a scan for the nearest open node is quick enough). Empty when both
 * points lie on the same edge and the direct way along it is shortest.
 */
function shortestVia(graph: RoadGraph, from: Snap, to: Snap): number[] {
  const n = graph.nodes.length;
  const dist = new Array<number>(n).fill(Number.POSITIVE_INFINITY);
  const prev = new Array<number>(n).fill(-1);
  const done = new Array<boolean>(n).fill(false);
  const start = graph.edges[from.edge]!;
  dist[start.a] = from.f * start.metres;
  dist[start.b] = Math.min(dist[start.b]!, (1 - from.f) * start.metres);
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i += 1) if (!done[i] && dist[i]! < (u < 0 ? Number.POSITIVE_INFINITY : dist[u]!)) u = i;
    if (u < 0) break;
    done[u] = true;
    for (const e of graph.edgesAt[u]!) {
      const edge = graph.edges[e]!;
      const v = edge.a === u ? edge.b : edge.a;
      if (dist[u]! + edge.metres < dist[v]!) {
        dist[v] = dist[u]! + edge.metres;
        prev[v] = u;
      }
    }
  }
  const end = graph.edges[to.edge]!;
  const viaA = dist[end.a]! + to.f * end.metres;
  const viaB = dist[end.b]! + (1 - to.f) * end.metres;
  const direct = from.edge === to.edge ? Math.abs(from.f - to.f) * end.metres : Number.POSITIVE_INFINITY;
  const best = Math.min(viaA, viaB, direct);
  // Unreachable (cannot happen once the parts are joined) or along the shared edge: straight between the two.
  if (best === direct || best === Number.POSITIVE_INFINITY) return [];
  const path: number[] = [];
  for (let node = viaA <= viaB ? end.a : end.b; node >= 0; node = prev[node]!) path.push(node);
  return path.reverse();
}

const samePoint = (p: LonLat, q: LonLat) => p[0] === q[0] && p[1] === q[1];

/**
 * A route from one place to another along the region's roads, [lng, lat] points: the place, the nearest point of
 * the roads, the road vertices and junctions of the shortest way, the point of the roads nearest to the other place,
 * that place. The first and last points are exactly `from` and `to`, and there are always at least two points
 * (from and to differ, or the route is just the two of them).
 */
export function roadRoute(from: LonLat, to: LonLat, region: DemoRegion = DEMO_REGION): LonLat[] {
  // A vehicle that ends where it started stays put rather than driving to the road and back.
  if (samePoint(from, to)) return [from, to];
  const graph = roadGraphOf(region);
  const a = snapToRoads(graph, from);
  const b = snapToRoads(graph, to);
  const route: LonLat[] =
    a && b ? [from, a.point, ...shortestVia(graph, a, b).map((i) => graph.nodes[i]!), b.point, to] : [from, to];
  return route.filter((p, i) => i === 0 || !samePoint(p, route[i - 1]!));
}

/** The length of a path of [lng, lat] points in metres, on the region's flat projection. */
export function pathMetres(path: readonly LonLat[], region: DemoRegion = DEMO_REGION): number {
  const { toXY } = roadGraphOf(region);
  let metres = 0;
  for (let i = 1; i < path.length; i += 1) {
    const [ax, ay] = toXY(path[i - 1]!);
    const [bx, by] = toXY(path[i]!);
    metres += Math.hypot(bx - ax, by - ay);
  }
  return metres;
}
