import { expect, type Page, test } from '@playwright/test';
import mqtt from 'mqtt';
import { STORE_STORAGE_KEY } from '../../../portal/src/state/persistence';
import { portal, realServer, session, tickets, ui, vehicleTour as tour } from '../../selectors';
import { FLEET_SERVER_URL } from '../../urls';
import { lookAt } from '../look';
import { DEMO_PASSWORD, signInWithPassword } from '../portal/portal-session';

// Issue 39: the production portal against the real Fleet API server (`npm start`: Fastify on PGlite, the embedded
// broker at /mqtt), started by the Playwright config on its own port with a throw-away DATA_DIR and 60 seeded vehicles
// (servers/fleet-server.mjs). No MSW: every answer comes from the server. Each test signs in through the login form.

const SERVER = FLEET_SERVER_URL;

/** Signs in through the form and checks that the server answered: no service worker, the server's request id. */
async function signIn(page: Page, role: string) {
  const answer = await signInWithPassword(page, role, SERVER);
  expect(answer.status()).toBe(200);
  expect(answer.fromServiceWorker()).toBe(false);
  // Fastify answers every request with its request id; MSW's demo never does.
  expect(answer.headers()['x-request-id']).toBeTruthy();
  await expect(page.getByText(portal.pages.dashboardGreeting)).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull();
}

/** The session token the portal holds after signing in (the MQTT password, live-topics.md). */
async function tokenOf(page: Page): Promise<string> {
  const stored = await page.evaluate((key) => window.sessionStorage.getItem(key), STORE_STORAGE_KEY);
  const token = (JSON.parse(stored ?? '{}') as { state?: { auth?: { token?: string } } }).state?.auth?.token;
  if (!token) throw new Error('the portal holds no session token');
  return token;
}

test('a Super Admin signs in at the server and searches and sorts the vehicle list it serves', async ({ page }) => {
  await signIn(page, 'SA');
  const firstPage = page.waitForResponse((r) => r.url().startsWith(`${SERVER}/api/vehicles?`) && r.ok());
  await page
    .getByRole(...session.mainNavigationNav)
    .getByRole(...session.vehicleManagementLink)
    .click();
  expect((await firstPage).fromServiceWorker()).toBe(false);
  const table = page.getByRole(...session.vehiclesTable);
  await expect(table.getByRole(...ui.row)).toHaveCount(26, { timeout: 20_000 });
  // The server's world, not the demo's: 60 vehicles (SEED_VEHICLES).
  await expect(page.getByText(realServer.firstPageOf60Text, { exact: true })).toBeVisible();
  await lookAt(page, { path: test.info().outputPath('vehicle-list.png'), fullPage: true });

  // Sort by SoC, low to high: the server orders the page.
  const sorted = page.waitForResponse((r) => r.url().startsWith(`${SERVER}/api/vehicles?`) && /sort/i.test(r.url()));
  await page.getByRole(...realServer.socSort).click();
  await sorted;
  await expect(page.getByRole(...realServer.socColumn)).toHaveAttribute('aria-sort', 'ascending');
  const socs = async () =>
    (await table.locator(realServer.socCell).allTextContents()).map((text) => Number.parseFloat(text));
  await expect
    .poll(async () => {
      const values = await socs();
      return values.length === 25 && values.every((v, i) => (values[i - 1] ?? v) <= v);
    })
    .toBe(true);

  // Search: one vehicle of the 60 by its number.
  await page.getByRole(...realServer.vehicleSearch).fill('000042');
  await expect(page.getByText(realServer.oneOf1Text, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(table.getByRole(...ui.row)).toHaveCount(2);
  await expect(table.locator(realServer.vehicleLink('veh-000042'))).toBeVisible();
});

test('a ticket opened and worked at the server survives a reload; the driver sees it without the internal note', async ({
  browser,
  page,
}) => {
  const title = `Real server e2e ${Date.now().toString(36)}`;
  const note = `Internal only ${title}`;
  await signIn(page, 'DA');
  await page.goto(`${SERVER}/tickets`);
  await expect(
    page
      .getByRole(tickets.table.role, { name: tickets.table.name })
      .getByRole(...ui.row)
      .nth(1),
  ).toBeVisible({ timeout: 20_000 });

  // Create.
  await page.getByRole(tickets.newTicket.role, { name: tickets.newTicket.name }).click();
  const form = page.getByRole(tickets.newTicketDialog.role, { name: tickets.newTicketDialog.name });
  await form.getByRole(tickets.vehicle.role, { name: tickets.vehicle.name }).fill('000002');
  await page
    .getByRole(...tickets.vehicleListbox)
    .getByRole(...tickets.n000002Option)
    .first()
    .click();
  await form.getByRole(tickets.title.role, { name: tickets.title.name }).fill(title);
  await form.getByRole(tickets.description.role, { name: tickets.description.name }).fill('The cover does not close.');
  const created = page.waitForResponse((r) => r.url() === `${SERVER}/api/tickets` && r.request().method() === 'POST');
  await form.getByRole(tickets.openTicket.role, { name: tickets.openTicket.name }).click();
  expect((await created).status()).toBe(201);
  const drawer = page.getByRole(...realServer.ticketDrawer(title));
  await expect(drawer).toBeVisible({ timeout: 15_000 });
  const ref =
    (
      (await drawer
        .getByRole(...ui.heading)
        .first()
        .textContent()) ?? ''
    ).split(':')[0] ?? '';
  expect(ref).toMatch(/^TCK-\d+$/);

  // Edit: an internal note, and the ticket put on hold.
  await drawer.locator(tickets.label).filter({ hasText: tickets.noteKindLabel }).click();
  await drawer.getByRole(...tickets.internalNoteField).fill(note);
  await drawer.getByRole(tickets.addNote.role, { name: tickets.addNote.name }).click();
  await expect(drawer.getByLabel(tickets.internalNoteFrom).getByText(note)).toBeVisible();
  await drawer
    .getByRole(tickets.statusMoves.role, { name: tickets.statusMoves.name })
    .getByRole(...tickets.putOnHold)
    .click();
  await expect(drawer.getByText(tickets.pausedText).first()).toBeVisible();

  // A reload reads it back from the database.
  await page.reload();
  const reopened = page.getByRole(...realServer.ticketDrawer(title));
  await expect(reopened.getByLabel(tickets.internalNoteFrom).getByText(note)).toBeVisible({ timeout: 20_000 });
  await expect(reopened.getByText(tickets.pausedText).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole(tickets.search.role, { name: tickets.search.name }).fill(ref);
  const list = page.getByRole(tickets.table.role, { name: tickets.table.name });
  await expect(list.getByRole(...ui.row)).toHaveCount(2, { timeout: 15_000 });
  await expect(
    list
      .getByRole(...ui.row)
      .nth(1)
      .getByRole(...realServer.ticketStatusCell('Hold')),
  ).toBeVisible();

  // The vehicle's driver, in a browser of their own, sees the ticket but never the internal note.
  const driverContext = await browser.newContext();
  try {
    const driver = await driverContext.newPage();
    await signIn(driver, 'DR');
    await driver.goto(`${SERVER}/driver/tickets`);
    await driver.getByRole(tickets.search.role, { name: tickets.search.name }).fill(ref);
    const own = driver.getByRole(tickets.table.role, { name: tickets.table.name });
    await expect(own.getByRole(...ui.row)).toHaveCount(2, { timeout: 15_000 });
    await own.getByText(ref).click();
    const view = driver.getByRole(...ui.dialogNamed(new RegExp(`^${ref}:`)));
    await expect(view.getByText(title).first()).toBeVisible({ timeout: 15_000 });
    await expect(view.getByText(note)).toHaveCount(0);
    await expect(view.getByRole(tickets.statusMoves.role, { name: tickets.statusMoves.name })).toHaveCount(0);
  } finally {
    await driverContext.close();
  }
});

test("a command sent from the page reaches a subscriber of the server's broker live", async ({ page }) => {
  const vehicle = 'veh-000007';
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await signIn(page, 'SA');
  await page.goto(`${SERVER}/vehicle/${vehicle}`);
  // The page is live on the server's own broker (config.json names it), with its session token.
  await expect(page.getByRole(...session.liveStatus)).toBeVisible({ timeout: 20_000 });
  expect(sockets).toContain(`${SERVER.replace(/^http/, 'ws')}/mqtt`);

  const client = await mqtt.connectAsync(`${SERVER.replace(/^http/, 'ws')}/mqtt`, {
    username: 'e2e',
    password: await tokenOf(page),
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  try {
    const received: { topic: string; message: Record<string, unknown> }[] = [];
    client.on('message', (topic, payload) => received.push({ topic, message: JSON.parse(payload.toString()) }));
    const granted = await client.subscribeAsync(`voltline/v1/vehicles/${vehicle}/commands`, { qos: 1 });
    expect(granted[0]?.qos).toBe(1);

    await page.getByRole(...realServer.commandsTab).click();
    await page.getByRole(tour.commandPicker.role, { name: tour.commandPicker.name }).click({ timeout: 20_000 });
    await page.getByRole(tour.option, { name: tour.plainCommand }).click();
    await page.getByRole(tour.sendCommand.role, { name: tour.sendCommand.name }).click();
    const newest = page
      .getByRole(...realServer.commandsTable)
      .getByRole(...ui.row)
      .nth(1);
    await expect(newest.getByLabel(tour.commandStatus.pending)).toBeVisible({ timeout: 15_000 });
    await lookAt(page, { path: test.info().outputPath('command-pending.png'), fullPage: true });

    // The server published the command request to the vehicle's topic (live-topics.md) once it was committed.
    await expect
      .poll(() => received, { timeout: 10_000 })
      .toEqual([
        {
          topic: `voltline/v1/vehicles/${vehicle}/commands`,
          message: expect.objectContaining({ v: 1, vehicleUid: vehicle, name: 'LOCATE' }),
        },
      ]);
  } finally {
    await client.endAsync();
  }
});

test('the header counts what the server holds: a notification acknowledged elsewhere leaves the count live', async ({
  page,
}) => {
  // The bell asks the server how many notifications nobody acknowledged, and asks again every 5 s.
  const firstCount = page.waitForResponse(
    (r) => r.url().startsWith(`${SERVER}/api/notifications?`) && /acknowledged/.test(decodeURIComponent(r.url())),
  );
  await signIn(page, 'SA');
  const countUrl = (await firstCount).url();
  const bell = page.getByRole(...realServer.notificationBell);
  await expect(bell).toBeVisible();
  const before = Number((await bell.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
  expect(before).toBeGreaterThan(0);

  // Someone else (here: the test, through the API with a Super Employee's session) acknowledges one of them.
  const login = await page.request.post(`${SERVER}/api/auth/login`, {
    data: { email: 'se@voltline.demo', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const unread = await page.request.get(countUrl, { headers });
  const [first] = ((await unread.json()) as { items: { id: string }[] }).items;
  expect(first).toBeDefined();
  const ack = await page.request.post(`${SERVER}/api/notifications/${first?.id}/acknowledge`, { headers });
  expect(ack.status()).toBe(200);

  // The page shows it without a reload.
  await expect(page.getByRole(...realServer.notificationBellOf(before - 1))).toBeVisible({ timeout: 12_000 });
});
