import { expect, test } from '@playwright/test';
import { pixelDifference, serveHarness } from '../capture-shared/capture-bundle';
import { HOST_ORIGIN } from '../../../urls';
import { captureSnapshot } from '../../../selectors';

const PAGE = `${HOST_ORIGIN}/capture-snapshot/index.html`;

test.use({ viewport: { width: 900, height: 800 } });

async function fillForm(page: import('@playwright/test').Page) {
  await page.getByLabel(captureSnapshot.name).fill('Grace Hopper');
  await page.getByLabel(captureSnapshot.password).fill('s3cretPW');
  await page.getByLabel(captureSnapshot.newsletter).check();
  await page.getByLabel(captureSnapshot.plan).selectOption('Pro');
  await page.getByLabel(captureSnapshot.notes).fill('Battery drains overnight');
}

test('the snapshot carries input values, canvas pixels and shadow DOM, and never the password', async ({ page }) => {
  await serveHarness(page);
  await page.goto(PAGE);
  await fillForm(page);
  const snap = await page.evaluate(() => window.voltlineCapture.takeSnapshot());

  expect(snap).toMatchObject({
    baseUrl: HOST_ORIGIN,
    width: 900,
    height: 800,
    isMobile: false,
    x: 0,
    y: 0,
  });
  expect(snap.html).toContain('value="Grace Hopper"');
  expect(snap.html).not.toContain('s3cretPW');
  expect(snap.html).not.toContain('Ada Lovelace');
  expect(snap.html).toContain('<option selected="">Pro</option>');
  expect(snap.html).toContain('Battery drains overnight');
  expect(snap.html).toContain('<template shadowrootmode="open">');
  expect(snap.html).not.toContain('<script');
});

test('on a local host images and stylesheet urls are inlined as data URLs', async ({ page }) => {
  await serveHarness(page);
  await page.goto(PAGE);
  const snap = await page.evaluate(() => window.voltlineCapture.takeSnapshot());
  expect(snap.html).toMatch(/<img src="data:image\/jpeg;base64,[^"]+" alt="Logo"/);
  expect(snap.html).toMatch(/background: url\("data:image\/png;base64,/);
  expect(snap.html).not.toContain('<link rel="stylesheet"');
  expect(snap.html).toContain(`<style data-gl-href="${HOST_ORIGIN}/capture-snapshot/styles.css">`);
});

test('the snapshot re-rendered in a second page looks like the page', async ({ page, context }) => {
  await serveHarness(page);
  await page.goto(PAGE);
  await fillForm(page);
  const original = await page.screenshot();
  const snap = await page.evaluate(() => window.voltlineCapture.takeSnapshot());

  const rendered = await context.newPage();
  // Served from an unrelated origin, as the dashboard would: everything needed must be inside the HTML.
  await rendered.route('http://snapshot.invalid/', (route) =>
    route.fulfill({ contentType: 'text/html', body: snap.html }),
  );
  await rendered.goto('http://snapshot.invalid/');

  await expect(rendered.getByText(captureSnapshot.vehicleEV042OnlineText)).toHaveCSS(
    'background-color',
    'rgb(0, 128, 0)',
  );
  await expect(rendered.getByLabel(captureSnapshot.name)).toHaveValue('Grace Hopper');
  await expect(rendered.getByLabel(captureSnapshot.newsletter)).toBeChecked();
  await expect(rendered.getByLabel(captureSnapshot.password)).not.toHaveValue('s3cretPW');
  await expect(rendered.getByText(captureSnapshot.customerAdaLovelaceText)).toHaveCount(0);
  const chart = rendered.locator(captureSnapshot.imgWidth200Height100);
  await expect(chart).toHaveJSProperty('complete', true);
  expect(await chart.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);

  const copy = await rendered.screenshot();
  const diff = await pixelDifference(page, original, copy);
  // The masked customer line and the re-encoded images differ slightly; everything else must match.
  expect(diff).toBeLessThan(0.02);
});

test('a failing snapshot logs "Failed to take snapshot" and rejects', async ({ page }) => {
  await serveHarness(page);
  await page.goto(PAGE);
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  const outcome = await page.evaluate(async () => {
    Object.defineProperty(document, 'documentElement', { get: () => null, configurable: true });
    try {
      await window.voltlineCapture.takeSnapshot();
      return 'resolved';
    } catch {
      return 'rejected';
    }
  });
  expect(outcome).toBe('rejected');
  expect(errors.some((e) => e.startsWith('Failed to take snapshot'))).toBe(true);
});
