import { describe, expect, test } from 'vitest';
import { ONE_PIXEL_GIF } from './constants';
import { capReplayEvent, ReplayBuffer } from './replay-events';
import type { ReplayEvent } from './types';

const ev = (timestamp: number, data: unknown = {}): ReplayEvent => ({ type: 3, data, timestamp });
const meta = (timestamp: number): ReplayEvent => ({ type: 4, data: {}, timestamp });
const full = (timestamp: number): ReplayEvent => ({ type: 2, data: {}, timestamp });

describe('capReplayEvent', () => {
  test('returns an event under the cap unchanged', () => {
    const event = ev(1, { src: 'data:image/png;base64,AAAA' });
    expect(capReplayEvent(event, 1000)).toBe(event);
  });

  test('replaces image data URLs of an oversized event by a 1-pixel placeholder', () => {
    const big = `data:image/png;base64,${'A'.repeat(5000)}`;
    const out = capReplayEvent(ev(1, { node: { attributes: { src: big } } }), 1000);
    expect(out.data).toEqual({ node: { attributes: { src: ONE_PIXEL_GIF } } });
  });

  test('removes other data URLs of an oversized event', () => {
    const font = `data:font/woff2;base64,${'B'.repeat(5000)}`;
    const out = capReplayEvent(ev(1, { css: `@font-face{src:url(${font})}` }), 1000);
    expect(out.data).toEqual({ css: '@font-face{src:url()}' });
  });

  test('uses 4,000,000 characters as the default cap', () => {
    const event = ev(1, { src: `data:image/png;base64,${'A'.repeat(3_999_000)}` });
    expect(capReplayEvent(event)).toBe(event);
    const bigger = ev(1, { src: `data:image/png;base64,${'A'.repeat(4_000_001)}` });
    expect(capReplayEvent(bigger).data).toEqual({ src: ONE_PIXEL_GIF });
  });
});

describe('ReplayBuffer', () => {
  test('keeps events in order until the first checkout', () => {
    const buffer = new ReplayBuffer();
    buffer.add(ev(1));
    buffer.add(ev(2));
    expect(buffer.events().map((e) => e.timestamp)).toEqual([1, 2]);
  });

  test('keeps only the current and the previous segment across checkouts', () => {
    const buffer = new ReplayBuffer();
    buffer.add(ev(1));
    buffer.add(ev(2));
    buffer.add(meta(3), true);
    buffer.add(ev(4));
    buffer.add(meta(5), true);
    buffer.add(ev(6));
    expect(buffer.events().map((e) => e.timestamp)).toEqual([3, 4, 5, 6]);
  });

  test('keeps a checkout Meta and FullSnapshot together in one segment, as rrweb flags both', () => {
    const buffer = new ReplayBuffer();
    for (const [e, checkout] of [
      [meta(1), false],
      [full(2), false],
      [ev(3), false],
      [meta(4), true],
      [full(5), true],
      [ev(6), false],
    ] as const) {
      buffer.add(e, checkout);
    }
    expect(buffer.events().map((e) => e.timestamp)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(buffer.events().filter((e) => e.type === 2)).toHaveLength(2);
  });

  test('stays bounded however many segments pass', () => {
    const buffer = new ReplayBuffer();
    for (let segment = 0; segment < 1000; segment += 1) {
      for (let i = 0; i < 10; i += 1) buffer.add(i === 0 ? meta(segment * 10) : ev(segment * 10 + i), i === 0);
    }
    expect(buffer.size).toBe(20);
  });

  test('is empty after clear', () => {
    const buffer = new ReplayBuffer();
    buffer.add(ev(1));
    buffer.clear();
    expect(buffer.events()).toEqual([]);
  });
});
