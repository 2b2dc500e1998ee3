import 'maplibre-gl/dist/maplibre-gl.css';
import { Box } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type {
  CircleLayerSpecification,
  ExpressionSpecification,
  GeoJSONSource,
  Map as MapLibreMap,
  MapLayerMouseEvent,
} from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { isLayoutMoving, onLayoutSettled } from '@/shared/lib/layout-motion';
import type { Bounds } from '@/shared/lib/live/topics';
import { boundsOf, createMap } from '@/shared/ui/map/create-map';
import { CLUSTER_COUNT_IMAGE, provideClusterCountImages } from './cluster-count';
import { CLUSTER_MAX_ZOOM, clusterVehicles } from './cluster-vehicles';
import { MapLegend } from './map-legend';
import { VehicleCard } from './vehicle-card';
import { type LiveMapVehicles, VehicleMotion } from './vehicle-motion';
import { STATE_GROUP_COLOUR } from './vehicle-state-style';
import { MapFrame, type MapStatus } from '@/shared/ui/map/map-frame';

export interface LiveMapProps {
  /** Latest reading per vehicle id. Pass a new Map (or new vehicle objects) when readings change. */
  vehicles: LiveMapVehicles;
  /** Style for production tiles; defaults to the bundled offline style of the demo region. */
  mapStyleUrl?: string;
  /** Called after every move with the visible rectangle, so the page can subscribe to the viewport. */
  onViewportChange?: (bounds: Bounds) => void;
  /** Called once the map and its layers are ready (tests and benchmarks reach the map through it). */
  onMapLoad?: (map: MapLibreMap) => void;
  /** Main-thread milliseconds of each marker frame (interpolation and handing the data to MapLibre), for benchmarks. */
  onFrameTiming?: (ms: number, vehicleCount: number) => void;
  initialCenter?: [number, number];
  initialZoom?: number;
  /** CSS height of the map; the width follows the parent. */
  height?: number | string;
  /**
   * Selects a vehicle, opens its card and follows it (a search result). A new object each time, so choosing the
   * same vehicle again re-centres on it.
   */
  focus?: { vehicleId: string } | null;
  /** A vehicle's details page when the user may open it (the card links to it); none: no link. */
  vehicleHref?: ((vehicleId: string) => string) | null;
}

const SOURCE = 'vehicles';

/** Up to this many vehicles (or markers drawn, past the cluster zoom), markers glide and are redrawn every frame. */
export const SMOOTH_VEHICLE_LIMIT = 1000;
/** The shortest time between two redraws of a larger fleet seen marker by marker (zoomed in, or followed). */
export const FLEET_GLIDE_REDRAW_MS = 250;
/** The shortest time between two redraws of a larger fleet seen as clusters. */
export const FLEET_CLUSTER_REDRAW_MS = 500;
/**
 * The shortest time between two redraws for a user who asked for reduced motion: markers step to their latest reading
 * (vehicles report about once a second) instead of gliding every frame.
 */
export const REDUCED_MOTION_REDRAW_MS = 1000;

export interface RedrawPlan {
  /** The shortest time between two redraws of the vehicle source. */
  intervalMs: number;
  /** Whether markers glide between readings; if not, each redraw puts them on their latest reading. */
  glide: boolean;
}

/**
 * How often the vehicle source is redrawn. Each redraw clusters the whole fleet for the view (a few milliseconds for
 * 10,000 vehicles) and MapLibre re-tiles what it is handed: 60 times a second that would starve the page. A big fleet
 * glides every frame where only a few markers are drawn one by one (`drawnCount`: features of the last redraw), in a
 * few steps a second where many are, and jumps to its readings twice a second where it is seen as clusters, which a
 * glide would not make smoother.
 */
export function redrawPlan(
  vehicleCount: number,
  zoom: number,
  drawnCount = vehicleCount,
  reducedMotion = false,
): RedrawPlan {
  if (reducedMotion) return { intervalMs: REDUCED_MOTION_REDRAW_MS, glide: false };
  if (vehicleCount <= SMOOTH_VEHICLE_LIMIT) return { intervalMs: 0, glide: true };
  if (zoom > CLUSTER_MAX_ZOOM) {
    return { intervalMs: drawnCount <= SMOOTH_VEHICLE_LIMIT ? 0 : FLEET_GLIDE_REDRAW_MS, glide: true };
  }
  return { intervalMs: FLEET_CLUSTER_REDRAW_MS, glide: false };
}

const LAYER_CLUSTER = 'vehicle-clusters';
const LAYER_CLUSTER_COUNT = 'vehicle-cluster-counts';
const LAYER_POINT = 'vehicle-points';
const LAYER_SELECTED = 'vehicle-selected';

const IS_CLUSTER: ExpressionSpecification = ['has', 'point_count'];
const CLUSTER_RADIUS: ExpressionSpecification = ['step', ['get', 'point_count'], 12, 50, 17, 500, 23, 2000, 29];
const HAS_FAULTS: ExpressionSpecification = ['all', IS_CLUSTER, ['>', ['coalesce', ['get', 'faults'], 0], 0]];

/**
 * The paint of both marker layers, clusters and lone vehicles: one expression per property that reads whether the
 * feature is a cluster. MapLibre compiles one shader program per combination of how each paint property is bound
 * (constant, per feature, per feature and zoom), on the first frame that draws a layer's features. Two layers painted
 * differently needed two programs, and the lone-vehicle one was compiled only when the first lone vehicle appeared,
 * seconds into a big fleet's run: a synchronous compile of up to 150 ms on a busy machine (decision 0051, Update).
 * Painted alike, both layers use the program compiled for the clusters on the first frame.
 */
export const VEHICLE_MARKER_PAINT: NonNullable<CircleLayerSpecification['paint']> = {
  // Violet, a colour no state group uses, so a cluster is never read as a state.
  'circle-color': [
    'case',
    IS_CLUSTER,
    ['step', ['get', 'point_count'], '#d0bfff', 50, '#b197fc', 500, '#9775fa'],
    ['get', 'colour'],
  ],
  'circle-opacity': ['case', IS_CLUSTER, 0.85, 1],
  // Clusters keep their size at every zoom; a lone vehicle grows from 5 px at zoom 10 to 8 px at zoom 15.
  'circle-radius': [
    'interpolate',
    ['linear'],
    ['zoom'],
    10,
    ['case', IS_CLUSTER, CLUSTER_RADIUS, 5],
    15,
    ['case', IS_CLUSTER, CLUSTER_RADIUS, 8],
  ],
  'circle-stroke-color': ['case', HAS_FAULTS, STATE_GROUP_COLOUR.fault, '#ffffff'],
  'circle-stroke-width': ['case', HAS_FAULTS, 3, IS_CLUSTER, 2, 1.5],
};

function addVehicleLayers(map: MapLibreMap) {
  map.addSource(SOURCE, {
    type: 'geojson',
    // Clustered by clusterVehicles, not by MapLibre: handing it the whole fleet on every redraw cost 50-75 ms of
    // main thread (decision 0051).
    data: { type: 'FeatureCollection', features: [] },
  });
  map.addLayer({ id: LAYER_CLUSTER, type: 'circle', source: SOURCE, filter: IS_CLUSTER, paint: VEHICLE_MARKER_PAINT });
  // Each cluster's count on it, as an image (no glyphs offline); never hidden by collision with another count.
  map.addLayer({
    id: LAYER_CLUSTER_COUNT,
    type: 'symbol',
    source: SOURCE,
    filter: IS_CLUSTER,
    layout: { 'icon-image': CLUSTER_COUNT_IMAGE, 'icon-allow-overlap': true, 'icon-ignore-placement': true },
  });
  map.addLayer({
    id: LAYER_SELECTED,
    type: 'circle',
    source: SOURCE,
    filter: ['==', ['get', 'id'], ''],
    paint: { 'circle-radius': 13, 'circle-color': '#ffd43b', 'circle-opacity': 0.55 },
  });
  map.addLayer({
    id: LAYER_POINT,
    type: 'circle',
    source: SOURCE,
    filter: ['!', IS_CLUSTER],
    paint: VEHICLE_MARKER_PAINT,
  });
}

/**
 * The live fleet map: clustered vehicle markers coloured by state group that glide between readings, a card for the
 * clicked vehicle with a follow toggle, and the viewport reported for live subscriptions. Markers are GeoJSON features
 * (no DOM per vehicle), redrawn at most once per animation frame.
 */
export function LiveMap({
  vehicles,
  mapStyleUrl,
  onViewportChange,
  onMapLoad,
  onFrameTiming,
  initialCenter,
  initialZoom,
  height = 480,
  focus,
  vehicleHref,
}: LiveMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const motionRef = useRef(new VehicleMotion());
  const frameRef = useRef(0);
  const waitRef = useRef(0);
  const lastDrawRef = useRef(Number.NEGATIVE_INFINITY);
  const drawnCountRef = useRef(0);
  // Set while the map moves because of the follow loop, so its own camera moves do not ask for more frames.
  const selfMoveRef = useRef(false);
  const readyRef = useRef(false);
  const followRef = useRef<string | null>(null);
  const callbacksRef = useRef({ onViewportChange, onMapLoad, onFrameTiming });
  callbacksRef.current = { onViewportChange, onMapLoad, onFrameTiming };
  // The operating system's "reduce motion": no glide, markers step to their readings (WCAG 2.3.3).
  const reducedMotion = useReducedMotion();
  const reducedMotionRef = useRef(false);
  reducedMotionRef.current = reducedMotion;
  const [status, setStatus] = useState<MapStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [following, setFollowing] = useState(false);
  // Re-renders the card while readings arrive; the map itself never waits for React.
  const [, setCardTick] = useState(0);

  // One frame loop: draws interpolated markers and keeps a followed vehicle centred, then stops when still.
  const requestDraw = useRef(() => {});
  requestDraw.current = () => {
    if (frameRef.current || !readyRef.current) return;
    frameRef.current = requestAnimationFrame(function draw(now) {
      frameRef.current = 0;
      const map = mapRef.current;
      if (!map) return;
      // While a dashboard panel is dragged or resized, markers hold still (each redraw re-tiles and repaints the map,
      // a frame's worth of work); the loop starts again when the panel settles (decision 0098).
      if (isLayoutMoving()) return;
      const motion = motionRef.current;
      const plan = redrawPlan(motion.size, map.getZoom(), drawnCountRef.current, reducedMotionRef.current);
      const wait = plan.intervalMs - (now - lastDrawRef.current);
      if (wait > 0) {
        // Wait out the interval on a timer rather than a frame callback every 16 ms; the draw stays pending meanwhile.
        frameRef.current = -1;
        waitRef.current = window.setTimeout(() => {
          waitRef.current = 0;
          frameRef.current = 0;
          requestDraw.current();
        }, wait);
        return;
      }
      lastDrawRef.current = now;
      const started = performance.now();
      // Without a glide, markers are drawn where their glide ends: on the latest reading.
      const at = plan.glide ? now : Number.POSITIVE_INFINITY;
      const followed = followRef.current;
      if (followed) {
        const position = motion.positionAt(followed, at);
        selfMoveRef.current = true;
        try {
          if (position) map.jumpTo({ center: position });
        } finally {
          selfMoveRef.current = false;
        }
      }
      const data = clusterVehicles((visit) => motion.forEachPosition(at, visit), {
        zoom: map.getZoom(),
        bounds: boundsOf(map),
      });
      drawnCountRef.current = data.features.length;
      (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data);
      callbacksRef.current.onFrameTiming?.(performance.now() - started, motion.size);
      // A draw during the glide asks for another, so the last one lands every marker exactly on its reading.
      if (plan.glide && motion.isAnimating(now) && !frameRef.current) frameRef.current = requestAnimationFrame(draw);
    });
  };

  // The map is built once per style URL; the initial view and shape are read only then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: initial values are read once, on purpose
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let map: MapLibreMap;
    try {
      map = createMap({ container, styleUrl: mapStyleUrl, center: initialCenter, zoom: initialZoom });
    } catch (cause) {
      setStatus('error');
      setError(cause instanceof Error ? cause.message : String(cause));
      return;
    }
    mapRef.current = map;
    const stopCountImages = provideClusterCountImages(map);
    const reportViewport = () => callbacksRef.current.onViewportChange?.(boundsOf(map));
    map.on('error', (event) => {
      // Before load, a failing style means no map at all; later errors (a tile, a source) are shown but not fatal.
      setError(event.error?.message ?? 'The map failed to load.');
      if (!readyRef.current) setStatus('error');
    });
    const stopSettled = onLayoutSettled(() => requestDraw.current());
    map.on('load', () => {
      addVehicleLayers(map);
      readyRef.current = true;
      setStatus('ready');
      setError(null);
      requestDraw.current();
      reportViewport();
      callbacksRef.current.onMapLoad?.(map);
    });
    map.on('moveend', () => {
      reportViewport();
      if (selfMoveRef.current) return;
      // The view settled: cluster for it now rather than after the redraw interval.
      lastDrawRef.current = Number.NEGATIVE_INFINITY;
      if (waitRef.current) {
        window.clearTimeout(waitRef.current);
        waitRef.current = 0;
        frameRef.current = 0;
      }
      requestDraw.current();
    });
    // Only vehicles near the view are handed to MapLibre, and clusters depend on the zoom: redraw while it moves.
    map.on('move', () => {
      if (!selfMoveRef.current) requestDraw.current();
    });
    map.on('click', LAYER_POINT, (event: MapLayerMouseEvent) => {
      const id = event.features?.[0]?.properties?.id;
      if (typeof id === 'string') setSelectedId(id);
    });
    map.on('click', LAYER_CLUSTER, (event: MapLayerMouseEvent) => {
      const properties = event.features?.[0]?.properties;
      if (!properties) return;
      const { west, south, east, north } = properties;
      if ([west, south, east, north].some((value) => typeof value !== 'number')) return;
      // Zoom to exactly the cluster's vehicles; vehicles on one spot open past the cluster zoom, as points.
      map.fitBounds(
        [
          [west, south],
          [east, north],
        ],
        { padding: 60, maxZoom: CLUSTER_MAX_ZOOM + 1 },
      );
    });
    for (const layer of [LAYER_POINT, LAYER_CLUSTER]) {
      map.on('mouseenter', layer, () => {
        map.getCanvas().style.cursor = 'pointer';
      });
      map.on('mouseleave', layer, () => {
        map.getCanvas().style.cursor = '';
      });
    }
    // A user dragging the map takes over from follow.
    map.on('dragstart', () => {
      followRef.current = null;
      setFollowing(false);
    });
    return () => {
      stopSettled();
      stopCountImages();
      cancelAnimationFrame(frameRef.current);
      window.clearTimeout(waitRef.current);
      waitRef.current = 0;
      frameRef.current = 0;
      readyRef.current = false;
      mapRef.current = null;
      map.remove();
    };
  }, [mapStyleUrl]);

  useEffect(() => {
    if (motionRef.current.update(vehicles, performance.now())) {
      requestDraw.current();
      if (selectedId && vehicles.has(selectedId)) setCardTick((tick) => tick + 1);
    }
  }, [vehicles, selectedId]);

  useEffect(() => {
    const map = mapRef.current;
    if (status !== 'ready' || !map) return;
    map.setFilter(LAYER_SELECTED, ['all', ['!', ['has', 'point_count']], ['==', ['get', 'id'], selectedId ?? '']]);
  }, [selectedId, status]);

  useEffect(() => {
    if (!focus || status !== 'ready') return;
    setSelectedId(focus.vehicleId);
    setFollowing(true);
    followRef.current = focus.vehicleId;
    const map = mapRef.current;
    const position = motionRef.current.positionAt(focus.vehicleId, performance.now());
    // Past the cluster zoom, so the found vehicle is its own marker with its highlight. A jump, not an ease: the
    // follow loop re-centres every frame while markers glide, which would cut an ease (and its zoom) short.
    if (map && position) map.jumpTo({ center: position, zoom: Math.max(map.getZoom(), 15) });
    requestDraw.current();
  }, [focus, status]);

  const handleFollowChange = (next: boolean) => {
    setFollowing(next);
    followRef.current = next ? selectedId : null;
    const map = mapRef.current;
    const position = selectedId ? motionRef.current.positionAt(selectedId, performance.now()) : null;
    if (next && map && position) map.jumpTo({ center: position, zoom: Math.max(map.getZoom(), 15) });
  };

  const handleClose = () => {
    setSelectedId(null);
    setFollowing(false);
    followRef.current = null;
  };

  return (
    <MapFrame containerRef={containerRef} label="Live fleet map" status={status} error={error} height={height}>
      {status === 'ready' && vehicles.size === 0 && (
        <Box pos="absolute" top={8} left={8} bg="white" px="xs" py={4} style={{ borderRadius: 4, fontSize: 13 }}>
          No vehicles with a position in view yet.
        </Box>
      )}
      {status === 'ready' && (
        <Box pos="absolute" bottom={8} left={8}>
          <MapLegend />
        </Box>
      )}
      {selectedId && (
        <Box pos="absolute" top={8} right={8}>
          <VehicleCard
            vehicleId={selectedId}
            vehicle={motionRef.current.vehicle(selectedId)}
            following={following}
            onFollowChange={handleFollowChange}
            onClose={handleClose}
            detailsHref={vehicleHref ? vehicleHref(selectedId) : null}
          />
        </Box>
      )}
    </MapFrame>
  );
}
