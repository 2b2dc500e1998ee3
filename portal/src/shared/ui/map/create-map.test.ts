import { afterEach, expect, test, vi } from 'vitest';
import { endLayoutMotion, startLayoutMotion } from '@/shared/lib/layout-motion';

// MapLibre needs WebGL, which jsdom lacks: a stand-in that counts the frames the map would draw.
const drawn = vi.hoisted(() => ({ frames: 0 }));
vi.mock('maplibre-gl', () => {
  class FakeMap {
    private removeListeners: (() => void)[] = [];
    triggerRepaint() {
      drawn.frames += 1;
    }
    resize() {}
    once(event: string, listener: () => void) {
      if (event === 'remove') this.removeListeners.push(listener);
    }
    remove() {
      for (const listener of this.removeListeners) listener();
    }
  }
  return { default: { Map: FakeMap } };
});

const { createMap } = await import('./create-map');

afterEach(() => {
  endLayoutMotion();
  drawn.frames = 0;
});

test('a map draws when asked while no panel moves', () => {
  const map = createMap({ container: document.createElement('div') });
  map.triggerRepaint();
  map.triggerRepaint();
  expect(drawn.frames).toBe(2);
  map.remove();
});

test('while a panel moves the map draws nothing, then once when it settles', () => {
  const map = createMap({ container: document.createElement('div') });
  startLayoutMotion();
  map.triggerRepaint();
  map.triggerRepaint();
  map.triggerRepaint();
  expect(drawn.frames).toBe(0);
  endLayoutMotion();
  expect(drawn.frames).toBe(1);
  map.remove();
});

test('a map that asked for nothing during a drag does not draw when it settles', () => {
  const map = createMap({ container: document.createElement('div') });
  startLayoutMotion();
  endLayoutMotion();
  expect(drawn.frames).toBe(0);
  map.remove();
});

test('a removed map no longer catches up', () => {
  const map = createMap({ container: document.createElement('div') });
  startLayoutMotion();
  map.triggerRepaint();
  map.remove();
  endLayoutMotion();
  expect(drawn.frames).toBe(0);
});
