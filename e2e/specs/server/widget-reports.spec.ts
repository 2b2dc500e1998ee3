import { readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { messengerForm, portal, session, ui, widgetCapture, widgetReports } from '../../selectors';
import { FLEET_SERVER_URL } from '../../urls';
import { lookAt } from '../look';
import { sendReportFromPortalWidget, signInToServer } from './portal-widget';
import { DEMO_PASSWORD } from '../portal/portal-session';

// Issue 38: the widget's reports land in Voltline. Against the real Fleet API server (servers/fleet-server.mjs, PGlite,
// the seeded demo world with the SDK key `demo-widget-key`), a report sent from the portal's own widget and one sent by
// gleap@14.2.11's published SDK both reach `/widget-api`, are stored, and are found in the portal's feedback inbox.

const SERVER = FLEET_SERVER_URL;
const SDK_KEY = 'demo-widget-key';
const SUPER_ADMIN = 'sa@voltline.demo';

/** gleap@14.2.11's own build, as published (sdk/'s devDependency): its UMD bundle, which defines `window.Gleap`. */
const GLEAP_UMD = createRequire(new URL('../../../sdk/package.json', import.meta.url)).resolve('gleap');

/**
 * A plain host page on an origin of its own (not the server's), loading gleap's published UMD bundle; close `host`
 * when done.
 */
async function serveGleapHost(): Promise<{ host: Server; hostUrl: string }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${widgetReports.gleapHost.title}</title></head>
<body><h1>${widgetReports.gleapHost.title}</h1><script src="/gleap.js"></script></body></html>`;
  const gleapJs = readFileSync(GLEAP_UMD);
  const host: Server = createServer((request, response) => {
    const [type, body] =
      request.url === '/gleap.js' ? ['text/javascript', gleapJs] : request.url === '/' ? ['text/html', html] : [];
    response.writeHead(body ? 200 : 404, { 'content-type': type ?? 'text/plain' }).end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  return { host, hostUrl: `http://127.0.0.1:${(host.address() as AddressInfo).port}/` };
}

/** The Super Admin's bearer token for the Fleet API. */
async function superAdminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post(`${SERVER}/api/auth/login`, {
    data: { email: SUPER_ADMIN, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** The Fleet API's answer to the inbox search `q`, read with the Super Admin's own session. */
async function inboxSearch(request: APIRequestContext, q: string) {
  const token = await superAdminToken(request);
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

test('the inbox filters by SDK key, type, status and date: each in the URL, asked of the server, and shown', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A key of its own (made in Settings' API), and one bug report sent under it by the widget API.
  const run = Date.now().toString(36);
  const token = await superAdminToken(page.request);
  const made = await page.request.post(`${SERVER}/api/sdk-keys`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Inbox e2e ${run}` },
  });
  expect(made.status()).toBe(201);
  const key = (await made.json()) as { id: string; key: string; name: string };
  const description = `Key filter e2e ${run}: the charger page is blank`;
  const sent = await page.request.post(`${SERVER}/widget-api/bugs/v2`, {
    headers: { 'api-token': key.key },
    data: { type: 'BUG', formData: { description }, clientId: `e2e-${run}` },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };

  await signInToServer(page);
  await page
    .getByRole(...session.mainNavigationNav)
    .getByRole(...widgetReports.feedbackLink)
    .click();
  const table = page.getByRole(...widgetReports.reportsTable);
  await expect(table.getByRole(...ui.row).nth(1)).toBeVisible({ timeout: 15_000 });
  const asked = (filter: string, value: string) =>
    page.waitForResponse(
      (r) =>
        r.url().startsWith(`${SERVER}/api/feedback-reports?`) &&
        new URL(r.url()).searchParams.get(`filter[${filter}]`) === value &&
        r.ok(),
    );

  // The key: the Super Admin may read Settings, so every key of the organisation is offered by name.
  const byKey = asked('sdkKey', key.id);
  await page.getByLabel(widgetReports.keyFilter).selectOption({ label: key.name });
  expect((await byKey).fromServiceWorker()).toBe(false);
  await expect(table.getByRole(...ui.row)).toHaveCount(2, { timeout: 15_000 });
  await expect(table.getByRole(...widgetReports.reportRow(id))).toContainText(description);
  expect(new URL(page.url()).searchParams.get('sdkKey')).toBe(key.id);
  await lookAt(page, { path: test.info().outputPath('inbox-key-filter.png'), fullPage: true });

  // With the type: a crash of that key there is none; its bug is there.
  const crashes = asked('type', 'CRASH');
  await page.getByLabel(widgetReports.typeFilter).selectOption('CRASH');
  await crashes;
  await expect(page.getByText(widgetReports.noMatch)).toBeVisible({ timeout: 15_000 });
  await page.getByLabel(widgetReports.typeFilter).selectOption('BUG');
  await expect(table.getByRole(...widgetReports.reportRow(id))).toBeVisible({ timeout: 15_000 });

  // With the status: it is new (OPEN), not done.
  const done = asked('status', 'DONE');
  await page.getByLabel(widgetReports.statusFilter).selectOption('DONE');
  await done;
  await expect(page.getByText(widgetReports.noMatch)).toBeVisible({ timeout: 15_000 });
  await page.getByLabel(widgetReports.statusFilter).selectOption('OPEN');
  await expect(table.getByRole(...widgetReports.reportRow(id))).toBeVisible({ timeout: 15_000 });
  const search = new URL(page.url()).searchParams;
  expect([search.get('sdkKey'), search.get('type'), search.get('status')]).toEqual([key.id, 'BUG', 'OPEN']);

  // The date range, from a link: a past day has none of it, a range around today has it.
  const filters = `sdkKey=${key.id}&type=BUG&status=OPEN`;
  await page.goto(`${SERVER}/feedback?${filters}&from=2020-01-01&to=2020-01-02`);
  await expect(page.getByText(widgetReports.noMatch)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel(widgetReports.keyFilter)).toHaveValue(key.id);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`${SERVER}/feedback?${filters}&from=${day(-1)}&to=${day(1)}`);
  await expect(table.getByRole(...widgetReports.reportRow(id))).toBeVisible({ timeout: 15_000 });
  await expect(table.getByRole(...ui.row)).toHaveCount(2);
});

test("a bug report sent from the portal's own widget reaches the server and is opened in its inbox", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const description = `Portal widget e2e ${Date.now().toString(36)}: the map does not load`;
  await signInToServer(page);

  // The portal's own widget, pointed at this server by its /config.json (decision 0118 item 5).
  const { answer, frame } = await sendReportFromPortalWidget(page, { description, email: SUPER_ADMIN });
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
  // The snapshot is shown in its frame, under the portal's Content-Security-Policy: the page as it was, its images
  // (the map's and charts' canvases, as JPEGs) loaded (decision 0136 Session 25).
  await expect(page.getByRole(...widgetReports.screenshotSection).locator(widgetReports.snapshotFrame)).toBeVisible();
  await expect(
    page.frameLocator(widgetReports.snapshotFrame).getByText(portal.pages.dashboardGreeting).first(),
  ).toBeAttached();
  const snapshotFrame = page.frames().find((f) => f.url() === 'about:srcdoc');
  if (!snapshotFrame) throw new Error('The snapshot frame is not in the page.');
  const images = await snapshotFrame.evaluate(() =>
    Array.from(document.images, (img) => ({ complete: img.complete, width: img.naturalWidth })),
  );
  expect(images.length).toBeGreaterThan(0);
  expect(images.filter((img) => !img.complete || img.width === 0)).toEqual([]);
  await lookAt(page, { path: test.info().outputPath('server-report.png'), fullPage: true });
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

  const { host, hostUrl } = await serveGleapHost();
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
    // No replay, by gleap's own design: it records from the config's `enableWebReplays`, but takes the recording into a
    // report only when its frame announces a flow (`notify-event` `flow-started` -> `takeCurrentReplay`). No flow was
    // started on this page, so its silent report has none; the next test sends one through the frame, with its replay.
    expect(body.webReplay).toBeUndefined();
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
    await signInToServer(admin);
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
    host.closeAllConnections(); // keep-alive connections would hold `close` until the browser drops them
    await new Promise((resolve) => host.close(resolve));
  }
});

test("a bug report sent by gleap@14.2.11's own SDK through its frame (our messenger) carries its replay, played in the inbox", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const description = `gleap SDK replay e2e ${Date.now().toString(36)}: the basket empties itself`;
  const { host, hostUrl } = await serveGleapHost();
  const toGleapCloud: string[] = [];
  await page.route(/^https?:\/\/([^/]+\.)?gleap\.io\//, (route) => {
    toGleapCloud.push(route.request().url());
    return route.abort();
  });

  // gleap@14.2.11 records the page with rrweb from the moment the config answers `flowConfig.enableWebReplays` (the
  // server's default), but puts the recording into a report only when its frame says `notify-event` `flow-started`
  // (`notifyEvent` -> `takeCurrentReplay`): a silent crash report sent without a flow having started carries none. Its
  // frame is the messenger at the frame URL, and gleap accepts the frame's messages only when `event.origin` equals that
  // URL as written, so the frame URL is the server's bare origin: the server answers a frame opened at its root with
  // the messenger (decision 0132), which any page may frame.
  try {
    await page.goto(hostUrl);
    const ready = await page.evaluate(
      ({ api, ws, frame, key }) =>
        new Promise<string>((resolve) => {
          const Gleap = (window as unknown as { Gleap: GleapSdk }).Gleap;
          Gleap.setApiUrl(api);
          Gleap.setWSApiUrl(ws);
          Gleap.setFrameUrl(frame);
          Gleap.on('initialized', () => resolve('initialized'));
          Gleap.initialize(key);
        }),
      {
        api: `${SERVER}/widget-api`,
        ws: `${SERVER.replace(/^http/, 'ws')}/widget-ws`,
        frame: SERVER,
        key: SDK_KEY,
      },
    );
    expect(ready).toBe('initialized');
    // Something to record and to log before the report.
    await page.evaluate((line) => console.error(line), widgetReports.hostConsoleLine);
    await page.mouse.move(40, 40);
    await page.mouse.click(60, 60);

    const sent = page.waitForResponse(
      (r) => r.url() === `${SERVER}/widget-api/bugs/v2` && r.request().method() === 'POST',
      { timeout: 60_000 },
    );
    // gleap opens its frame with the bug report flow; the messenger says the flow started, gleap takes its replay.
    await page.evaluate(() => (window as unknown as { Gleap: GleapSdk }).Gleap.startFeedbackFlow('bugreporting', true));
    const frame = page.frameLocator(widgetReports.gleapFrame);
    await frame.getByLabel(messengerForm.description).fill(description, { timeout: 30_000 });
    await frame.getByLabel(messengerForm.email).fill('grace@shop.example');
    await frame.getByRole(...ui.buttonNamed(messengerForm.send)).click();
    const answer = await sent;
    expect(answer.status()).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    expect(answer.request().headers()['api-token']).toBe(SDK_KEY);
    const body = answer.request().postDataJSON() as {
      type?: string;
      webReplay?: { type?: string; events?: unknown[] };
      consoleLog?: unknown[];
    };
    expect(body.type).toBe('BUG');
    expect(body.webReplay?.type).toBe('rrweb');
    const eventCount = body.webReplay?.events?.length ?? 0;
    expect(eventCount).toBeGreaterThan(0);
    expect(JSON.stringify(body.consoleLog)).toContain(widgetReports.hostConsoleLine);
    expect(toGleapCloud).toEqual([]);

    // The Super Admin finds it with its replay and its log, and plays the replay: rrweb rebuilds the host page.
    const admin = await page.context().newPage();
    await signInToServer(admin);
    await openReportInInbox(admin, description, id);
    const replay = admin.getByRole(...widgetReports.replaySection);
    await expect(replay.getByText(widgetReports.recordedEventsText(eventCount))).toBeVisible();
    await expect(
      admin.getByRole(...widgetReports.consoleSection).getByText(widgetReports.hostConsoleLine),
    ).toBeVisible();
    await replay.getByRole(...widgetReports.playTheReplay).click();
    await expect(replay.getByRole(...widgetReports.replayPlay)).toBeEnabled({ timeout: 30_000 });
    await expect(
      admin.frameLocator(widgetReports.replayStageFrame).getByRole(...widgetReports.gleapHostHeading),
    ).toBeVisible({ timeout: 15_000 });
    await lookAt(admin, { path: test.info().outputPath('gleap-replay-report.png'), fullPage: true });
  } finally {
    host.closeAllConnections(); // keep-alive connections would hold `close` until the browser drops them
    await new Promise((resolve) => host.close(resolve));
  }
});

/** The part of gleap@14.2.11's public API (index.d.ts) this spec calls. */
interface GleapSdk {
  setApiUrl(url: string): void;
  setWSApiUrl(url: string): void;
  setFrameUrl(url: string): void;
  startFeedbackFlow(flow: string, showBackButton?: boolean): void;
  initialize(key: string): void;
  on(event: string, callback: (data?: unknown) => void): void;
  identify(userId: string, data: Record<string, string>): void;
  sendSilentCrashReport(
    description: string,
    priority?: 'LOW' | 'MEDIUM' | 'HIGH',
    excludeData?: Record<string, boolean>,
  ): void;
}
