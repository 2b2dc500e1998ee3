import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { Gleap } from '../index';
import { API, KEY, WS, FRAME, createTestServer, resetWidget } from '../test/widget-harness';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(() => {
  resetWidget(mock);
  Gleap.setApiUrl(API);
  Gleap.setWSApiUrl(WS);
  Gleap.setFrameUrl(FRAME);
});
afterEach(() => {
  resetWidget(mock);
  vi.useRealTimers();
});

test('on localhost (not live) the ping stream and the WebSocket still run, as in gleap', async () => {
  expect(location.hostname).toBe('localhost');
  expect(Gleap.isLiveMode()).toBe(false);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await vi.waitFor(() => expect(mock.store.calls.some((c) => c.path === '/sessions')).toBe(true));
  await ready;
  Gleap.trackEvent('checkout');
  await vi.advanceTimersByTimeAsync(2_500);
  await vi.waitFor(() => expect(mock.store.calls.some((c) => c.path === '/sessions/ping')).toBe(true));
  const ping = mock.store.calls.find((c) => c.path === '/sessions/ping')!.body as { events: { name: string }[] };
  expect(ping.events.map((e) => e.name)).toEqual(expect.arrayContaining(['sessionStarted', 'pageView', 'checkout']));
  await vi.advanceTimersByTimeAsync(10_000);
  await vi.waitFor(() => expect(mock.store.socketMessages).toContain('PING'));
});
