import { type Frame, type Page, type Route, expect, test } from '@playwright/test';
import { FAKE_API, HOST_ORIGIN, OTHER_ORIGIN, routeFakeApi } from '../support/fake-api';
import { outboxEntries } from '../support/outbox';
import { plantedSecrets, widgetHost } from '../../../selectors';
import { lookAt } from '../../look';

/**
 * Issue 17, "Tests and measures": the browser tests of the outbox (a reload while `/bugs/v2` hangs, 429 then 200, two
 * tabs draining one outbox), of the redaction policy (a page full of planted secrets) and of safe URLs (`open-url`).
 * The host pages use the frame-origin spec's stand-in messenger: it speaks the frame protocol, so a test sends exactly
 * what the messenger sends (`send-feedback`, `open-url`) without driving the messenger's UI.
 */

type Received = { name: string; data: unknown }[];
type StandIn = Window & { received: Received; sendToHost: (n: string, d: unknown, e?: object) => void };

const waitReady = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);

/**
 * Open a host page (by default the frame-origin spec's, which only initialises the widget), open the widget and
 * return its stand-in frame once the widget talks to it.
 */
async function openWidget(page: Page, path = '/frame-origin/') {
  await page.goto(`${HOST_ORIGIN}${path}`);
  await waitReady(page);
  await widgetHost.launcher(page).click();
  const standIn = () => page.frames().find((f) => f.url().startsWith(`${OTHER_ORIGIN}/frame-origin/`));
  await expect.poll(() => !!standIn()).toBe(true);
  const frame = standIn()!;
  await frame.waitForLoadState();
  const received = () => frame.evaluate(() => (window as unknown as StandIn).received);
  await expect.poll(async () => (await received()).map((m) => m.name)).toContain('widget-status-update');
  return { frame, received };
}

/** A message from the frame to the host page, as the messenger posts it (`extra` rides beside `data`). */
function fromFrame(frame: Frame, name: string, data: unknown, extra: object = {}) {
  return frame.evaluate(({ name, data, extra }) => (window as unknown as StandIn).sendToHost(name, data, extra), {
    name,
    data,
    extra,
  });
}

/** The messenger's `send-feedback` for a bug form; by default without screenshot and replay. */
const bugForm = (description: string, excludeData: object = { screenshot: true, replays: true }) => ({
  formData: { description },
  action: { feedbackType: 'BUG', excludeData },
});

const descriptions = (reports: Record<string, unknown>[]) =>
  reports.map((r) => (r.formData as { description?: unknown }).description).sort();

test('a reload while /bugs/v2 hangs, then recovery: the report is kept before the call and sent once after the reload', async ({
  page,
}) => {
  const api = await routeFakeApi(page);
  // first page view: /bugs/v2 never answers; after the reload the fake API answers it
  let hang = true;
  const held: Route[] = [];
  let keptWhenCalled: unknown[] | undefined;
  await page.route(`${FAKE_API}/bugs/v2`, async (route) => {
    if (route.request().method() === 'OPTIONS' || !hang) return route.fallback();
    held.push(route);
    // what the outbox holds at the moment the call reaches the API
    keptWhenCalled = (await outboxEntries(page)).map((e) => e.description);
  });
  const { frame } = await openWidget(page);
  await fromFrame(frame, 'send-feedback', bugForm('Checkout hangs, then I reloaded'));
  await expect.poll(() => keptWhenCalled).toEqual(['Checkout hangs, then I reloaded']);
  expect(held).toHaveLength(1);
  const clientId = (held[0]!.request().postDataJSON() as { clientId?: unknown }).clientId;
  expect(clientId).toEqual(expect.any(String));
  expect(api.bugReports()).toHaveLength(0);
  await lookAt(page, { path: test.info().outputPath('report-pending.png') });

  // the visitor reloads while the call hangs; the API answers from now on
  hang = false;
  await page.reload();
  await waitReady(page);
  await expect.poll(() => api.storedReports().length, { timeout: 15_000 }).toBe(1);
  expect(api.storedReports()[0]).toMatchObject({
    clientId,
    formData: { description: 'Checkout hangs, then I reloaded' },
  });
  await expect.poll(() => outboxEntries(page)).toEqual([]);
  // sent once: one call after the reload, none later
  await page.waitForTimeout(1500);
  expect(api.bugReports()).toHaveLength(1);
});

test('429 with Retry-After, then 200: the report waits the server’s time and arrives once', async ({ page }) => {
  const api = await routeFakeApi(page);
  api.failBugs({ times: 1, status: 429, retryAfter: 3 });
  const { frame, received } = await openWidget(page);
  await fromFrame(frame, 'send-feedback', bugForm('Sent during a rate limit'));
  await expect.poll(() => api.bugReports().length).toBe(1);
  // the 429: the frame hears that the report is queued; it stays in the outbox, nothing is stored yet
  await expect
    .poll(async () => (await received()).find((m) => m.name === 'feedback-sent')?.data)
    .toEqual({ queued: true });
  expect((await outboxEntries(page)).map((e) => e.description)).toEqual(['Sent during a rate limit']);
  expect(api.storedReports()).toHaveLength(0);

  // the retry comes after the server's 3 s (the widget's own back-off would be 30 s)
  await expect.poll(() => api.storedReports().length, { timeout: 12_000 }).toBe(1);
  const attempts = api.calls.filter((c) => c.path === '/bugs/v2');
  expect(attempts).toHaveLength(2);
  const waited = attempts[1]!.at! - attempts[0]!.at!;
  expect(waited).toBeGreaterThanOrEqual(3000);
  expect(waited).toBeLessThan(10_000);
  const [first, second] = attempts.map((a) => (a.body as { clientId?: unknown }).clientId);
  expect(first).toEqual(expect.any(String));
  expect(second).toBe(first);
  await expect.poll(() => outboxEntries(page)).toEqual([]);
  await page.waitForTimeout(1500);
  expect(api.bugReports()).toHaveLength(2);
  expect(descriptions(api.storedReports())).toEqual(['Sent during a rate limit']);
});

test('two tabs drain one outbox: reports queued while the API fails are each stored once when it is back', async ({
  context,
}) => {
  test.slow();
  const api = await routeFakeApi(context);
  // the API fails, and asks for a retry every second
  api.failBugs({ times: Number.POSITIVE_INFINITY, status: 503, retryAfter: 1 });
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  const a = await openWidget(tabA);
  const b = await openWidget(tabB);
  await fromFrame(a.frame, 'send-feedback', bugForm('Queued in tab A'));
  await fromFrame(b.frame, 'send-feedback', bugForm('Queued in tab B'));
  // one outbox for the origin: both reports in it, seen from either tab
  await expect
    .poll(async () => (await outboxEntries(tabB)).map((e) => e.description).sort())
    .toEqual(['Queued in tab A', 'Queued in tab B']);
  // the tabs keep retrying while the API fails
  await expect.poll(() => api.bugReports().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
  expect(api.storedReports()).toHaveLength(0);

  // the API is back
  api.failBugs({ times: 0 });
  await expect
    .poll(() => descriptions(api.storedReports()), { timeout: 15_000 })
    .toEqual(['Queued in tab A', 'Queued in tab B']);
  await expect.poll(() => outboxEntries(tabA)).toEqual([]);
  await tabA.waitForTimeout(2500);
  // stored exactly once each; every call of a report, in whichever tab, carried that report's one client id
  expect(api.storedReports()).toHaveLength(2);
  const ids = api.bugReports().map((r) => r.clientId);
  expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
  expect(new Set(ids).size).toBe(2);
  expect(await outboxEntries(tabB)).toEqual([]);
});

// Planted by the spec (an init script), so that the page's source holds none of them.
const PLANTED = {
  consoleToken: 'planted-console-token-5b21',
  consolePassword: 'planted-console-password-8e07',
  queryToken: 'planted-query-token-c3d9',
  apiKey: 'planted-api-key-71fa',
  bodyPassword: 'planted-body-password-0a4e',
};
const URL_TOKEN = 'planted-url-token-e6b2';
const TYPED_PASSWORD = 'planted-typed-password-92dd';

test('a page full of planted secrets: the report, snapshot and replay included, holds none of them', async ({
  page,
}) => {
  test.slow();
  const api = await routeFakeApi(page, { flowConfig: { enableWebReplays: true } });
  await page.addInitScript((secrets) => {
    (window as unknown as { plantedSecrets: unknown }).plantedSecrets = secrets;
  }, PLANTED);
  await page.route(`${HOST_ORIGIN}/trust/api/login**`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ok: true }) }),
  );
  const { frame } = await openWidget(page, `/trust/secrets.html?token=${URL_TOKEN}&lang=en`);
  await page.getByLabel(plantedSecrets.userName).fill('ada-visible-name');
  await page.getByLabel(plantedSecrets.passphrase).fill(TYPED_PASSWORD);
  await lookAt(page, { path: test.info().outputPath('planted-secrets.png') });

  // the visitor sends the bug form with everything: screenshot and replay
  await fromFrame(frame, 'send-feedback', bugForm('I cannot sign in', {}));
  await expect.poll(() => api.storedReports().length, { timeout: 20_000 }).toBe(1);
  const report = api.storedReports()[0]!;
  // a full report: the console line, the request, the page's address, the snapshot, the replay and the typed name
  expect(report.consoleLog).toEqual(
    expect.arrayContaining([expect.objectContaining({ log: expect.stringContaining('login attempt') })]),
  );
  expect(report.networkLogs).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ url: expect.stringContaining('/trust/api/login'), type: 'POST' }),
    ]),
  );
  expect(report.metaData).toMatchObject({ currentUrl: expect.stringContaining('/trust/secrets.html') });
  expect(report.screenshotData).toBeTruthy();
  expect(report.webReplay).toBeTruthy();
  const body = JSON.stringify(report);
  expect(body).toContain('ada-visible-name');

  const secrets = [...Object.values(PLANTED), URL_TOKEN, TYPED_PASSWORD];
  const leaks = (text: string) => secrets.filter((s) => text.includes(s));
  expect(leaks(body)).toEqual([]);
  expect(leaks(JSON.stringify(report.screenshotData))).toEqual([]);
  expect(leaks(JSON.stringify(report.webReplay))).toEqual([]);
  // nor does any other call the widget made to the API (session, config, pings)
  expect(leaks(JSON.stringify(api.calls))).toEqual([]);
});

test('open-url from the frame: javascript: and data: URLs do not run and are logged as refused, https: opens', async ({
  page,
  context,
}) => {
  const api = await routeFakeApi(page);
  await context.route('https://help.voltline.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Help</title><h1>Help</h1>' }),
  );
  const { frame } = await openWidget(page);
  const popups: Page[] = [];
  context.on('page', (p) => popups.push(p));
  const address = page.url();

  const refused = [
    { url: 'javascript:window.pwned="same tab";void 0', extra: {} },
    { url: ' java\tscript:window.pwned="hidden scheme";void 0', extra: {} },
    { url: 'javascript:window.pwned="new tab"', extra: { newTab: true } },
    { url: 'data:text/html,<script>window.pwned="data"</script>', extra: { newTab: true } },
  ];
  for (const { url, extra } of refused) await fromFrame(frame, 'open-url', url, extra);
  await page.waitForTimeout(1000);
  // nothing ran, nothing navigated, nothing opened
  expect(await page.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBeUndefined();
  expect(page.url()).toBe(address);
  expect(popups).toHaveLength(0);

  // an https: URL from the frame opens (in a new tab, as asked)
  await fromFrame(frame, 'open-url', 'https://help.voltline.test/guide', { newTab: true });
  await expect.poll(() => popups.length).toBe(1);
  await popups[0]!.waitForLoadState();
  expect(popups[0]!.url()).toBe('https://help.voltline.test/guide');
  expect(page.url()).toBe(address);

  // each refusal is a warning in the widget's console log, which the next report carries
  await fromFrame(frame, 'send-feedback', bugForm('After the links'));
  await expect.poll(() => api.storedReports().length).toBe(1);
  const warnings = (api.storedReports()[0]!.consoleLog as { log: string; priority: string }[]).filter((l) =>
    l.log.includes('refused to open'),
  );
  expect(warnings.map((w) => w.priority)).toEqual(['WARNING', 'WARNING', 'WARNING', 'WARNING']);
  expect(warnings.map((w) => w.log)).toEqual([
    expect.stringContaining('refused to open javascript:window.pwned="same tab"'),
    expect.stringContaining('script:window.pwned="hidden scheme"'),
    expect.stringContaining('refused to open javascript:window.pwned="new tab"'),
    expect.stringContaining('refused to open data:text/html'),
  ]);
});
