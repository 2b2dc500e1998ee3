import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { Gleap } from '../../index';
import { API, FRAME, KEY, WS, createTestServer, resetWidget, settle } from '../../test/widget-harness';

const BUILDER = 'https://builder.test';
const { mock, server } = createTestServer();
let opener: { postMessage: ReturnType<typeof vi.fn> };

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(() => {
  resetWidget(mock);
  Gleap.setApiUrl(API);
  Gleap.setWSApiUrl(WS);
  Gleap.setFrameUrl(FRAME);
  Gleap.setBuilderUrl(BUILDER);
  opener = { postMessage: vi.fn() };
});
afterEach(() => {
  resetWidget(mock);
  Gleap.setBuilderUrl('');
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  (window as { gleapAdminDisabled?: boolean }).gleapAdminDisabled = undefined;
});

const openedBy = (win: unknown) =>
  Object.defineProperty(window, 'opener', { value: win, configurable: true, writable: true });
const sendLoad = () =>
  window.dispatchEvent(
    new MessageEvent('message', {
      data: JSON.stringify({ name: 'load', data: { type: 'producttours' }, type: 'admin' }),
      origin: BUILDER,
      source: opener as unknown as Window,
    }),
  );

test('initialize on a page another window opened says init to the builder origin; the builder comes with its load', async () => {
  openedBy(opener);
  Gleap.initialize(KEY);
  await vi.waitFor(() => expect(opener.postMessage).toHaveBeenCalledTimes(1));
  expect(opener.postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'admin', name: 'init' }), BUILDER);
  // the builder chunk loads on this first answer, and handles it: the frame comes up without a second load
  sendLoad();
  await vi.waitFor(() => expect(document.querySelector('voltline-builder')).not.toBeNull());
  expect(opener.postMessage).toHaveBeenCalledTimes(1);
  // destroy takes the builder away with the rest of the widget
  Gleap.destroy();
  expect(document.querySelector('voltline-builder')).toBeNull();
  sendLoad();
  expect(document.querySelector('voltline-builder')).toBeNull();
});

test('a page nobody opened never loads the builder', async () => {
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await ready;
  await settle();
  // had the chunk started, a load from this window would now bring the builder up
  openedBy(opener);
  sendLoad();
  expect(document.querySelector('voltline-builder')).toBeNull();
  expect(opener.postMessage).not.toHaveBeenCalled();
});

test('window.gleapAdminDisabled keeps the builder off on a page the builder opened', async () => {
  openedBy(opener);
  (window as { gleapAdminDisabled?: boolean }).gleapAdminDisabled = true;
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await ready;
  sendLoad();
  expect(opener.postMessage).not.toHaveBeenCalled();
  expect(document.querySelector('voltline-builder')).toBeNull();
});
