import { readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { messengerForm, portal, session, ui, widgetCapture, widgetReports } from '../../selectors';
import { FLEET_SERVER_URL } from '../../urls';
import { lookAt } from '../look';
import { DEMO_PASSWORD, signInWithPassword } from '../portal/portal-session';

// Issue 38: the widget's reports land in Voltline. Against the real Fleet API server (servers/fleet-server.mjs, PGlite,
// the seeded demo world with the SDK key `demo-widget-key`), a report sent from the portal's own widget and one sent by
// gleap@14.2.11's published SDK both reach `/widget-api`, are stored, and are found in the portal's feedback inbox.

const SERVER = FLEET_SERVER_URL;
const SDK_KEY = 'demo-widget-key';
const SUPER_ADMIN = 'sa@voltline.demo';

/** gleap@14.2.11's own build, as published (sdk/'s devDependency): its UMD bundle, which defines `window.Gleap`. */
const GLEAP_UMD = createRequire(new URL('../../../sdk/package.json', import.meta.url)).resolve('gleap');

/** Signs in at the server's portal through the form; the server (not a service worker) answers. */
async function signIn(page: Page) {
  const answer = await signInWithPassword(page, 'SA', SERVER);
  expect(answer.status()).toBe(200);
  expect(answer.fromServiceWorker()).toBe(false);
  await expect(page.getByText(portal.pages.dashboardGreeting)).toBeVisible({ timeout: 20_000 });
}

/** The Fleet API's answer to the inbox search `q`, read with the Super Admin's own session. */
async function inboxSearch(request: APIRequestContext, q: string) {
  const login = await request.post(`${SERVER}/api/auth/login`, {
    data: { email: SUPER_ADMIN, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const answer = await request.get(`${SERVER}/api/feedback-reports?q=${encodeURIComponent(q)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { items: Record<string, unknown>[] }).items;
}

/** Opens the inbox from the navigation, finds the report by its description and opens it. */
async function openReportInInbox(page: Page, description: string, id: string) {
  await page
    .getByRole(...session.mainNavigationNav)
    .getByRole(...widgetReports.feedbackLink)
    .click();
  await expect(page.getByRole(...widgetReports.inboxHeading)).toBeVisible({ timeout: 20_000 });
  // The whole inbox, newest first: the seeded reports and what the tests sent.
  await expect(
    page
      .getByRole(...widgetReports.reportsTable)
      .getByRole(...ui.row)
      .nth(1),
  ).toBeVisible({
    timeout: 15_000,
  });
  await lookAt(page, { path: test.info().outputPath('inbox.png'), fullPage: true });
  const searched = page.waitForResponse(
    (r) => r.url().startsWith(`${SERVER}/api/feedback-reports?`) && r.url().includes('q=') && r.ok(),
  );
  await page.getByRole(...widgetReports.search).fill(description);
  expect((await searched).fromServiceWorker()).toBe(false);
  const table = page.getByRole(...widgetReports.reportsTable);
  // The header row and the one report.
  await expect(table.getByRole(...ui.row)).toHaveCount(2, { timeout: 15_000 });
  const row = table.getByRole(...widgetReports.reportRow(id));
  await expect(row).toContainText(description);
  await lookAt(page, { path: test.info().outputPath(`inbox-search-${id}.png`), fullPage: true });
  await row.getByRole(...ui.link).click();
  await expect(page.getByRole(...widgetReports.reportHeading)).toBeVisible({ timeout: 15_000 });
}

test("a bug report sent from the portal's own widget reaches the server and is opened in its inbox", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const description = `Portal widget e2e ${Date.now().toString(36)}: the map does not load`;
  await signIn(page);

  // The portal's own widget, pointed at this server by its /config.json (decision 0118 item 5).
  const sent = page.waitForResponse(
    (r) => r.url() === `${SERVER}/widget-api/bugs/v2` && r.request().method() === 'POST',
    { timeout: 60_000 },
  );
  await page.getByRole(...widgetCapture.open).click();
  const frame = page.frameLocator(widgetCapture.iframeTitleFeedbackAndSupportFrame);
  await frame.getByRole(...widgetCapture.reportABug).click();
  // The flow takes the page's snapshot: its preview is shown before sending.
  await expect(
    frame.getByRole(...widgetCapture.whatWillBeSentRegion).getByTitle(widgetCapture.screenshotPreviewTitle),
  ).toBeVisible({ timeout: 30_000 });
  await frame.getByLabel(messengerForm.description).fill(description);
  await frame.getByLabel(messengerForm.email).fill(SUPER_ADMIN);
  await frame.getByRole(...ui.buttonNamed(messengerForm.send)).click();
  const answer = await sent;
  expect(answer.status()).toBe(201);
  const { id } = (await answer.json()) as { id: string };
  await expect(frame.getByRole(...ui.headingNamed(messengerForm.thanks))).toBeVisible();
  await frame.getByRole(...ui.buttonNamed(widgetReports.closeMessenger, true)).click();
  await expect(page.locator(widgetCapture.iframeTitleFeedbackAndSupportFrame)).toBeHidden();
  // The widget's own key, and the body carried the snapshot.
  expect(answer.request().headers()['api-token']).toBe(SDK_KEY);
  const sentBody = answer.request().postDataJSON() as {
    screenshotData?: { html?: string };
    webReplay?: { events?: unknown[] };
  };
  expect(sentBody.screenshotData?.html).toBeTruthy();
  expect(sentBody.webReplay?.events?.length ?? 0).toBeGreaterThan(0);

  await openReportInInbox(page, description, id);
  expect(page.url()).toBe(`${SERVER}/feedback/${id}`);
  const report = page.getByRole(...widgetReports.reportTable);
  await expect(report.getByText(description, { exact: true })).toBeVisible();
  await expect(page.getByRole(...widgetReports.reporterTable).getByText(SUPER_ADMIN, { exact: true })).toBeVisible();
  // The snapshot is shown in its frame.
  await expect(page.getByRole(...widgetReports.screenshotSection).locator(widgetReports.snapshotFrame)).toBeVisible();
  // The replay the widget recorded, as many events as were sent.
  await expect(
    page
      .getByRole(...widgetReports.replaySection)
      .getByText(widgetReports.recordedEventsText(sentBody.webReplay?.events?.length ?? 0)),
  ).toBeVisible();
  await lookAt(page, { path: test.info().outputPath('report.png'), fullPage: true });
});

test("a crash report sent by gleap@14.2.11's own SDK, pointed at the server, is stored once and shown in the inbox", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const description = `gleap SDK e2e ${Date.now().toString(36)}: checkout crashed`;
  const visitor = { userId: 'shop-user-7', email: 'grace@shop.example', name: 'Grace Hopper' };

  // A plain host page on an origin of its own (not the server's), loading gleap's published UMD bundle.
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${widgetReports.gleapHost.title}</title></head>
<body><h1>${widgetReports.gleapHost.title}</h1><script src="/gleap.js"></script></body></html>`;
  const gleapJs = readFileSync(GLEAP_UMD);
  const host: Server = createServer((request, response) => {
    const [type, body] =
      request.url === '/gleap.js' ? ['text/javascript', gleapJs] : request.url === '/' ? ['text/html', html] : [];
    response.writeHead(body ? 200 : 404, { 'content-type': type ?? 'text/plain' }).end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
  // gleap's cloud is never reached: anything the SDK asks of it fails here, and is counted.
  const toGleapCloud: string[] = [];
  await page.route(/^https?:\/\/([^/]+\.)?gleap\.io\//, (route) => {
    toGleapCloud.push(route.request().url());
    return route.abort();
  });
  const bugPosts: number[] = [];
  // Every call the SDK makes to the widget API, with the server's answer.
  const widgetCalls: string[] = [];
  page.on('response', (r) => {
    if (r.url() === `${SERVER}/widget-api/bugs/v2` && r.request().method() === 'POST') bugPosts.push(r.status());
    if (r.url().startsWith(`${SERVER}/widget-api/`) && r.request().method() !== 'OPTIONS')
      widgetCalls.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
  });
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));

  try {
    await page.goto(hostUrl);
    const ready = await page.evaluate(
      ({ api, ws, key, visitor }) =>
        new Promise<string>((resolve) => {
          const Gleap = (window as unknown as { Gleap: GleapSdk }).Gleap;
          Gleap.setApiUrl(api);
          Gleap.setWSApiUrl(ws);
          Gleap.on('initialized', () => {
            Gleap.identify(visitor.userId, { email: visitor.email, name: visitor.name });
            resolve('initialized');
          });
          Gleap.initialize(key);
        }),
      {
        api: `${SERVER}/widget-api`,
        ws: `${SERVER.replace(/^http/, 'ws')}/widget-ws`,
        key: SDK_KEY,
        visitor,
      },
    );
    expect(ready).toBe('initialized');
    // The session the server gave knows the visitor (identify answered), so gleap names the reporter itself.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const raw = window.localStorage.getItem('gleap-widget-session-demo-widget-key');
          return raw ? ((JSON.parse(raw) as { email?: string }).email ?? null) : null;
        }),
      )
      .toBe(visitor.email);

    // Something for the report to carry, then the report, sent by the page itself.
    await page.evaluate((line) => console.error(line), widgetReports.hostConsoleLine);
    const sent = page.waitForResponse(
      (r) => r.url() === `${SERVER}/widget-api/bugs/v2` && r.request().method() === 'POST',
      { timeout: 60_000 },
    );
    await page.evaluate((text) => {
      const Gleap = (window as unknown as { Gleap: GleapSdk }).Gleap;
      // With gleap's own snapshot of the page (a silent report leaves it out unless asked).
      Gleap.sendSilentCrashReport(text, 'HIGH', { screenshot: false });
      // A second call straight after is gleap's own repeat guard's business: it sends nothing within 10 s.
      Gleap.sendSilentCrashReport(text, 'HIGH', { screenshot: false });
    }, description);
    const answer = await sent;
    expect(answer.status()).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    const body = answer.request().postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'CRASH', priority: 'HIGH', isSilent: true });
    expect(answer.request().headers()['api-token']).toBe(SDK_KEY);

    // The inbox (the Fleet API, with the Super Admin's session) holds it once.
    await expect.poll(async () => (await inboxSearch(page.request, description)).length, { timeout: 15_000 }).toBe(1);
    const [item] = await inboxSearch(page.request, description);
    expect(item).toMatchObject({
      id,
      type: 'CRASH',
      priority: 'HIGH',
      isSilent: true,
      description,
      reportedBy: visitor.email,
      pageUrl: hostUrl,
      status: 'OPEN',
    });
    // Nothing sent twice, nothing asked of gleap's cloud.
    await page.waitForTimeout(1_000);
    expect(bugPosts).toEqual([201]);
    expect(toGleapCloud).toEqual([]);
    // Every call gleap made was served: its session, config, tooltips, identify and the report.
    expect(widgetCalls.length).toBeGreaterThanOrEqual(5);
    expect(widgetCalls.filter((call) => !/ 20[01]$/.test(call))).toEqual([]);
    expect(widgetCalls).toEqual(
      expect.arrayContaining([
        'POST /widget-api/sessions 201',
        `GET /widget-api/config/${SDK_KEY} 200`,
        'POST /widget-api/sessions/identify 200',
        'POST /widget-api/bugs/v2 201',
      ]),
    );
    // Its realtime socket went to this server (`/widget-ws`, decision 0128), never to gleap's cloud.
    expect(sockets.length).toBeGreaterThan(0);
    expect(sockets.every((url) => url.startsWith(`${SERVER.replace(/^http/, 'ws')}/widget-ws?`))).toBe(true);

    // And the Super Admin finds it in the portal's inbox.
    const admin = await page.context().newPage();
    await signIn(admin);
    await openReportInInbox(admin, description, id);
    await expect(admin.getByRole(...widgetReports.reportTable).getByText(description, { exact: true })).toBeVisible();
    const reporter = admin.getByRole(...widgetReports.reporterTable);
    await expect(reporter.getByText(visitor.email, { exact: true }).first()).toBeVisible();
    await expect(reporter.getByText(visitor.name, { exact: true })).toBeVisible();
    // gleap's snapshot of the host page, and the console line the page logged.
    await expect(
      admin.getByRole(...widgetReports.screenshotSection).locator(widgetReports.snapshotFrame),
    ).toBeVisible();
    await expect(
      admin.getByRole(...widgetReports.consoleSection).getByText(widgetReports.hostConsoleLine),
    ).toBeVisible();
    await lookAt(admin, { path: test.info().outputPath('gleap-report.png'), fullPage: true });
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }
});

/** The part of gleap@14.2.11's public API (index.d.ts) this spec calls. */
interface GleapSdk {
  setApiUrl(url: string): void;
  setWSApiUrl(url: string): void;
  initialize(key: string): void;
  on(event: string, callback: (data?: unknown) => void): void;
  identify(userId: string, data: Record<string, string>): void;
  sendSilentCrashReport(
    description: string,
    priority?: 'LOW' | 'MEDIUM' | 'HIGH',
    excludeData?: Record<string, boolean>,
  ): void;
}
