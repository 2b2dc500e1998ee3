import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { failNext } from '../mock/widget-store';
import { KEY, createTestServer, resetWidget } from '../test/widget-harness';
import { settings } from '../core/state';
import { getPingErrors, startPingStream, stopPingStream } from './ping-stream';
import { trackEvent } from './custom-events';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetWidget(mock);
  settings.sdkKey = KEY;
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  stopPingStream();
  vi.useRealTimers();
});

const pings = () => mock.store.calls.filter((c) => c.path === '/sessions/ping');

test('the first ping after 2.5 s carries sessionStarted and the page view', async () => {
  settings.startedAt = Date.now() - 42_000;
  startPingStream({ isOpen: () => false, pageTracking: true });
  await vi.advanceTimersByTimeAsync(2499);
  expect(pings()).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(1);
  await vi.waitFor(() => expect(pings()).toHaveLength(1));
  expect(pings()[0]!.body).toMatchObject({
    events: [{ name: 'sessionStarted' }, { name: 'pageView', data: { page: location.href } }],
    opened: false,
    type: 'js',
    sdkVersion: '14.2.11',
    ws: true,
    // the session duration in whole seconds, as gleap sends it (not a timestamp)
    time: 42,
  });
});

test('no ping goes out while no events are waiting', async () => {
  startPingStream({ isOpen: () => false, pageTracking: true });
  await vi.advanceTimersByTimeAsync(2500);
  await vi.waitFor(() => expect(pings()).toHaveLength(1));
  await vi.advanceTimersByTimeAsync(5000);
  expect(pings()).toHaveLength(1);
});

test('a URL change is tracked as a page view within 1 s', async () => {
  startPingStream({ isOpen: () => false, pageTracking: true });
  await vi.advanceTimersByTimeAsync(2500);
  await vi.waitFor(() => expect(pings()).toHaveLength(1));
  history.pushState({}, '', '/pricing');
  await vi.advanceTimersByTimeAsync(1000);
  await vi.advanceTimersByTimeAsync(1500);
  await vi.waitFor(() => expect(pings()).toHaveLength(2));
  expect(pings()[1]!.body).toMatchObject({
    events: [{ name: 'pageView', data: { page: expect.stringContaining('/pricing') } }],
  });
  history.pushState({}, '', '/');
});

test('page tracking can be disabled', async () => {
  startPingStream({ isOpen: () => false, pageTracking: false });
  await vi.advanceTimersByTimeAsync(2500);
  await vi.waitFor(() => expect(pings()).toHaveLength(1));
  expect((pings()[0]!.body as { events: { name: string }[] }).events.map((e) => e.name)).toEqual(['sessionStarted']);
});

test('sending stops after more than 2 errors and resumes after the 60 s reset', async () => {
  failNext(mock.store, 'POST /sessions/ping', 500, 3);
  startPingStream({ isOpen: () => false, pageTracking: true });
  for (let i = 0; i < 3; i += 1) {
    await vi.advanceTimersByTimeAsync(2500);
    await vi.waitFor(() => expect(pings()).toHaveLength(i + 1));
  }
  expect(getPingErrors()).toBe(3);
  trackEvent('more');
  await vi.advanceTimersByTimeAsync(50_000);
  expect(pings()).toHaveLength(3);
  await vi.advanceTimersByTimeAsync(10_000);
  await vi.advanceTimersByTimeAsync(2500);
  await vi.waitFor(() => expect(pings()).toHaveLength(4));
  expect(getPingErrors()).toBe(0);
});
