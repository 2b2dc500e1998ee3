import 'maplibre-gl/dist/maplibre-gl.css';
import type { GeoJSONSource, LngLatBoundsLike, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { createMap } from '@/shared/ui/map/create-map';
import type { TripRoutePoint, TripStop } from '../api/get-trip-route';
import type { PlaybackSample } from './playback-clock';
import { MapFrame, type MapStatus } from '@/shared/ui/map/map-frame';

export interface TripRouteMapProps {
  points: readonly TripRoutePoint[];
  stops: readonly TripStop[];
  sample: PlaybackSample | null;
  mapStyleUrl?: string;
  height?: number | string;
  onMapLoad?: (map: MapLibreMap) => void;
}

/** Layer ids, exported so browser tests can read the marker from the map. */
export const TRIP_LAYER = {
  route: 'trip-route',
  travelled: 'trip-travelled',
  stops: 'trip-stops',
  ends: 'trip-ends',
  vehicle: 'trip-vehicle',
} as const;

type LineFeature = GeoJSON.Feature<GeoJSON.LineString>;
const line = (coordinates: [number, number][]): LineFeature => ({
  type: 'Feature',
  properties: {},
  geometry: { type: 'LineString', coordinates },
});
const point = (lng: number, lat: number, properties: Record<string, unknown> = {}): GeoJSON.Feature<GeoJSON.Point> => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Point', coordinates: [lng, lat] },
});

function travelledLine(points: readonly TripRoutePoint[], sample: PlaybackSample | null): LineFeature {
  if (!sample) return line([]);
  const coordinates = points.slice(0, sample.index + 1).map((p) => [p.lng, p.lat] as [number, number]);
  coordinates.push([sample.lng, sample.lat]);
  return line(coordinates);
}

function boundsOf(points: readonly TripRoutePoint[]): LngLatBoundsLike {
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const p of points) {
    west = Math.min(west, p.lng);
    east = Math.max(east, p.lng);
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** The trip's route on the map: the whole path, the part already played, stops, start and end, and the vehicle. */
export function TripRouteMap({ points, stops, sample, mapStyleUrl, height = 420, onMapLoad }: TripRouteMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [status, setStatus] = useState<MapStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const sampleRef = useRef(sample);
  sampleRef.current = sample;
  const onMapLoadRef = useRef(onMapLoad);
  onMapLoadRef.current = onMapLoad;

  useEffect(() => {
    const container = containerRef.current;
    if (!container || points.length === 0) return;
    let map: MapLibreMap;
    try {
      map = createMap({ container, styleUrl: mapStyleUrl, center: [points[0]!.lng, points[0]!.lat], zoom: 13 });
    } catch (cause) {
      setStatus('error');
      setError(cause instanceof Error ? cause.message : String(cause));
      return;
    }
    mapRef.current = map;
    map.on('error', (event) => {
      setError(event.error?.message ?? 'The map failed to load.');
      if (!map.loaded()) setStatus('error');
    });
    map.on('load', () => {
      const first = points[0]!;
      const last = points.at(-1)!;
      map.addSource(TRIP_LAYER.route, { type: 'geojson', data: line(points.map((p) => [p.lng, p.lat])) });
      map.addSource(TRIP_LAYER.travelled, { type: 'geojson', data: travelledLine(points, sampleRef.current) });
      map.addSource(TRIP_LAYER.stops, {
        type: 'geojson',
        data: { type: 'FeatureCollection', features: stops.map((s) => point(s.lng, s.lat)) },
      });
      map.addSource(TRIP_LAYER.ends, {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: [point(first.lng, first.lat, { end: 'start' }), point(last.lng, last.lat, { end: 'end' })],
        },
      });
      const s = sampleRef.current;
      map.addSource(TRIP_LAYER.vehicle, {
        type: 'geojson',
        data: { type: 'FeatureCollection', features: s ? [point(s.lng, s.lat)] : [] },
      });
      map.addLayer({
        id: TRIP_LAYER.route,
        type: 'line',
        source: TRIP_LAYER.route,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#74c0fc', 'line-width': 5, 'line-opacity': 0.7 },
      });
      map.addLayer({
        id: TRIP_LAYER.travelled,
        type: 'line',
        source: TRIP_LAYER.travelled,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#1864ab', 'line-width': 5 },
      });
      map.addLayer({
        id: TRIP_LAYER.stops,
        type: 'circle',
        source: TRIP_LAYER.stops,
        paint: {
          'circle-radius': 7,
          'circle-color': '#fd7e14',
          'circle-stroke-color': '#fff',
          'circle-stroke-width': 2,
        },
      });
      map.addLayer({
        id: TRIP_LAYER.ends,
        type: 'circle',
        source: TRIP_LAYER.ends,
        paint: {
          'circle-radius': 7,
          'circle-color': ['match', ['get', 'end'], 'start', '#2f9e44', '#e03131'],
          'circle-stroke-color': '#fff',
          'circle-stroke-width': 2,
        },
      });
      map.addLayer({
        id: TRIP_LAYER.vehicle,
        type: 'circle',
        source: TRIP_LAYER.vehicle,
        paint: {
          'circle-radius': 9,
          'circle-color': '#1c7ed6',
          'circle-stroke-color': '#fff',
          'circle-stroke-width': 3,
        },
      });
      map.fitBounds(boundsOf(points), { padding: 40, duration: 0 });
      setStatus('ready');
      onMapLoadRef.current?.(map);
    });
    return () => {
      mapRef.current = null;
      map.remove();
    };
  }, [points, stops, mapStyleUrl]);

  useEffect(() => {
    const map = mapRef.current;
    if (status !== 'ready' || !map) return;
    (map.getSource(TRIP_LAYER.vehicle) as GeoJSONSource | undefined)?.setData({
      type: 'FeatureCollection',
      features: sample ? [point(sample.lng, sample.lat)] : [],
    });
    (map.getSource(TRIP_LAYER.travelled) as GeoJSONSource | undefined)?.setData(travelledLine(points, sample));
  }, [sample, status, points]);

  return <MapFrame containerRef={containerRef} label="Trip map" status={status} error={error} height={height} />;
}
