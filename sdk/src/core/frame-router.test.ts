import { afterEach, expect, test, vi } from 'vitest';
import { getConsoleLogs } from '../logs/console-logger';
import { type FrameToWidget, MESSAGE_NAMES, type MessageOf } from '../protocol/messages';
import { createMessageRouter, frameMessages } from './frame-router';
import { coreFrameHandlers } from './widget';

const offs: (() => void)[] = [];
afterEach(() => {
  for (const off of offs.splice(0)) off();
});

const message = <K extends keyof FrameToWidget>(name: K, data: FrameToWidget[K], extra = {}) =>
  ({ ...extra, name, data }) as MessageOf<FrameToWidget>;

test('a registered handler gets the typed data and the envelope', () => {
  const router = createMessageRouter<FrameToWidget>('test');
  const handler = vi.fn((data: { tourId: string }, envelope: { name: string }) => [data.tourId, envelope.name]);
  offs.push(router.on('start-product-tour', handler));
  router.dispatch(message('start-product-tour', { tourId: 't1' }, { extra: 1 }));
  expect(handler).toHaveBeenCalledWith(
    { tourId: 't1' },
    { name: 'start-product-tour', data: { tourId: 't1' }, extra: 1 },
  );
  // @ts-expect-error: the data of open-url is a string
  router.on('open-url', (url: number) => url);
});

test('handlers of one name run in registration order, and off removes only its own', () => {
  const router = createMessageRouter<FrameToWidget>('test');
  const calls: string[] = [];
  const offA = router.on('close-widget', () => calls.push('a'));
  router.on('close-widget', () => calls.push('b'));
  router.dispatch(message('close-widget', undefined));
  offA();
  router.dispatch(message('close-widget', undefined));
  expect(calls).toEqual(['a', 'b', 'b']);
});

test('a table registers at once and its off removes all of it', () => {
  const router = createMessageRouter<FrameToWidget>('test');
  const ping = vi.fn();
  const height = vi.fn();
  const off = router.register({ ping, 'height-update': height });
  expect(router.handles('ping') && router.handles('height-update')).toBe(true);
  off();
  router.dispatch(message('ping', undefined));
  expect(router.handles('ping') || router.handles('height-update')).toBe(false);
  expect(ping).not.toHaveBeenCalled();
});

test('a throwing handler is logged, does not reach the caller and does not stop the next handler', () => {
  const router = createMessageRouter<FrameToWidget>('Router test');
  const next = vi.fn();
  router.on('tool-execution', () => {
    throw new Error('boom');
  });
  router.on('tool-execution', next);
  expect(() => router.dispatch(message('tool-execution', {}))).not.toThrow();
  expect(next).toHaveBeenCalledOnce();
  expect(getConsoleLogs()).toContainEqual(
    expect.objectContaining({ log: 'Router test: Error: boom', priority: 'ERROR' }),
  );
});

test('the core handles every message the frame sends today, through the frame router', () => {
  for (const name of MESSAGE_NAMES.frameToWidget) {
    expect(coreFrameHandlers[name], name).toBeTypeOf('function');
    expect(frameMessages.handles(name), name).toBe(true);
  }
});
