import 'maplibre-gl/dist/maplibre-gl.css';
import { Box, Button, Group, SegmentedControl } from '@mantine/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import {
  type GeoJSONStoreFeatures,
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawModeUndoRedo,
  TerraDrawPolygonMode,
  TerraDrawRectangleMode,
  TerraDrawSelectMode,
  TerraDrawSessionUndoRedo,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { useEffect, useRef, useState } from 'react';
import { createMap } from '@/shared/ui/map/create-map';
import type { PolygonGeometry, Position } from '@/domain/geometry';
import { MapFrame, type MapStatus } from '@/shared/ui/map/map-frame';

/** The editor's tools: three ways to draw and one to edit. */
export const DRAW_TOOL = { Polygon: 'polygon', Circle: 'circle', Rectangle: 'rectangle', Edit: 'select' } as const;
export type DrawTool = (typeof DRAW_TOOL)[keyof typeof DRAW_TOOL];

const SHAPE_MODES: readonly string[] = [DRAW_TOOL.Polygon, DRAW_TOOL.Circle, DRAW_TOOL.Rectangle];
const TOOL_OPTIONS = [
  { value: DRAW_TOOL.Polygon, label: 'Polygon' },
  { value: DRAW_TOOL.Circle, label: 'Circle' },
  { value: DRAW_TOOL.Rectangle, label: 'Rectangle' },
  { value: DRAW_TOOL.Edit, label: 'Edit' },
];

const SHAPE_STYLE = { fillColor: '#1c7ed6', fillOpacity: 0.18, outlineColor: '#1864ab', outlineWidth: 2 } as const;

export interface GeofenceDrawMapProps {
  initialGeometry?: PolygonGeometry;
  onGeometryChange: (geometry: PolygonGeometry | null) => void;
  mapStyleUrl?: string;
  height?: number | string;
  center?: [number, number];
  zoom?: number;
  onMapLoad?: (map: MapLibreMap) => void;
}

/** The one finished shape in the drawing, as a GeoJSON Polygon (circles and rectangles are polygons too). */
function drawnShape(draw: TerraDraw): GeoJSONStoreFeatures | undefined {
  return draw
    .getSnapshot()
    .find(
      (feature) =>
        feature.geometry.type === 'Polygon' &&
        SHAPE_MODES.includes(String(feature.properties.mode)) &&
        !feature.properties.currentlyDrawing,
    );
}

function centreOf(geometry: PolygonGeometry): [number, number] {
  const ring = geometry.coordinates[0] ?? [];
  const sum = ring.reduce<[number, number]>((acc, [x, y]) => [acc[0] + x, acc[1] + y], [0, 0]);
  return ring.length ? [sum[0] / ring.length, sum[1] / ring.length] : [0, 0];
}

/**
 * A map with terra-draw tools for one geofence shape: polygon, circle, rectangle, edit (drag points, add points on
 * midpoints, delete points), undo and clear. Drawing a new shape replaces the old one.
 */
export function GeofenceDrawMap({
  initialGeometry,
  onGeometryChange,
  mapStyleUrl,
  height = 480,
  center,
  zoom,
  onMapLoad,
}: GeofenceDrawMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const drawRef = useRef<TerraDraw | null>(null);
  const callbacksRef = useRef({ onGeometryChange, onMapLoad });
  callbacksRef.current = { onGeometryChange, onMapLoad };
  const [status, setStatus] = useState<MapStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [tool, setTool] = useState<DrawTool>(initialGeometry ? DRAW_TOOL.Edit : DRAW_TOOL.Polygon);
  const [canUndo, setCanUndo] = useState(false);
  const [hasShape, setHasShape] = useState(Boolean(initialGeometry));

  // The map is built once per style URL; the initial view and shape are read only then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: initial values are read once, on purpose
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let map: MapLibreMap;
    try {
      map = createMap({
        container,
        styleUrl: mapStyleUrl,
        center: center ?? (initialGeometry ? centreOf(initialGeometry) : undefined),
        zoom: zoom ?? (initialGeometry ? 13 : 12),
      });
    } catch (cause) {
      setStatus('error');
      setError(cause instanceof Error ? cause.message : String(cause));
      return;
    }
    let draw: TerraDraw | null = null;
    map.on('error', (event) => {
      setError(event.error?.message ?? 'The map failed to load.');
      if (!draw) setStatus('error');
    });
    map.on('load', () => {
      const instance = new TerraDraw({
        adapter: new TerraDrawMapLibreGLAdapter({ map }),
        modes: [
          // No validation in the modes: a crossing polygon must be drawable so that the form can say what is wrong.
          new TerraDrawPolygonMode({ styles: SHAPE_STYLE }),
          new TerraDrawCircleMode({ styles: SHAPE_STYLE }),
          new TerraDrawRectangleMode({ styles: SHAPE_STYLE }),
          new TerraDrawSelectMode({
            flags: {
              polygon: {
                feature: { draggable: true, coordinates: { draggable: true, midpoints: true, deletable: true } },
              },
              circle: { feature: { draggable: true, coordinates: { resizable: 'center' } } },
              rectangle: { feature: { draggable: true, coordinates: { resizable: 'opposite' } } },
            },
          }),
        ],
        undoRedo: { sessionLevel: new TerraDrawSessionUndoRedo(), modeLevel: new TerraDrawModeUndoRedo() },
      });
      draw = instance;
      drawRef.current = instance;
      const report = () => {
        const shape = drawnShape(instance);
        setHasShape(Boolean(shape));
        setCanUndo(instance.canUndo());
        callbacksRef.current.onGeometryChange(
          shape ? { type: 'Polygon', coordinates: shape.geometry.coordinates as Position[][] } : null,
        );
      };
      instance.on('finish', (id, context) => {
        // One geofence, one shape: a newly drawn shape replaces the previous one.
        if (SHAPE_MODES.includes(context.mode)) {
          const others = instance
            .getSnapshot()
            .filter((feature) => feature.id !== id && SHAPE_MODES.includes(String(feature.properties.mode)))
            .map((feature) => feature.id!);
          if (others.length) instance.removeFeatures(others);
        }
        report();
      });
      instance.on('change', (_ids, type) => {
        if (type !== 'styling') report();
      });
      instance.on('history', () => setCanUndo(instance.canUndo()));
      instance.start();
      if (initialGeometry) {
        const [result] = instance.addFeatures([
          { type: 'Feature', geometry: initialGeometry, properties: { mode: DRAW_TOOL.Polygon } },
        ]);
        if (result && !result.valid) setError(`The saved shape could not be loaded: ${result.reason ?? 'invalid'}`);
        instance.clearUndoRedoHistory();
      }
      instance.setMode(initialGeometry ? DRAW_TOOL.Edit : DRAW_TOOL.Polygon);
      // The whole saved shape in view, whatever its size, unless the caller asked for a view.
      const ring = initialGeometry?.coordinates[0];
      if (ring && ring.length > 0 && !center && zoom === undefined) {
        const lngs = ring.map((p) => p[0]);
        const lats = ring.map((p) => p[1]);
        map.fitBounds(
          [
            [Math.min(...lngs), Math.min(...lats)],
            [Math.max(...lngs), Math.max(...lats)],
          ],
          { padding: 48, duration: 0, maxZoom: 16 },
        );
      }
      setStatus('ready');
      report();
      callbacksRef.current.onMapLoad?.(map);
    });
    return () => {
      drawRef.current = null;
      try {
        draw?.stop();
      } finally {
        map.remove();
      }
    };
  }, [mapStyleUrl]);

  const handleToolChange = (next: string) => {
    setTool(next as DrawTool);
    drawRef.current?.setMode(next);
  };

  const handleUndo = () => {
    drawRef.current?.undo();
  };

  const handleClear = () => {
    const draw = drawRef.current;
    if (!draw) return;
    const ids = draw.getSnapshot().map((feature) => feature.id!);
    if (ids.length) draw.removeFeatures(ids);
    setTool(DRAW_TOOL.Polygon);
    draw.setMode(DRAW_TOOL.Polygon);
  };

  return (
    <Box>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <SegmentedControl
          aria-label="Drawing tool"
          data={TOOL_OPTIONS}
          value={tool}
          onChange={handleToolChange}
          disabled={status !== 'ready'}
        />
        <Group gap="xs">
          <Button variant="default" size="sm" onClick={handleUndo} disabled={!canUndo}>
            Undo
          </Button>
          <Button variant="default" size="sm" color="red" onClick={handleClear} disabled={!hasShape}>
            Clear
          </Button>
        </Group>
      </Group>
      <MapFrame
        containerRef={containerRef}
        label="Geofence map"
        status={status}
        error={error}
        height={height}
      ></MapFrame>
    </Box>
  );
}
