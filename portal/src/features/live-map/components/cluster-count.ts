import type { ExpressionSpecification, Map as MapLibreMap } from 'maplibre-gl';

/**
 * A cluster's count is drawn as an image, not as text: the offline basemap has no glyphs (fonts for map text need a
 * glyph server), and an image needs none. Each distinct count gets one small image, made on first use.
 */
export const CLUSTER_COUNT_IMAGE_PREFIX = 'vl-cluster-count-';

/** The image a cluster shows: its id carries the exact count; {@link clusterCountLabel} shortens it when drawn. */
export const CLUSTER_COUNT_IMAGE: ExpressionSpecification = [
  'concat',
  CLUSTER_COUNT_IMAGE_PREFIX,
  ['to-string', ['get', 'point_count']],
];

/** A count as a cluster shows it: exact below 1,000, then in thousands (1.2k, 12k), so it fits the circle. */
export function clusterCountLabel(count: number): string {
  if (count < 1000) return String(count);
  if (count < 10_000) return `${(Math.floor(count / 100) / 10).toString()}k`;
  return `${Math.floor(count / 1000)}k`;
}

/** The count of an image id of {@link CLUSTER_COUNT_IMAGE}, or null for any other image. */
export function countOfImageId(id: string): number | null {
  if (!id.startsWith(CLUSTER_COUNT_IMAGE_PREFIX)) return null;
  const count = Number(id.slice(CLUSTER_COUNT_IMAGE_PREFIX.length));
  return Number.isInteger(count) && count > 0 ? count : null;
}

/** Dark violet on the clusters' light violets: the same hue, readable on all three (contrast over 4.5:1). */
export const CLUSTER_COUNT_COLOUR = '#2b1667';

/** Draws a count's label, centred on a transparent image at the screen's pixel ratio. */
function drawCount(label: string, pixelRatio: number): ImageData | null {
  const fontPx = 11;
  const width = Math.ceil((label.length * 7 + 4) * pixelRatio);
  const height = Math.ceil((fontPx + 5) * pixelRatio);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.font = `700 ${fontPx * pixelRatio}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  context.fillStyle = CLUSTER_COUNT_COLOUR;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(label, width / 2, height / 2 + 0.5 * pixelRatio);
  return context.getImageData(0, 0, width, height);
}

/** Makes each cluster count's image when the map first asks for it. */
export function provideClusterCountImages(map: MapLibreMap) {
  map.on('styleimagemissing', (event: { id: string }) => {
    const count = countOfImageId(event.id);
    if (count === null || map.hasImage(event.id)) return;
    const pixelRatio = Math.max(1, Math.round(window.devicePixelRatio || 1));
    const image = drawCount(clusterCountLabel(count), pixelRatio);
    if (image) map.addImage(event.id, image, { pixelRatio });
  });
}
