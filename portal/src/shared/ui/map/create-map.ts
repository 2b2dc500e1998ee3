import maplibregl, { type Map as MapLibreMap } from 'maplibre-gl';
import { isLayoutMoving, onLayoutSettled } from '@/shared/lib/layout-motion';
import type { Bounds } from '@/shared/lib/live/topics';

/** The bundled offline style (public/map/style.json); production passes its own `mapStyleUrl`. */
export const DEFAULT_MAP_STYLE_URL = `${import.meta.env.BASE_URL}map/style.json`;

/** Where maps open when nothing else is known: the demo region around Pune. */
export const DEFAULT_MAP_VIEW = { center: [73.8567, 18.5204] as [number, number], zoom: 11 };

export interface CreateMapOptions {
  container: HTMLElement;
  styleUrl?: string;
  center?: [number, number];
  zoom?: number;
}

/** Whether the user asked the operating system for reduced motion (read when a map is made). */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Creates a MapLibre map. The one place that constructs maps, so components can be tested around it (MapLibre needs
 * WebGL, which jsdom lacks). The map follows its container's size, except while a dashboard panel is dragged or
 * resized: then it neither resizes nor draws, and catches up once when that settles (`layout-motion`).
 */
export function createMap({ container, styleUrl, center, zoom }: CreateMapOptions): MapLibreMap {
  const map = new maplibregl.Map({
    container,
    style: styleUrl ?? DEFAULT_MAP_STYLE_URL,
    center: center ?? DEFAULT_MAP_VIEW.center,
    zoom: zoom ?? DEFAULT_MAP_VIEW.zoom,
    attributionControl: { compact: true },
    // Keeps the drawing buffer so screenshots and canvas reads in tests see the last frame.
    canvasContextAttributes: { preserveDrawingBuffer: true },
    // Resized below instead, so a panel being resized does not redraw the map on every frame.
    trackResize: false,
    // Labels appear at once for a user who asked for reduced motion: a fade is a second of frames after each change.
    ...(prefersReducedMotion() ? { fadeDuration: 0 } : {}),
  });
  // While a panel moves, every frame MapLibre asks for (tiles and data arriving from its worker, fades) is held and
  // drawn once when it settles: a WebGL frame costs as much as the page's own frame on a software renderer, and the
  // map's asks go on for a second or more after its last data (decision 0104).
  const repaint = map.triggerRepaint.bind(map);
  let repaintHeld = false;
  map.triggerRepaint = () => {
    if (isLayoutMoving()) repaintHeld = true;
    else repaint();
  };
  let held = false;
  const resize = () => {
    map.resize();
    map.triggerRepaint();
  };
  let first = true;
  const observer = new ResizeObserver(() => {
    // The first call reports the size the map was built with.
    if (first) {
      first = false;
      return;
    }
    if (isLayoutMoving()) held = true;
    else resize();
  });
  observer.observe(container);
  const stopSettled = onLayoutSettled(() => {
    if (held) {
      held = false;
      resize();
    } else if (repaintHeld) repaint();
    repaintHeld = false;
  });
  map.once('remove', () => {
    observer.disconnect();
    stopSettled();
  });
  return map;
}

/** The map's visible rectangle in the live contract's {@link Bounds} shape. */
export function boundsOf(map: MapLibreMap): Bounds {
  const b = map.getBounds();
  return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
}
