import type { ExpressionSpecification, Map as MapLibreMap } from 'maplibre-gl';

/**
 * A cluster's count is drawn as an image, not as text: the offline basemap has no glyphs (fonts for map text need a
 * glyph server), and an image needs none. Each label gets one small image, made ahead of its first use.
 */
export const CLUSTER_COUNT_IMAGE_PREFIX = 'vl-cluster-count-';

/** A count as a cluster shows it: exact below 1,000, then in thousands (1.2k, 12k), so it fits the circle. */
export function clusterCountLabel(count: number): string {
  if (count < 1000) return String(count);
  if (count < 10_000) return `${(Math.floor(count / 100) / 10).toString()}k`;
  return `${Math.floor(count / 1000)}k`;
}

const COUNT: ExpressionSpecification = ['get', 'point_count'];
const THOUSANDS: ExpressionSpecification = ['to-string', ['floor', ['/', COUNT, 1000]]];
const TENTHS: ExpressionSpecification = ['%', ['floor', ['/', COUNT, 100]], 10];

/** {@link clusterCountLabel} as a MapLibre expression, evaluated per cluster on the map's worker. */
export const CLUSTER_COUNT_LABEL: ExpressionSpecification = [
  'case',
  ['<', COUNT, 1000],
  ['to-string', COUNT],
  ['all', ['<', COUNT, 10_000], ['!=', TENTHS, 0]],
  ['concat', THOUSANDS, '.', ['to-string', TENTHS], 'k'],
  ['concat', THOUSANDS, 'k'],
];

/**
 * The image a cluster shows, named by its label (not its exact count), so the set of images is bounded (1,180 up to
 * 100,000 vehicles) and every one of them can be made before the map first needs it: an image the map has to ask for
 * while drawing reloads the tiles that asked, a 50-100 ms task each time a new count appears (decision 0102).
 */
export const CLUSTER_COUNT_IMAGE: ExpressionSpecification = ['concat', CLUSTER_COUNT_IMAGE_PREFIX, CLUSTER_COUNT_LABEL];

/** The image id of a cluster of `count` vehicles (what {@link CLUSTER_COUNT_IMAGE} gives for it). */
export function clusterCountImageId(count: number): string {
  return CLUSTER_COUNT_IMAGE_PREFIX + clusterCountLabel(count);
}

let labels: readonly string[] | undefined;
/** Every label a cluster of up to 100,000 vehicles can show. */
export function allClusterCountLabels(): readonly string[] {
  if (!labels) {
    const counts: number[] = [];
    for (let c = 1; c < 1000; c += 1) counts.push(c);
    for (let c = 1000; c < 10_000; c += 100) counts.push(c);
    for (let c = 10_000; c <= 100_000; c += 1000) counts.push(c);
    labels = [...new Set(counts.map(clusterCountLabel))];
  }
  return labels;
}

/** The label of an image id of {@link CLUSTER_COUNT_IMAGE}, or null for any other image. */
export function labelOfImageId(id: string): string | null {
  if (!id.startsWith(CLUSTER_COUNT_IMAGE_PREFIX)) return null;
  const label = id.slice(CLUSTER_COUNT_IMAGE_PREFIX.length);
  return /^(?:[1-9]\d{0,2}|[1-9](?:\.[1-9])?k|[1-9]\d{1,2}k)$/.test(label) ? label : null;
}

/** Dark violet on the clusters' light violets: the same hue, readable on all three (contrast over 4.5:1). */
export const CLUSTER_COUNT_COLOUR = '#2b1667';

let canvas: HTMLCanvasElement | undefined;

/** Draws a count's label, centred on a transparent image at the screen's pixel ratio. */
function drawCount(label: string, pixelRatio: number): ImageData | null {
  const fontPx = 11;
  const width = Math.ceil((label.length * 7 + 4) * pixelRatio);
  const height = Math.ceil((fontPx + 5) * pixelRatio);
  canvas ??= document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.font = `700 ${fontPx * pixelRatio}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  context.fillStyle = CLUSTER_COUNT_COLOUR;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(label, width / 2, height / 2 + 0.5 * pixelRatio);
  return context.getImageData(0, 0, width, height);
}

/** Labels drawn per task while the images are made ahead: a few ms each, never a long task. */
const LABELS_PER_TASK = 120;

/**
 * Gives the map every cluster count's image: all of them ahead, a batch per task from the start, and any one the map
 * asks for before its batch came, at once. Returns a function that stops the batches (the map went away).
 */
export function provideClusterCountImages(map: MapLibreMap): () => void {
  const pixelRatio = Math.max(1, Math.round(window.devicePixelRatio || 1));
  const add = (label: string) => {
    const id = CLUSTER_COUNT_IMAGE_PREFIX + label;
    if (map.hasImage(id)) return;
    const image = drawCount(label, pixelRatio);
    if (image) map.addImage(id, image, { pixelRatio });
  };
  map.on('styleimagemissing', (event: { id: string }) => {
    const label = labelOfImageId(event.id);
    if (label !== null) add(label);
  });
  const all = allClusterCountLabels();
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const batch = () => {
    for (const end = Math.min(all.length, next + LABELS_PER_TASK); next < end; next += 1) add(all[next]!);
    timer = next < all.length ? setTimeout(batch, 0) : undefined;
  };
  timer = setTimeout(batch, 0);
  return () => clearTimeout(timer);
}
