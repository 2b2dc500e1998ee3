import { expect, test } from 'vitest';
import { between, inViewport, overlayPath, placePopover, pointerAt, stageOf } from './geometry';

test('the stage is the element grown by the padding of 10 on every side', () => {
  expect(stageOf({ left: 100, top: 200, width: 80, height: 20 })).toEqual({ x: 90, y: 190, w: 100, h: 40 });
});

test('the overlay path cuts the stage out with corners of radius 5; no stage dims everything', () => {
  const d = overlayPath(1000, 800, { x: 90, y: 190, w: 100, h: 40 });
  expect(d.startsWith('M0 0H1000V800H0Z')).toBe(true);
  expect(d).toContain('M95 190h90a5 5 0 0 1 5 5v30a5 5 0 0 1 -5 5h-90a5 5 0 0 1 -5 -5v-30a5 5 0 0 1 5 -5z');
  expect(overlayPath(1000, 800, null)).toBe('M0 0H1000V800H0Z');
  expect(overlayPath(1000, 800, { x: 1, y: 1, w: 0, h: 0 })).toBe('M0 0H1000V800H0Z');
  // a stage smaller than two radii gets smaller corners
  expect(overlayPath(100, 100, { x: 0, y: 0, w: 4, h: 4 })).toContain('a2 2 0 0 1 2 2');
});

test('the popover goes 10 px below the stage, else above, right, left; centred when nothing fits', () => {
  const pop = { w: 200, h: 100 };
  const s = { x: 400, y: 100, w: 100, h: 40 };
  expect(placePopover(s, pop, 1000, 800)).toEqual({ x: 350, y: 150, side: 'bottom', arrow: 100 });
  expect(placePopover({ ...s, y: 700 }, pop, 1000, 800)).toMatchObject({ y: 590, side: 'top' });
  expect(placePopover({ x: 10, y: 10, w: 100, h: 780 }, pop, 1000, 800)).toMatchObject({ x: 120, side: 'right' });
  expect(placePopover({ x: 700, y: 10, w: 290, h: 780 }, pop, 1000, 800)).toMatchObject({ x: 490, side: 'left' });
  expect(placePopover({ x: 0, y: 0, w: 1000, h: 800 }, pop, 1000, 800)).toEqual({
    x: 400,
    y: 350,
    side: 'center',
    arrow: 0,
  });
  // the dummy: centred
  expect(placePopover(null, pop, 1000, 800)).toEqual({ x: 400, y: 350, side: 'center', arrow: 0 });
  // kept 8 px inside the viewport, the arrow still points at the stage
  const edge = placePopover({ x: 0, y: 100, w: 40, h: 40 }, pop, 1000, 800);
  expect(edge).toMatchObject({ x: 8, side: 'bottom', arrow: 12 });
});

test('the stage moves eased from one box to the next', () => {
  const a = { x: 0, y: 0, w: 10, h: 10 };
  const b = { x: 100, y: 50, w: 30, h: 10 };
  expect(between(a, b, 0)).toEqual(a);
  expect(between(a, b, 1)).toEqual(b);
  expect(between(a, b, 0.5)).toEqual({ x: 50, y: 25, w: 20, h: 10 });
  expect(between(a, b, 0.25).x).toBeLessThan(25);
});

test('in viewport means wholly inside it', () => {
  expect(inViewport({ top: 0, left: 0, bottom: 800, right: 1000 }, 1000, 800)).toBe(true);
  expect(inViewport({ top: -1, left: 0, bottom: 10, right: 10 }, 1000, 800)).toBe(false);
  expect(inViewport({ top: 790, left: 0, bottom: 801, right: 10 }, 1000, 800)).toBe(false);
});

test('the co-browse pointer tips 10 px below the element centre; its 350 px bubble opens left when it would not fit', () => {
  const r = { left: 100, top: 200, width: 80, height: 20 };
  expect(pointerAt(r, 1200, 800)).toEqual({ x: 140, y: 220, left: false, centred: false });
  // 140 + 350 > 500 - 20
  expect(pointerAt(r, 500, 800).left).toBe(true);
  // exactly fits: 140 + 350 = 510 = 530 - 20
  expect(pointerAt(r, 530, 800).left).toBe(false);
  // a narrow viewport: the bubble is the viewport less 40 wide (360 - 40 = 320; 140 + 320 > 340)
  expect(pointerAt(r, 360, 800).left).toBe(true);
  expect(pointerAt({ ...r, left: 0, width: 10 }, 360, 800).left).toBe(false);
  expect(pointerAt(null, 1000, 600)).toEqual({ x: 500, y: 300, left: false, centred: true });
});
