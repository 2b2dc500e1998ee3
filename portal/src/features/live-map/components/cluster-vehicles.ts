import type { Bounds } from '@/shared/lib/live/topics';
import { STATE_GROUP_COLOUR, type StateGroup, stateGroupOf } from './vehicle-state-style';

/** Past this zoom there are no clusters: every vehicle in view is its own marker. */
export const CLUSTER_MAX_ZOOM = 14;
/** Side of a clustering cell in screen pixels at an integer zoom (MapLibre's 512-pixel tiles). */
export const CLUSTER_CELL_PX = 64;
/** Vehicles this far outside the view (as a share of its width and height) are kept, so a pan shows no hole. */
export const VIEW_MARGIN = 0.5;

export interface VehiclePointFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: { id: string; group: StateGroup; colour: string };
}

export interface VehicleClusterFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: {
    cluster: true;
    cluster_id: number;
    point_count: number;
    /** Faulty vehicles in the cluster: a cluster hiding one must still stand out. */
    faults: number;
    /** The rectangle of its vehicles, so a click can zoom to exactly them. */
    west: number;
    south: number;
    east: number;
    north: number;
  };
}

export type VehicleMapFeature = VehiclePointFeature | VehicleClusterFeature;

export interface VehicleFeatureCollection {
  type: 'FeatureCollection';
  features: VehicleMapFeature[];
}

/** Calls `visit` for every vehicle with its drawn position and state code. */
export type ForEachVehicle = (visit: (id: string, lon: number, lat: number, stateCode: unknown) => void) => void;

export interface ClusterView {
  zoom: number;
  bounds: Bounds;
}

interface Cell {
  count: number;
  sumLon: number;
  sumLat: number;
  faults: number;
  west: number;
  south: number;
  east: number;
  north: number;
  firstId: string;
  firstGroup: StateGroup;
}

const worldX = (lon: number, scale: number) => ((lon + 180) / 360) * scale;
const worldY = (lat: number, scale: number) => {
  const sin = Math.sin((lat * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
};

function pointFeature(id: string, lon: number, lat: number, group: StateGroup): VehiclePointFeature {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties: { id, group, colour: STATE_GROUP_COLOUR[group] },
  };
}

/** Centres closer than this (in cells) are drawn as one marker even across a cell border. */
const MERGE_DISTANCE_CELLS = 0.5;

/**
 * A grid alone draws two markers on top of each other when vehicles straddle a cell border: each cell, largest first,
 * absorbs the neighbouring cells whose centre is within {@link MERGE_DISTANCE_CELLS} of its own.
 */
function mergeNeighbours(cells: Map<number, Cell>, columns: number, scale: number) {
  const centre = (cell: Cell): [number, number] => [
    worldX(cell.sumLon / cell.count, scale),
    worldY(cell.sumLat / cell.count, scale),
  ];
  const keys = [...cells.keys()].sort((a, b) => (cells.get(b)?.count ?? 0) - (cells.get(a)?.count ?? 0));
  for (const key of keys) {
    const cell = cells.get(key);
    if (!cell) continue;
    const [x, y] = centre(cell);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const otherKey = key + dy * columns + dx;
        const other = otherKey === key ? undefined : cells.get(otherKey);
        if (!other) continue;
        const [ox, oy] = centre(other);
        if (Math.hypot(ox - x, oy - y) >= MERGE_DISTANCE_CELLS) continue;
        cell.count += other.count;
        cell.sumLon += other.sumLon;
        cell.sumLat += other.sumLat;
        cell.faults += other.faults;
        cell.west = Math.min(cell.west, other.west);
        cell.east = Math.max(cell.east, other.east);
        cell.south = Math.min(cell.south, other.south);
        cell.north = Math.max(cell.north, other.north);
        cells.delete(otherKey);
      }
    }
  }
}

/**
 * The features the map draws for a view: vehicles near the view, grouped into clusters by a screen grid up to
 * {@link CLUSTER_MAX_ZOOM}, and one point per vehicle past it. MapLibre then gets a few hundred features instead of
 * the whole fleet, which is what keeps its `setData` (a copy for its worker and a re-tiling) short.
 *
 * Cells are squares of {@link CLUSTER_CELL_PX} pixels at the integer zoom below the view's, aligned to the world, so
 * clusters stay put while the map pans and change only when the zoom crosses an integer; neighbouring cells whose
 * vehicles sit close together across the border are merged. A cell with one vehicle is that vehicle's point.
 */
export function clusterVehicles(forEach: ForEachVehicle, view: ClusterView): VehicleFeatureCollection {
  const { bounds } = view;
  const marginLon = (bounds.east - bounds.west) * VIEW_MARGIN;
  const marginLat = (bounds.north - bounds.south) * VIEW_MARGIN;
  const west = bounds.west - marginLon;
  const east = bounds.east + marginLon;
  const south = bounds.south - marginLat;
  const north = bounds.north + marginLat;
  const features: VehicleMapFeature[] = [];

  if (view.zoom > CLUSTER_MAX_ZOOM) {
    forEach((id, lon, lat, stateCode) => {
      if (lon < west || lon > east || lat < south || lat > north) return;
      features.push(pointFeature(id, lon, lat, stateGroupOf(stateCode)));
    });
    return { type: 'FeatureCollection', features };
  }

  const scale = (512 * 2 ** Math.floor(view.zoom)) / CLUSTER_CELL_PX;
  // Cells per row at this zoom, so a cell's number is unique and stable (it is the cluster id a click reads).
  const columns = Math.ceil(scale);
  const cells = new Map<number, Cell>();
  forEach((id, lon, lat, stateCode) => {
    if (lon < west || lon > east || lat < south || lat > north) return;
    const key = Math.floor(worldY(lat, scale)) * columns + Math.floor(worldX(lon, scale));
    const group = stateGroupOf(stateCode);
    const cell = cells.get(key);
    if (!cell) {
      cells.set(key, {
        count: 1,
        sumLon: lon,
        sumLat: lat,
        faults: group === 'fault' ? 1 : 0,
        west: lon,
        east: lon,
        south: lat,
        north: lat,
        firstId: id,
        firstGroup: group,
      });
      return;
    }
    cell.count++;
    cell.sumLon += lon;
    cell.sumLat += lat;
    if (group === 'fault') cell.faults++;
    if (lon < cell.west) cell.west = lon;
    if (lon > cell.east) cell.east = lon;
    if (lat < cell.south) cell.south = lat;
    if (lat > cell.north) cell.north = lat;
  });

  mergeNeighbours(cells, columns, scale);
  for (const [key, cell] of cells) {
    if (cell.count === 1) {
      features.push(pointFeature(cell.firstId, cell.sumLon, cell.sumLat, cell.firstGroup));
      continue;
    }
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [cell.sumLon / cell.count, cell.sumLat / cell.count] },
      properties: {
        cluster: true,
        cluster_id: key,
        point_count: cell.count,
        faults: cell.faults,
        west: cell.west,
        south: cell.south,
        east: cell.east,
        north: cell.north,
      },
    });
  }
  return { type: 'FeatureCollection', features };
}
