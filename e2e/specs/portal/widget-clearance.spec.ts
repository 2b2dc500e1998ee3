import { expect, type Locator, type Page, test } from '@playwright/test';
import { widgetClearance as sel } from '../../selectors';
import { lookAt } from '../look';
import { PORTAL_BASE, signInToDashboard } from './portal-session';

// Issue 37 item 10: the widget's button sits at the bottom right of the window; scrolled to its end, no page puts its
// last line under it (the dashboard's "Open the fleet map" link was covered).

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function scrollToEnd(page: Page) {
  await page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    scroller.scrollTop = scroller.scrollHeight;
  });
  await page.waitForTimeout(300);
}

/** Where the main area's content ends (its bottom less its bottom padding), in the window's coordinates. */
async function contentBottom(main: Locator): Promise<number> {
  return main.evaluate(
    (el) => el.getBoundingClientRect().bottom - Number.parseFloat(getComputedStyle(el).paddingBottom),
  );
}

test('scrolled to the end, the last line of a page stays clear of the widget button', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await signInToDashboard(page, 'SA');
  const button = page.locator(sel.button);
  await expect(button).toBeVisible({ timeout: 30_000 });

  // The dashboard's last line: the fleet map panel's link.
  const link = page.getByRole(...sel.openTheFleetMapLink);
  await expect(link).toBeVisible({ timeout: 30_000 });
  await scrollToEnd(page);
  const linkBox = await link.boundingBox();
  const buttonBox = await button.boundingBox();
  expect(linkBox && buttonBox).toBeTruthy();
  await lookAt(page, { path: '/tmp/widget-clearance-e2e-dashboard.png' });
  expect(overlaps(linkBox as Box, buttonBox as Box)).toBe(false);

  for (const path of ['/dashboard', '/command-history', '/analysis?ids=', '/audit']) {
    await page.goto(`${PORTAL_BASE}${path}`);
    await expect(page.getByRole(...sel.pageHeading)).toBeVisible({ timeout: 30_000 });
    await expect(button).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    await scrollToEnd(page);
    const top = (await button.boundingBox())?.y ?? 0;
    expect(top).toBeGreaterThan(0);
    const end = await contentBottom(page.getByRole(...sel.main));
    await lookAt(page, { path: `/tmp/widget-clearance-e2e-${path.replace(/\W+/g, '_')}.png` });
    expect(end, `${path}: the content ends at ${end}, the button starts at ${top}`).toBeLessThanOrEqual(top);
  }
});
