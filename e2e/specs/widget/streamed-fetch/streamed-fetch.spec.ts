import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { HOST_ORIGIN, routeFakeApi } from '../support/fake-api';

type HostWindow = Window & {
  readFirstChunk(url: string): Promise<string>;
  Gleap: { sendSilentCrashReport(d: string): void };
};

let server: Server;
let base = '';
/** Responses still open: the server never ends them during the test, so only a streaming reader can see a chunk. */
const open = new Set<() => void>();

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
    if (req.url === '/events') res.writeHead(200, { ...headers, 'content-type': 'text/event-stream' });
    else res.writeHead(200, { ...headers, 'content-type': 'text/plain' });
    res.write(req.url === '/events' ? 'data: first\n\n' : 'first chunk');
    open.add(() => res.end());
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  for (const end of open) end();
  await new Promise((ok) => server.close(ok));
});

test.beforeEach(async ({ page }) => {
  await routeFakeApi(page);
  await page.goto(`${HOST_ORIGIN}/streamed-fetch/`);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
});

test('the host page reads the first server-sent event while the response is still open', async ({ page }) => {
  const chunk = await page.evaluate((url) => (window as unknown as HostWindow).readFirstChunk(url), `${base}/events`);
  expect(chunk).toBe('data: first\n\n');
});

test('the host page reads the first chunk of an unbounded text stream while it is still open', async ({ page }) => {
  const chunk = await page.evaluate((url) => (window as unknown as HostWindow).readFirstChunk(url), `${base}/text`);
  expect(chunk).toBe('first chunk');
});

test('the network log records the event stream without reading its body', async ({ page }) => {
  const api = await routeFakeApi(page);
  await page.evaluate((url) => (window as unknown as HostWindow).readFirstChunk(url), `${base}/events`);
  await page.evaluate(() => (window as unknown as HostWindow).Gleap.sendSilentCrashReport('stream check'));
  await expect.poll(() => api.bugReports().length).toBe(1);
  const logs = api.bugReports()[0]!.networkLogs as { url: string; response: { responseText: string } }[];
  const entry = logs.find((e) => e.url.endsWith('/events'))!;
  expect(entry.response.responseText).toBe('<streamed_content_not_recorded>');
});
