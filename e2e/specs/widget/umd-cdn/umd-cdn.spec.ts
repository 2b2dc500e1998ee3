import { type Page, type Route, expect, test } from '@playwright/test';
import { expectCompleteReport, sendBugReportThroughMessenger } from '../support/bug-report-flow';
import { FAKE_API, HOST_ORIGIN, OTHER_ORIGIN, routeFakeApi } from '../support/fake-api';
import { ui, umdCdn, widgetHost } from '../../../selectors';
import { lookAt } from '../../look';

// The UMD script and its chunks come from another origin than the page (a CDN path): decision 0099.
const CDN = `${OTHER_ORIGIN}/sdk/umd/`;

const TOUR = {
  tourType: 'standard',
  allowClose: true,
  backButton: true,
  steps: [
    { selector: '#title', message: 'Welcome to the shop.' },
    { selector: '#export', message: 'Export the list here.' },
  ],
};

/** Every script the page fetched, by URL. */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || r.url().endsWith('.js')) urls.push(r.url());
  });
  return urls;
}

async function answerTour(page: Page) {
  const json = (data: unknown) => (route: Route) =>
    route.request().method() === 'OPTIONS'
      ? route.fallback()
      : route.fulfill({
          headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
          body: JSON.stringify(data),
        });
  await page.route(`${FAKE_API}/outbound/producttours`, json({ config: TOUR }));
  await page.route(`${FAKE_API}/outbound/producttourvalidation`, json({ status: 'live', config: TOUR }));
}

test('the UMD file holds the core only; a tour loads its chunk from beside the script on the CDN', async ({ page }) => {
  const scripts = scriptsOf(page);
  await routeFakeApi(page);
  await answerTour(page);
  await page.goto(`${HOST_ORIGIN}/umd-cdn/`);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  // nothing lazy yet but the offline form, which the core preloads once the UI is mounted (decision 0105), with the
  // shared chunks it imports: all from the CDN, beside the script
  await expect.poll(() => scripts.some((u) => u.startsWith(`${CDN}offline-form-`))).toBe(true);
  expect(scripts.filter((u) => u.startsWith(CDN) && !/\/(offline-form|panel|handed-over)-[\w-]+\.js$/.test(u))).toEqual(
    [`${CDN}index.umd.js`],
  );

  await page.evaluate(() =>
    (window as unknown as { Gleap: { startProductTour(id: string): void } }).Gleap.startProductTour('umd-tour'),
  );
  const popover = page.locator(umdCdn.voltlineTour).getByRole(...ui.dialog);
  await expect(popover).toContainText('Welcome to the shop.');
  await lookAt(page, { path: '/tmp/umd-shots/tour.png' });
  await popover.getByRole(...umdCdn.next).click();
  await expect(popover).toContainText('Export the list here.');
  await popover.getByRole(...umdCdn.done).click();
  await expect(page.locator(umdCdn.voltlineTour)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { tourEvents: unknown }).tourEvents)).toEqual([
    ['completed', 'umd-tour'],
  ]);
  // everything but the page's own init.js is the widget's: the script and its chunks
  const chunks = scripts.filter((u) => u !== `${CDN}index.umd.js` && !u.startsWith(`${HOST_ORIGIN}/umd-cdn/`));
  expect(chunks.some((u) => /\/tours-[\w-]+\.js$/.test(u))).toBe(true);
  expect(
    chunks.filter((u) => !u.startsWith(CDN)),
    'every chunk from the CDN folder',
  ).toEqual([]);
});

test('a top banner through the UMD shows and talks to the page', async ({ page }) => {
  await routeFakeApi(page);
  await page.addInitScript((url) => {
    (window as unknown as { e2eBannerUrl: string }).e2eBannerUrl = url;
  }, `${OTHER_ORIGIN}/engagement/banner.html`);
  await page.goto(`${HOST_ORIGIN}/umd-cdn/`);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  const before = (await page.locator(umdCdn.title).boundingBox())!.y;
  await page.evaluate(() =>
    (window as unknown as { Gleap: { showBanner(d: unknown): void } }).Gleap.showBanner({
      outbound: 'b-umd',
      format: 'top',
      data: { text: 'Spring sale from a script tag' },
    }),
  );
  const banner = widgetHost.banner(page);
  await expect(banner.locator(umdCdn.text)).toHaveText('Spring sale from a script tag');
  await expect.poll(async () => (await page.locator(umdCdn.title).boundingBox())!.y).toBe(before + 56);
  await lookAt(page, { path: '/tmp/umd-shots/banner.png' });
  // The banner slides in: a click while it moves can land where the button was. A visitor clicks again; so does this.
  await expect(async () => {
    await banner.getByRole(...umdCdn.close).click();
    await expect(page.locator(umdCdn.voltlineBanner)).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test('a bug report with a screenshot through the messenger, masked by the policy set on the UMD core', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  const report = await sendBugReportThroughMessenger(page, '/umd-cdn/');
  expectCompleteReport(report);
  const shot = report.screenshotData as { html: string } | undefined;
  expect(shot?.html).toContain('Northwind Logistics');
  // set with Gleap.setRedactionPolicy in the script; the snapshot chunk, loaded separately, used that same policy
  expect(shot?.html).not.toContain('FC-90210-XK');
  expect(scripts.some((u) => u.startsWith(CDN) && /\/snapshot-[\w-]+\.js$/.test(u))).toBe(true);
});

test('a page the admin builder opened gets the builder frame through the UMD', async ({ context }) => {
  const scripts: string[] = [];
  context.on('request', (r) => scripts.push(r.url()));
  await routeFakeApi(context);
  const builder = await context.newPage();
  await builder.goto(`${OTHER_ORIGIN}/builder/app/?site=${encodeURIComponent(`${HOST_ORIGIN}/umd-cdn/`)}`);
  const [site] = await Promise.all([builder.waitForEvent('popup'), builder.getByRole(...umdCdn.openTheSite).click()]);
  // init -> load: the door, then the builder chunk, both from beside the script
  await expect(widgetHost.builderFrame(site)).toBeVisible();
  expect(scripts.some((u) => u.startsWith(CDN) && /\/opener-[\w-]+\.js$/.test(u))).toBe(true);
  expect(scripts.some((u) => u.startsWith(CDN) && /\/builder-[\w-]+\.js$/.test(u))).toBe(true);
});
