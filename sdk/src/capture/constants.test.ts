import { describe, expect, test } from 'vitest';
import { DEFAULT_COLOR, DRAWING, RECORDING, REPLAY, REPLAY_MOUSE_INTERACTIONS, SNAPSHOT, SWATCHES } from './constants';

// Spec §9 pins these numbers; a change here must be a decision, not an accident.
describe('capture constants', () => {
  test('screenshot images fit 500 x 500, canvases 1400 wide, JPEG 0.7', () => {
    expect([SNAPSHOT.imageMaxWidth, SNAPSHOT.imageMaxHeight, SNAPSHOT.canvasMaxWidth, SNAPSHOT.jpegQuality]).toEqual([
      500, 500, 1400, 0.7,
    ]);
  });

  test('replay uses the gl classes, 0.7 images, 150 ms scroll and 50 ms mouse sampling, 5 s time-outs', () => {
    expect(REPLAY).toMatchObject({
      blockClass: 'gl-block',
      ignoreClass: 'gl-ignore',
      maskTextClass: 'gl-mask',
      imageQuality: 0.7,
      scrollSamplingMs: 150,
      mouseMoveSamplingMs: 50,
      iframeLoadTimeoutMs: 5000,
      stylesheetLoadTimeoutMs: 5000,
      recordCanvas: false,
      collectFonts: false,
      recordCrossOriginIframes: false,
      maxEventChars: 4_000_000,
    });
  });

  test('replay records clicks, context menus, double clicks, focus, blur and touch start only', () => {
    expect(REPLAY_MOUSE_INTERACTIONS).toEqual({
      MouseUp: false,
      MouseDown: false,
      Click: true,
      ContextMenu: true,
      DblClick: true,
      Focus: true,
      Blur: true,
      TouchStart: true,
      TouchEnd: false,
    });
  });

  test('screen recording lasts at most 120 s in 200 ms chunks', () => {
    expect([RECORDING.maxDurationMs, RECORDING.chunkMs]).toEqual([120_000, 200]);
  });

  test('drawing uses pen 12 AA, rectangle 6, blur 40 black and a 4-point smoothing buffer', () => {
    expect(DRAWING).toMatchObject({
      penWidth: 12,
      penOpacitySuffix: 'AA',
      rectangleWidth: 6,
      blurWidth: 40,
      blurColor: '#000000',
      smoothingBuffer: 4,
    });
  });

  test('offers the seven swatches with red first and default', () => {
    expect(SWATCHES).toEqual(['#EB144C', '#FF6705', '#FDB903', '#9900EE', '#00D082', '#0A93E4', '#CCCCCC']);
    expect(DEFAULT_COLOR).toBe('#EB144C');
  });
});
