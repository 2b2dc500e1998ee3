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

test('setOfflineMode(true) opens no socket and sends no events; setOfflineMode(false) starts both', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  mock.store.socketMessages.length = 0;
  Gleap.setOfflineMode(true);
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await vi.waitFor(() => expect(mock.store.calls.some((c) => c.path === '/sessions')).toBe(true));
  await ready;
  Gleap.trackEvent('checkout');
  await vi.advanceTimersByTimeAsync(12_500);
  expect(mock.store.calls.some((c) => c.path === '/sessions/ping')).toBe(false);
  expect(mock.store.socketMessages).toEqual([]);
  // back online: the events kept meanwhile go out, and the socket opens
  Gleap.setOfflineMode(false);
  await vi.advanceTimersByTimeAsync(2_500);
  await vi.waitFor(() => expect(mock.store.calls.some((c) => c.path === '/sessions/ping')).toBe(true));
  const ping = mock.store.calls.find((c) => c.path === '/sessions/ping')!.body as { events: { name: string }[] };
  expect(ping.events.map((e) => e.name)).toContain('checkout');
  await vi.advanceTimersByTimeAsync(10_000);
  await vi.waitFor(() => expect(mock.store.socketMessages).toContain('PING'));
  // offline again: the socket closes and the stream stops
  Gleap.setOfflineMode(true);
  const pings = mock.store.calls.filter((c) => c.path === '/sessions/ping').length;
  const socketMessages = mock.store.socketMessages.length;
  Gleap.trackEvent('later');
  await vi.advanceTimersByTimeAsync(12_500);
  expect(mock.store.calls.filter((c) => c.path === '/sessions/ping')).toHaveLength(pings);
  expect(mock.store.socketMessages).toHaveLength(socketMessages);
});
