// @vitest-environment node
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { DEMO_REGION } from '@/shared/lib/live/demo-region';
import { bufferLine, buildBasemap } from './basemap';

const basemapFile = fileURLToPath(new URL('../../../../public/map/basemap.geojson', import.meta.url));
const styleFile = fileURLToPath(new URL('../../../../public/map/style.json', import.meta.url));

describe('buildBasemap', () => {
  test('draws every road of the demo region as a line', () => {
    const roads = buildBasemap(DEMO_REGION).features.filter((f) => f.properties.kind === 'road');
    expect(roads.map((r) => r.properties.id)).toEqual(DEMO_REGION.roads.map((r) => r.id));
    expect(roads.every((r) => r.geometry.type === 'LineString')).toBe(true);
  });

  test('draws land and water as closed polygons', () => {
    const polygons = buildBasemap(DEMO_REGION).features.filter((f) => f.geometry.type === 'Polygon');
    expect(polygons.some((f) => f.properties.kind === 'land')).toBe(true);
    expect(polygons.some((f) => f.properties.kind === 'water')).toBe(true);
    for (const polygon of polygons) {
      const ring = (polygon.geometry.coordinates as [number, number][][])[0]!;
      expect(ring[0]).toEqual(ring.at(-1));
    }
  });

  test('the committed basemap file is the generated one', () => {
    const generated = `${JSON.stringify(buildBasemap(DEMO_REGION))}\n`;
    if (process.env.UPDATE_BASEMAP) writeFileSync(basemapFile, generated);
    expect(readFileSync(basemapFile, 'utf8')).toBe(generated);
  });
});

test('bufferLine returns a closed ring with two points per vertex', () => {
  const ring = bufferLine(
    [
      [0, 0],
      [1, 0],
    ],
    0.1,
  );
  expect(ring).toEqual([
    [0, 0.1],
    [1, 0.1],
    [1, -0.1],
    [0, -0.1],
    [0, 0.1],
  ]);
});

test('the bundled style needs no network: every source is local and there are no glyphs or sprites', () => {
  const style = JSON.parse(readFileSync(styleFile, 'utf8')) as {
    sources: Record<string, { data?: unknown; url?: string; tiles?: string[] }>;
    glyphs?: string;
    sprite?: string;
    layers: { layout?: Record<string, unknown> }[];
  };
  expect(style.glyphs).toBeUndefined();
  expect(style.sprite).toBeUndefined();
  for (const source of Object.values(style.sources)) {
    expect(source.url).toBeUndefined();
    expect(source.tiles).toBeUndefined();
    expect(String(source.data)).toMatch(/^\/map\//);
  }
  expect(style.layers.some((l) => l.layout && 'text-field' in l.layout)).toBe(false);
});
