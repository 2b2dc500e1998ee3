import { type Page, expect, test } from '@playwright/test';
import { seriousViolations } from '../../axe';
import { FAKE_API, HOST_ORIGIN, OTHER_ORIGIN, routeFakeApi } from '../support/fake-api';
import { engagementSurfaces, widgetHost } from '../../../selectors';
import { lookAt } from '../../look';

const TOOLTIPS = [
  {
    selector: '#export',
    html: '<b>New:</b> export the list as CSV.',
    mode: 'hotspot',
    color: '#e5484d',
    animated: true,
  },
  { selector: '#deep', html: 'Acts on this row.', mode: 'hotspot', icon: 'question' },
  { selector: '#plan', html: 'Includes <em>everything</em><img src=x onerror="window.__xss=1">', mode: 'tooltip' },
  { selector: '#later', html: 'Added after load.', mode: 'hotspot', page: '/engagement/', pageType: 'contains' },
  { selector: '#export', html: 'Only on the reports page.', mode: 'tooltip', page: '/reports', pageType: 'contains' },
  { selector: '#[broken', html: 'x', mode: 'hotspot' },
];

const NEWS = {
  actionType: 'notification',
  outbound: 'n-1',
  createdAt: new Date().toISOString(),
  data: { text: 'Live map for 10,000 vehicles', news: { id: 'n-2' }, previewText: 'The map now clusters.' },
};
const MESSAGE = {
  actionType: 'notification',
  outbound: 'm-1',
  createdAt: new Date().toISOString(),
  data: {
    text: 'Hi {{name}}, <script>window.__xss=2</script>how can we help?',
    sender: { name: 'Maya from Voltline' },
    conversation: { shareToken: 't-1' },
  },
};

/** The host page with the fake API, tooltips and a WebSocket that sends `actions` when the widget connects. */
async function open(page: Page, actions: unknown[] = []) {
  await routeFakeApi(page);
  await page.route(`${FAKE_API}/config/*/tooltips`, (route) =>
    route.fulfill({
      headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
      body: JSON.stringify(TOOLTIPS),
    }),
  );
  await page.routeWebSocket(/ws\.voltline\.test/, (ws) => {
    if (actions.length) setTimeout(() => ws.send(JSON.stringify({ name: 'update', data: { a: actions, u: 2 } })), 50);
  });
  await page.addInitScript((url) => {
    (window as unknown as { e2eBannerUrl: string }).e2eBannerUrl = url;
  }, `${OTHER_ORIGIN}/engagement/banner.html`);
  await page.goto(`${HOST_ORIGIN}/engagement/`);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
}

test('notifications from the socket show in the corner by the launcher; close clears them', async ({ page }) => {
  await open(page, [NEWS, MESSAGE]);
  const stack = widgetHost.notifications(page);
  await expect(stack).toBeVisible();
  await expect(stack.getByRole(...engagementSurfaces.liveMapFor10000)).toBeVisible();
  await expect(stack.getByRole(...engagementSurfaces.mayaFromVoltlineHiHow)).toBeVisible();
  const box = (await stack.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.width).toBeLessThanOrEqual(340);
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await lookAt(page, { path: '/tmp/engage-shots/notifications.png' });
  expect(
    await seriousViolations(page, {
      include: ['voltline-notifications'],
      iframes: false,
      where: 'voltline-notifications',
    }),
  ).toEqual([]);
  await widgetHost.closeNotifications(page).click();
  await expect(stack).toHaveCount(0);
});

test('a top banner pushes the page down by its height and talks to the page from its own origin', async ({ page }) => {
  await open(page);
  const before = (await page.locator(engagementSurfaces.title).boundingBox())!.y;
  await page.evaluate(() =>
    (window as unknown as { Gleap: { showBanner(d: unknown): void } }).Gleap.showBanner({
      outbound: 'b-1',
      format: 'top',
      data: { text: 'Spring sale: 20 % off fleet plans' },
    }),
  );
  const banner = widgetHost.banner(page);
  await expect(banner.locator(engagementSurfaces.text)).toHaveText('Spring sale: 20 % off fleet plans');
  await expect.poll(async () => (await page.locator(engagementSurfaces.title).boundingBox())!.y).toBe(before + 56);
  // hotspots move with the page (a layout change, not a scroll)
  const hotspot = widgetHost.hotspot(page, 'New: export the list as CSV.');
  const exportButton = page.locator(engagementSurfaces.export);
  await expect
    .poll(async () => Math.round((await hotspot.boundingBox())!.y - (await exportButton.boundingBox())!.y))
    .toBeLessThanOrEqual(2);
  await lookAt(page, { path: '/tmp/engage-shots/banner.png' });
  expect(
    await seriousViolations(page, { include: ['voltline-banner'], iframes: false, where: 'voltline-banner' }),
  ).toEqual([]);
  await banner.getByRole(...engagementSurfaces.close).click();
  await expect(page.locator(engagementSurfaces.voltlineBanner)).toHaveCount(0);
  await expect.poll(async () => (await page.locator(engagementSurfaces.title).boundingBox())!.y).toBe(before);
});

test('hotspots sit beside their elements, follow a scroll container, hide under the fixed header', async ({ page }) => {
  await open(page);
  const exportHotspot = widgetHost.hotspot(page, 'New: export the list as CSV.');
  await expect(exportHotspot).toBeVisible();
  const target = (await page.locator(engagementSurfaces.export).boundingBox())!;
  const icon = (await exportHotspot.boundingBox())!;
  // defaults: right of the element by 4 px, vertically centred
  expect(Math.round(icon.x)).toBe(Math.round(target.x + target.width + 4));
  expect(Math.abs(icon.y + icon.height / 2 - (target.y + target.height / 2))).toBeLessThanOrEqual(1);
  // focus by keyboard shows the tooltip
  await exportHotspot.focus();
  await expect(widgetHost.tooltip(page)).toHaveText('New: export the list as CSV.');
  await lookAt(page, { path: '/tmp/engage-shots/hotspot.png' });
  expect(
    await seriousViolations(page, { include: ['voltline-tooltips'], iframes: false, where: 'voltline-tooltips' }),
  ).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(widgetHost.tooltip(page)).toBeHidden();
  // inside the scroll container: follows it, and hides when scrolled out of it
  const deep = widgetHost.hotspot(page, 'Acts on this row.');
  await expect(deep).toBeVisible();
  await page.locator(engagementSurfaces.list).evaluate((el) => {
    el.scrollTop = 60;
  });
  await expect
    .poll(async () =>
      Math.round((await deep.boundingBox())!.y - (await page.locator(engagementSurfaces.deep).boundingBox())!.y),
    )
    .toBeGreaterThanOrEqual(0);
  await page.locator(engagementSurfaces.list).evaluate((el) => {
    el.scrollTop = 400;
  });
  await expect(deep).toBeHidden();
  // the page scrolls the export button under the fixed header: its hotspot hides
  // (its centre scrolled to the middle of the 56 px header)
  await page.evaluate((y) => window.scrollTo(0, y), Math.round(target.y + target.height / 2 - 28));
  await expect(exportHotspot).toBeHidden();
  // and back into view: shown again
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(exportHotspot).toBeVisible();
});

test('hover tooltips, late elements and SPA route changes; a broken selector never breaks the page', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await open(page);
  const tip = widgetHost.tooltip(page);
  // The tooltips arrive with their lazy chunk: a hover before it has attached is hovered again, as a person would.
  await expect(async () => {
    await page.mouse.move(5, 500);
    await page.locator(engagementSurfaces.plan).hover();
    await expect(tip).toHaveText('Includes everything', { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  expect(await tip.evaluate((el) => el.querySelector('[onerror]'))).toBeNull();
  await page.mouse.move(5, 500);
  await expect(tip).toBeHidden();
  // an element added later gets its hotspot
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.id = 'later';
    b.textContent = 'Late';
    document.getElementById('late')!.append(b);
  });
  await expect(widgetHost.hotspot(page, 'Added after load.')).toBeVisible();
  // an SPA route change away from /engagement/ removes it; the reports page tooltip applies
  await page.evaluate(() => {
    history.pushState(null, '', '/reports');
    document.getElementById('late')!.append(document.createElement('span'));
  });
  await expect(widgetHost.hotspot(page, 'Added after load.')).toHaveCount(0);
  await page.locator(engagementSurfaces.export).hover();
  await expect(widgetHost.tooltip(page)).toHaveText('Only on the reports page.');
  expect(errors).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});
