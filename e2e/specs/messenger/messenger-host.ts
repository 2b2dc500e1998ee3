import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { createWidgetMock, type WidgetMock } from '../../../sdk/src/mock';

/** Ports follow e2e/playwright.config.ts; the env variables let a second checkout run the suite on other ports. */
import { HOST_ORIGIN, MESSENGER_URL } from '../../urls';
import { messengerWidget } from '../../selectors';
import { lookAt } from '../look';

export { HOST_ORIGIN, MESSENGER_URL };
export const API_URL = 'https://api.voltline.test';
const HOST_PATH = '/messenger-host/';
const HOST_HTML = readFileSync(new URL('./host/index.html', import.meta.url), 'utf8');

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type, api-token, gleap-id, gleap-hash',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

const STAND_IN_IMAGE = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0a7d5a"/><stop offset="1" stop-color="#6fd3a8"/></linearGradient></defs>
<rect width="640" height="320" fill="url(#g)"/>
<circle cx="180" cy="170" r="14" fill="#fff"/><circle cx="320" cy="120" r="22" fill="#fff" opacity=".85"/>
<circle cx="470" cy="200" r="16" fill="#fff" opacity=".9"/><path d="M60 260 C200 180 380 300 580 150" stroke="#fff" stroke-width="6" fill="none" opacity=".6"/>
</svg>`;

/** Home as an integrator would configure it: the team and every kind of quick action. */
export const FLOW_CONFIG = {
  color: '#0a7d5a',
  headerColor: '#0a7d5a',
  borderRadius: 16,
  teamName: 'Voltline',
  menuItems: [
    { actionType: 'CONVERSATIONS', title: 'Send us a message' },
    { actionType: 'BOT', actionBody: 'support-bot', title: 'Chat with Volt', description: 'Answers right away' },
    { actionType: 'FEEDBACK_FLOW', actionBody: 'bugreporting', title: 'Report a bug' },
    { actionType: 'HELP_CENTER', title: 'Search for help' },
    { actionType: 'NEWS', title: 'Latest news' },
    { actionType: 'CHECKLISTS', title: 'Get started' },
  ],
};

/**
 * Answer the Widget API from `@voltline/widget/mock`, the handlers demo mode uses: every request of the page and of the
 * messenger frame goes through `mock.respond`.
 */
export async function routeWidgetMock(
  page: Page,
  flowConfig: Record<string, unknown> = FLOW_CONFIG,
): Promise<WidgetMock> {
  const mock = createWidgetMock({ apiUrl: API_URL });
  mock.store.configs.set('*', { flowConfig });
  await page.addInitScript((url) => {
    (window as unknown as { e2eMessengerUrl: string }).e2eMessengerUrl = url;
  }, MESSENGER_URL);
  await page.route(`${API_URL}/**`, async (route) => {
    const req = route.request();
    if (req.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const body = req.postDataBuffer();
    const res = await mock.respond(
      new Request(req.url(), {
        method: req.method(),
        headers: await req.allHeaders(),
        body: body && req.method() !== 'GET' ? new Uint8Array(body) : undefined,
      }),
    );
    if (!res) return route.fulfill({ status: 404, headers: CORS, json: { message: 'Not in the mock.' } });
    const headers: Record<string, string> = { ...CORS };
    res.headers.forEach((value, key) => {
      headers[key] = value;
    });
    return route.fulfill({ status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) });
  });
  // Content images (news covers, article pictures) live on a CDN the tests cannot reach: a drawn stand-in.
  await page.route('https://cdn.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: STAND_IN_IMAGE }),
  );
  // The socket stays open and quiet: no unread pushes in these tests.
  await page.routeWebSocket('wss://ws.voltline.test/**', () => {});
  return mock;
}

/** Open the host page (with query parameters such as `?gleap_feedback=…`) and wait until the widget is initialised. */
export async function openHost(page: Page, query = '', flowConfig?: Record<string, unknown>) {
  const mock = await routeWidgetMock(page, flowConfig);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  // The widget host serves no page of this folder. A page fulfilled by page.route would count as a public
  // document, and Chromium's local network access checks would then block the messenger frame on 127.0.0.1; so
  // the test navigates for real (the server's 404) and writes the host page into that document.
  await page.goto(`${HOST_ORIGIN}${HOST_PATH}${query}`);
  await page.setContent(HOST_HTML);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  return { mock, errors };
}

/** Call the public API on the host page, as an integrator's code would. */
export async function callGleap(page: Page, method: string, ...args: unknown[]): Promise<unknown> {
  return page.evaluate(
    ([name, params]) => {
      const gleap = (window as unknown as { Gleap: Record<string, (...a: unknown[]) => unknown> }).Gleap;
      return gleap[name as string]!(...(params as unknown[]));
    },
    [method, args] as const,
  );
}

/** A screenshot of the widget's frame as the visitor sees it, kept with the test's output. */
export async function shootFrame(page: Page, name: string): Promise<void> {
  const frame = messengerWidget.element(page);
  await expect(frame).toBeVisible();
  // The frame fades in; wait for its open animation and for images and fonts.
  await page.waitForTimeout(400);
  await lookAt(frame, { path: test.info().outputPath(`${name}.png`), animations: 'disabled' });
}
