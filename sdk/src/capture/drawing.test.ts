import { afterEach, describe, expect, test } from 'vitest';
import {
  DRAWING_LAYER_ID,
  ensureDrawingLayer,
  normalizeRect,
  pathData,
  removeDrawingLayer,
  ShapeInProgress,
  StrokeSmoother,
  strokeStyle,
} from './drawing';

afterEach(() => removeDrawingLayer());

describe('normalizeRect', () => {
  test('keeps a rectangle dragged down and right as it is', () => {
    expect(normalizeRect({ x: 10, y: 20 }, { x: 60, y: 80 })).toEqual({ x: 10, y: 20, width: 50, height: 60 });
  });

  test('moves the origin to the top-left corner when dragged up and left', () => {
    expect(normalizeRect({ x: 60, y: 80 }, { x: 10, y: 20 })).toEqual({ x: 10, y: 20, width: 50, height: 60 });
  });

  test('handles a drag up and right', () => {
    expect(normalizeRect({ x: 10, y: 80 }, { x: 60, y: 20 })).toEqual({ x: 10, y: 20, width: 50, height: 60 });
  });
});

describe('StrokeSmoother', () => {
  test('returns the first point unchanged', () => {
    expect(new StrokeSmoother(4).add({ x: 5, y: 5 })).toEqual({ x: 5, y: 5 });
  });

  test('averages the points seen so far while the buffer fills', () => {
    const s = new StrokeSmoother(4);
    s.add({ x: 0, y: 0 });
    expect(s.add({ x: 10, y: 20 })).toEqual({ x: 5, y: 10 });
  });

  test('averages only the last four points', () => {
    const s = new StrokeSmoother(4);
    for (const x of [0, 4, 8, 12]) s.add({ x, y: 0 });
    expect(s.add({ x: 16, y: 0 })).toEqual({ x: 10, y: 0 });
  });

  test('flush draws the stroke on to the last raw point', () => {
    const s = new StrokeSmoother(4);
    for (const x of [0, 4, 8, 12]) s.add({ x, y: 0 });
    const tail = s.flush();
    expect(tail.at(-1)).toEqual({ x: 12, y: 0 });
    expect(tail).toHaveLength(3);
  });

  test('takes the jitter out of a zigzag', () => {
    const s = new StrokeSmoother(4);
    const ys = [0, 10, 0, 10, 0, 10, 0, 10].map((y, x) => s.add({ x, y }).y);
    expect(Math.max(...ys.slice(4)) - Math.min(...ys.slice(4))).toBeLessThanOrEqual(2.5);
  });
});

describe('strokeStyle', () => {
  test('draws the pen 12 wide in the colour with AA opacity', () => {
    expect(strokeStyle('pen', '#EB144C')).toEqual({ stroke: '#EB144CAA', width: 12 });
  });

  test('draws rectangles 6 wide in the colour', () => {
    expect(strokeStyle('rectangle', '#0A93E4')).toEqual({ stroke: '#0A93E4', width: 6 });
  });

  test('draws blur 40 wide in black whatever the colour', () => {
    expect(strokeStyle('blur', '#0A93E4')).toEqual({ stroke: '#000000', width: 40 });
  });
});

describe('pathData', () => {
  test('moves to the first point and draws lines to the rest', () => {
    expect(
      pathData([
        { x: 1, y: 2 },
        { x: 3.04999, y: 4 },
      ]),
    ).toBe('M1 2 L3 4');
  });
});

describe('ShapeInProgress', () => {
  test('puts a normalised rectangle on the drawing layer in the page', () => {
    const layer = ensureDrawingLayer();
    const shape = new ShapeInProgress(layer, 'rectangle', '#EB144C', { x: 100, y: 100 });
    shape.extend({ x: 40, y: 30 });
    expect(shape.finish()).toBe(true);
    const rect = document.querySelector(`#${DRAWING_LAYER_ID} rect`)!;
    expect([
      rect.getAttribute('x'),
      rect.getAttribute('y'),
      rect.getAttribute('width'),
      rect.getAttribute('height'),
    ]).toEqual(['40', '30', '60', '70']);
    expect(rect.getAttribute('stroke')).toBe('#EB144C');
  });

  test('drops a rectangle that is only a click', () => {
    const layer = ensureDrawingLayer();
    const shape = new ShapeInProgress(layer, 'rectangle', '#EB144C', { x: 10, y: 10 });
    expect(shape.finish()).toBe(false);
    expect(layer.childElementCount).toBe(0);
  });

  test('draws a pen stroke as a smoothed path', () => {
    const layer = ensureDrawingLayer();
    const shape = new ShapeInProgress(layer, 'pen', '#00D082', { x: 0, y: 0 });
    shape.extend({ x: 10, y: 0 });
    shape.finish();
    const path = layer.querySelector('path')!;
    expect(path.getAttribute('d')).toBe('M0 0 L5 0 L10 0');
    expect(path.getAttribute('stroke')).toBe('#00D082AA');
  });

  test('creates the layer once and removes it with everything drawn', () => {
    expect(ensureDrawingLayer()).toBe(ensureDrawingLayer());
    removeDrawingLayer();
    expect(document.getElementById(DRAWING_LAYER_ID)).toBeNull();
  });
});
