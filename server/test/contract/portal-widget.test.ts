import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseRuntimeConfig } from '@/config/env-schema';
import { createTestServer, type TestServer } from '../helpers';

/**
 * The portal reports to itself (issue 38 item 5, decision 0118): with the demo world seeded, `/config.json` points the
 * portal's own widget at this server's widget API with the seeded key, and the widget's script is served beside it.
 */
const widgetDir = mkdtempSync(join(tmpdir(), 'voltline-widget-'));
const messengerDir = mkdtempSync(join(tmpdir(), 'voltline-messenger-'));
let server: TestServer;

beforeAll(async () => {
  writeFileSync(join(widgetDir, 'index.umd.js'), 'window.Gleap = {};');
  writeFileSync(join(messengerDir, 'index.html'), '<!doctype html><title>Messenger</title>');
  server = await createTestServer({ WIDGET_DIR: widgetDir, MESSENGER_DIR: messengerDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(widgetDir, { recursive: true, force: true });
  rmSync(messengerDir, { recursive: true, force: true });
});

test("/config.json names this server's widget API, its WebSocket and the seeded key, which the portal accepts", async () => {
  const response = await server.call({ method: 'GET', url: '/config.json', headers: { host: 'fleet.example.com' } });
  const config = response.json();
  expect(config).toEqual({
    apiUrl: '/api',
    mqttUrl: 'ws://fleet.example.com/mqtt',
    widgetKey: 'demo-widget-key',
    widgetApiUrl: '/widget-api',
    widgetWsUrl: 'ws://fleet.example.com/widget-ws',
    widgetFrameUrl: '/messenger/index.html',
  });
  expect(parseRuntimeConfig(config)).toEqual(config);
});

test('a report sent with what /config.json names lands in the inbox', async () => {
  const { widgetKey, widgetApiUrl } = (await server.call({ method: 'GET', url: '/config.json' })).json();
  const sent = await server.call({
    method: 'POST',
    url: `${widgetApiUrl}/bugs/v2`,
    headers: { 'content-type': 'application/json', 'api-token': widgetKey },
    payload: JSON.stringify({
      type: 'BUG',
      formData: { description: 'Sent from the portal to itself' },
      metaData: { currentUrl: 'http://fleet.example.com/vehicles' },
    }),
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const inbox = await server.call({
    method: 'GET',
    url: '/api/feedback-reports?q=to%20itself',
    token: await server.tokenOf('SA'),
  });
  expect(inbox.json().items.map((r: { id: string }) => r.id)).toEqual([sent.json().id]);
});

test("the widget's script is served at /widget/ for the portal's tag", async () => {
  const script = await server.call({ method: 'GET', url: '/widget/index.umd.js' });
  expect(script.statusCode).toBe(200);
  expect(script.headers['content-type']).toContain('javascript');
  expect(script.body).toBe('window.Gleap = {};');
});

test('the messenger frame is served under /messenger/, framable by any page (decision 0132); the portal is framable by none', async () => {
  const frame = await server.call({ method: 'GET', url: '/messenger/index.html', headers: { accept: 'text/html' } });
  expect(frame.statusCode, frame.body).toBe(200);
  expect(frame.body).toContain('<title>Messenger</title>');
  expect(frame.headers['content-security-policy']).toContain('frame-ancestors *');
  expect(frame.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
  expect(frame.headers['content-security-policy']).toContain("script-src 'self'");
  expect(frame.headers['x-frame-options']).toBeUndefined();
  const page = await server.call({ method: 'GET', url: '/config.json' });
  expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(page.headers['x-frame-options']).toBe('DENY');
});

test("a frame opened at the server's root (gleap's frame URL is an origin) is sent to the messenger; a page is not", async () => {
  const frame = await server.call({
    method: 'GET',
    url: '/',
    headers: { accept: 'text/html', 'sec-fetch-dest': 'iframe' },
  });
  expect(frame.statusCode).toBe(302);
  expect(frame.headers.location).toBe('/messenger/index.html');
  expect(frame.headers.vary).toContain('Sec-Fetch-Dest');
  const withQuery = await server.call({ method: 'GET', url: '/?lang=de', headers: { 'sec-fetch-dest': 'iframe' } });
  expect(withQuery.headers.location).toBe('/messenger/index.html?lang=de');
  // A top-level page at the root, and a frame asking for any other path, are not redirected.
  const page = await server.call({
    method: 'GET',
    url: '/',
    headers: { accept: 'text/html', 'sec-fetch-dest': 'document' },
  });
  expect(page.statusCode).not.toBe(302);
  expect(page.headers.vary).toContain('Sec-Fetch-Dest');
  const other = await server.call({ method: 'GET', url: '/vehicles', headers: { 'sec-fetch-dest': 'iframe' } });
  expect(other.statusCode).not.toBe(302);
});
