import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { redactReplayUrls } from '../capture/replay-privacy';
import { takeSnapshot } from '../capture/snapshot';
import { startConsoleLogger, stopConsoleLogger } from '../logs/console-recorder';
import { getNetworkLogs } from '../logs/network-log';
import { startNetworkLogger, stopNetworkLogger } from '../logs/network-logger';
import { createTestServer, resetWidget } from '../test/widget-harness';
import { buildReport } from './report';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(() => resetWidget(mock));
afterEach(() => {
  stopConsoleLogger();
  stopNetworkLogger();
  history.replaceState(null, '', '/');
});

test('a report built on a page with planted secrets holds none of them', async () => {
  server.use(
    http.post('https://shop.test/login', () =>
      HttpResponse.json({ user: 'ada', session: { refresh_token: 'SECRET-RES-BODY' } }),
    ),
  );
  history.replaceState(null, '', '/account?sessionToken=SECRET-QUERY#access_token=SECRET-HASH');
  document.body.innerHTML = `
    <input name="apiKey" value="SECRET-INPUT-NAME"><input id="user-otp" autocomplete="one-time-code" value="SECRET-OTP">
    <input autocomplete="cc-number" value="SECRET-CARD"><a href="/reset?token=SECRET-HREF">reset</a>`;
  startConsoleLogger();
  startNetworkLogger();
  console.log('login', { user: 'ada', auth: { accessToken: 'SECRET-CONSOLE-NESTED' }, list: [{ pin: 'SECRET-PIN' }] });
  await fetch('https://shop.test/login?api_key=SECRET-REQ-QUERY', {
    method: 'POST',
    headers: { 'X-Auth-Token': 'SECRET-HEADER', 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'ada@example.com', password: 'SECRET-REQ-BODY' }),
  });
  for (let i = 0; i < 100 && getNetworkLogs().length < 1; i += 1) await new Promise((r) => setTimeout(r, 5));
  const report = await buildReport({ formData: { description: 'planted' }, excludeData: { replays: true } });
  report.screenshotData = { ...(await takeSnapshot()), x: 0, y: 0 };
  const replayMeta = redactReplayUrls({ type: 4, data: { href: location.href }, timestamp: 1 });
  const wire = JSON.stringify([report, replayMeta]);
  expect(wire).toContain('ada@example.com');
  expect(wire).toContain('/reset?token=');
  expect(wire).toContain('shop.test/login?api_key=');
  expect(wire.match(/SECRET-[A-Z-]+/g) ?? []).toEqual([]);
});
