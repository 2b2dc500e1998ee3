import { readFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ui, umdCdn } from '../../selectors';
import { FLEET_SERVER_URL } from '../../urls';
import { lookAt } from '../look';

// Issue 38 deliverable 1 (decision 0123 "Session 25 (tours and tooltips)"): our widget's UMD build on a plain host page
// of its own origin, pointed at the real Fleet API server (servers/fleet-server.mjs, the seeded demo world), starts the
// demo key's product tour `demo-tour` from the server's `/widget-api/outbound/producttours` and gets its tooltips.

const SERVER = FLEET_SERVER_URL;
const SDK_KEY = 'demo-widget-key';
/** Our widget's UMD build and the chunks it loads from beside itself (`pnpm --filter @voltline/widget build`). */
const UMD_DIR = fileURLToPath(new URL('../../../sdk/dist/umd/', import.meta.url));
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

const HOST_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shop on the Voltline server</title></head>
<body><main><h1>Fleet</h1><input data-demo-tour="search" aria-label="Search vehicles">
<button data-demo-tour="export" type="button">Export CSV</button></main>
<script>
window.tourEvents = [];
const script = document.createElement('script');
script.src = '/umd/index.umd.js';
script.onload = () => {
  const Gleap = window.Gleap;
  Gleap.setApiUrl(window.e2eApi + '/widget-api');
  Gleap.setWSApiUrl(window.e2eApi.replace(/^http/, 'ws') + '/widget-ws');
  Gleap.on('productTourCompleted', (d) => window.tourEvents.push(['completed', d.tourId]));
  Gleap.on('productTourQuit', (d) => window.tourEvents.push(['quit', d.tourId]));
  Gleap.on('initialized', () => { window.widgetReady = true; });
  Gleap.initialize(window.e2eKey);
};
document.head.appendChild(script);
</script></body></html>`;

/** The host page and our UMD folder on an origin of their own; close `host` when done. */
async function serveHost(): Promise<{ host: Server; hostUrl: string }> {
  const host = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(HOST_PAGE);
      return;
    }
    const file = normalize(join(UMD_DIR, path.replace(/^\/umd\//, '')));
    if (!path.startsWith('/umd/') || !file.startsWith(UMD_DIR)) {
      response.writeHead(404).end('not found');
      return;
    }
    readFile(file).then(
      (bytes) => response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'text/plain' }).end(bytes),
      () => response.writeHead(404).end('not found'),
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  return { host, hostUrl: `http://127.0.0.1:${(host.address() as AddressInfo).port}/` };
}

test("our UMD widget pointed at the server starts the demo key's product tour and gets its tooltips", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { host, hostUrl } = await serveHost();
  // Every widget API call with the server's answer.
  const calls: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(`${SERVER}/widget-api/`) && r.request().method() !== 'OPTIONS')
      calls.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
  });
  try {
    await page.addInitScript(({ api, key }) => Object.assign(window, { e2eApi: api, e2eKey: key }), {
      api: SERVER,
      key: SDK_KEY,
    });
    const tooltips = page.waitForResponse((r) => r.url() === `${SERVER}/widget-api/config/${SDK_KEY}/tooltips`, {
      timeout: 20_000,
    });
    await page.goto(hostUrl);
    await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true, null, {
      timeout: 20_000,
    });
    // The seeded tooltips of the demo key: a hotspot and a hover tooltip.
    const served = await tooltips;
    expect(served.status()).toBe(200);
    expect(((await served.json()) as { mode: string }[]).map((t) => t.mode)).toEqual(['hotspot', 'tooltip']);

    const fetched = page.waitForResponse((r) => r.url() === `${SERVER}/widget-api/outbound/producttours`, {
      timeout: 20_000,
    });
    await page.evaluate(() =>
      (window as unknown as { Gleap: { startProductTour(id: string): void } }).Gleap.startProductTour('demo-tour'),
    );
    const tour = await fetched;
    expect(tour.status()).toBe(200);
    expect(tour.request().headers()['api-token']).toBe(SDK_KEY);
    expect(tour.request().postDataJSON()).toEqual({ outboundId: 'demo-tour' });

    const popover = page.locator(umdCdn.voltlineTour).getByRole(...ui.dialog);
    await expect(popover).toContainText('Welcome to Voltline', { timeout: 15_000 });
    await lookAt(page, { path: test.info().outputPath('tour-welcome.png') });
    await popover.getByRole(...umdCdn.next).click({ timeout: 10_000 });
    await expect(popover).toContainText('Find any vehicle by name, VIN or driver.');
    await popover.getByRole(...umdCdn.next).click({ timeout: 10_000 });
    await expect(popover).toContainText('Export what you see as CSV.');
    await lookAt(page, { path: test.info().outputPath('tour-export.png') });
    await popover.getByRole(...umdCdn.done).click({ timeout: 10_000 });
    await expect(page.locator(umdCdn.voltlineTour)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { tourEvents: unknown }).tourEvents)).toEqual([
      ['completed', 'demo-tour'],
    ]);
    // Every call the widget made was served by the server.
    expect(calls.filter((call) => !/ 20[01]$/.test(call))).toEqual([]);
    expect(calls).toContain('POST /widget-api/outbound/producttours 200');
  } finally {
    // The page's keep-alive connections would hold `close` until the browser drops them: end them first.
    host.closeAllConnections();
    await new Promise<void>((resolve) => host.close(() => resolve()));
  }
});
