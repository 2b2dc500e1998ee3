import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { EngageCore } from '../../core/engage-port';
import { settings } from '../../core/state';
import { BUILDER_URL, DISABLED_FLAG, OPENER_TYPE } from './constants';
import { openerOrigin, start, stop, use } from './opener';

// the builder chunk, watched: it must load only when the builder answers, and get that answer handed over
const builder = vi.hoisted(() => ({ use: vi.fn(), start: vi.fn(), stopped: vi.fn() }));
vi.mock('./builder', () => ({
  use: builder.use,
  start: (first: MessageEvent) => {
    builder.start(first);
    return builder.stopped;
  },
}));

const ORIGIN = 'https://builder.test';
let opener: { postMessage: ReturnType<typeof vi.fn> };

beforeEach(() => {
  opener = { postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
  settings.builderUrl = 'https://builder.test/app/';
  use({ settings } as unknown as EngageCore);
});

afterEach(() => {
  stop();
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  delete (window as { gleapAdminDisabled?: boolean }).gleapAdminDisabled;
  settings.builderUrl = '';
  vi.clearAllMocks();
});

const message = (origin: string, source: unknown, name = 'load') =>
  new MessageEvent('message', {
    data: JSON.stringify({ type: 'admin', name, data: { type: 'producttours' } }),
    origin,
    source: source as Window,
  });
const settle = () => new Promise((r) => setTimeout(r, 0));

test('says init to the opener at the builder origin only, with type admin, and loads nothing yet', async () => {
  start();
  expect(opener.postMessage).toHaveBeenCalledTimes(1);
  expect(opener.postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'admin', name: 'init' }), ORIGIN);
  // a second start (a second initialize) does not say it again
  start();
  expect(opener.postMessage).toHaveBeenCalledTimes(1);
  await settle();
  expect(builder.start).not.toHaveBeenCalled();
});

test("the builder chunk loads on the opener's first answer from the builder origin, which it is handed", async () => {
  const stopAll = start();
  const load = message(ORIGIN, opener);
  window.dispatchEvent(load);
  await vi.waitFor(() => expect(builder.start).toHaveBeenCalledWith(load));
  expect(builder.use).toHaveBeenCalledWith(expect.objectContaining({ settings }));
  // later messages go to the builder's own listener, not through here again
  window.dispatchEvent(message(ORIGIN, opener, 'smartlink-search-result'));
  await settle();
  expect(builder.start).toHaveBeenCalledTimes(1);
  stopAll();
  expect(builder.stopped).toHaveBeenCalledTimes(1);
});

test('messages from another origin, from another window, or after stop never load the builder chunk', async () => {
  start();
  window.dispatchEvent(message('https://evil.test', opener));
  window.dispatchEvent(message(ORIGIN, window));
  window.dispatchEvent(message(ORIGIN, null));
  await settle();
  expect(builder.start).not.toHaveBeenCalled();
  stop();
  window.dispatchEvent(message(ORIGIN, opener));
  await settle();
  expect(builder.start).not.toHaveBeenCalled();
});

test('nothing is said or loaded without an opener, with window.gleapAdminDisabled, or a builder URL not http(s)', async () => {
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  start();
  (window as { gleapAdminDisabled?: boolean }).gleapAdminDisabled = true;
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
  start();
  delete (window as { gleapAdminDisabled?: boolean }).gleapAdminDisabled;
  settings.builderUrl = 'javascript:alert(1)';
  start();
  expect(opener.postMessage).not.toHaveBeenCalled();
  window.dispatchEvent(message(ORIGIN, opener));
  await settle();
  expect(builder.start).not.toHaveBeenCalled();
});

test("the default builder origin is gleap's, and the door's wire words are the builder's constants", () => {
  settings.builderUrl = '';
  expect(openerOrigin()).toBe('https://app.gleap.io');
  expect(openerOrigin()).toBe(new URL(BUILDER_URL).origin);
  expect([DISABLED_FLAG, OPENER_TYPE]).toEqual(['gleapAdminDisabled', 'admin']);
});
