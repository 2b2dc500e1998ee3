import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { KEY, createTestServer, resetWidget } from '../test/widget-harness';
import { addNetworkLogs } from '../logs/network-logger';
import { applyServerConfig } from './config';
import { buildReport } from './report';
import { startSession } from './session';
import { settings } from './state';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetWidget(mock);
  settings.sdkKey = KEY;
});
afterEach(() => vi.restoreAllMocks());

const NONE = { screenshot: true, replays: true };

test('a silent crash report names the session e-mail as reportedBy, as gleap does', async () => {
  mock.store.sessions.clear();
  await startSession();
  const s = [...mock.store.sessions.values()][0]!;
  s.email = 'ada@example.com';
  await startSession();
  const crash = await buildReport({
    type: 'CRASH',
    isSilent: true,
    formData: { description: 'boom' },
    excludeData: NONE,
  });
  expect(crash.formData).toEqual({ description: 'boom', reportedBy: 'ada@example.com' });
  const bug = await buildReport({ type: 'BUG', formData: { description: 'form' }, excludeData: NONE });
  expect(bug.formData.reportedBy).toBeUndefined();
});

/** The URLs a report's snapshot fetched to inline them (the test page is on localhost, not live by itself). */
async function inlinedBySnapshot(): Promise<string[]> {
  document.body.innerHTML = '<img src="/logo.png" alt="logo">';
  // an image that cannot be inlined is left as it is, with a warning
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
  const report = await buildReport({ excludeData: { replays: true } });
  expect(report.screenshotData?.html).toContain('logo.png');
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  return fetch.mock.calls.map(([url]) => String(url));
}

test('the snapshot follows the one live-mode rule: setLiveSite(true) sends resources by URL, offline mode inlines them', async () => {
  expect(await inlinedBySnapshot()).toEqual([`${location.origin}/logo.png`]);
  settings.liveSite = true;
  expect(await inlinedBySnapshot()).toEqual([]);
  settings.offline = true;
  expect(await inlinedBySnapshot()).toEqual([`${location.origin}/logo.png`]);
});

function resource(name: string, initiatorType: string): PerformanceResourceTiming {
  return { name, initiatorType, startTime: 10, duration: 12.4 } as PerformanceResourceTiming;
}

test('fetch and XHR requests the logger did not log are added as RESOURCE entries; other resources only on request', async () => {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    resource('https://shop.test/api/cart', 'fetch'),
    resource('https://shop.test/api/logged', 'fetch'),
    resource('https://shop.test/legacy', 'xmlhttprequest'),
    resource('https://shop.test/logo.png', 'img'),
    resource(`${settings.apiUrl}/sessions/ping`, 'fetch'),
  ]);
  addNetworkLogs([{ url: 'https://shop.test/api/logged', date: new Date().toISOString(), type: 'POST' }]);
  const report = await buildReport({ excludeData: NONE });
  expect(report.networkLogs?.map((e) => [e.type, e.url])).toEqual([
    ['POST', 'https://shop.test/api/logged'],
    ['RESOURCE', 'https://shop.test/api/cart'],
    ['RESOURCE', 'https://shop.test/legacy'],
  ]);
  expect(report.networkLogs?.[1]).toMatchObject({ initiatorType: 'fetch', duration: 12 });
  applyServerConfig({ flowConfig: { sendNetworkResources: true } });
  const all = await buildReport({ excludeData: NONE });
  expect(all.networkLogs?.map((e) => e.url)).toContain('https://shop.test/logo.png');
});
