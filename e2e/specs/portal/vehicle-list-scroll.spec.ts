import { expect, test } from '@playwright/test';
import { portal } from '../../selectors';

/** The built demo; e2e/playwright.config.ts serves it on 4173. */
const BASE = process.env.PORTAL_URL ?? 'http://127.0.0.1:4173';
const SLOW = { timeout: 30_000 };
const ROW_HEIGHT = 44;

test.describe('the vehicle list at 1,000 rows per page', () => {
  test.describe.configure({ timeout: 120_000 });

  test('scrolling the page shows the rows in view under the sticky header', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // A world with more vehicles than one 1,000-row page.
    await page.addInitScript(() => localStorage.setItem('voltline.demo.size', '2000'));
    await page.goto(`${BASE}/login`);
    await page.locator(`${portal.login.demoAccount}[data-role="SA"]`).click();
    await expect(page.getByText(portal.pages.dashboardGreeting)).toBeVisible(SLOW);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Vehicle Management' })
      .click();
    const table = page.getByRole('table', { name: 'Vehicles' });
    await expect(table.getByRole('row')).toHaveCount(26, SLOW);
    await page.screenshot({ path: test.info().outputPath('vehicle-list.png') });

    await page.getByLabel('Rows per page').selectOption('1000');
    await expect(page.getByText('1–1000 of 2,000')).toBeVisible(SLOW);
    const body = page.getByTestId('vehicles-scroll');
    const header = table.getByRole('columnheader', { name: 'VIN' });
    const bodyBox = await body.boundingBox();
    if (!bodyBox) throw new Error('the list body has no box');
    await page.mouse.move(bodyBox.x + bodyBox.width / 2, bodyBox.y + bodyBox.height / 2);

    // Wheel steps as a user's, then the row that should sit just under the header is rendered and visible.
    for (const target of [2_000, 9_000, 21_000, 43_500]) {
      const top = await body.evaluate((el) => el.scrollTop);
      await page.mouse.wheel(0, target - top);
      await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBeGreaterThan(target - 400);
      const scrolled = await body.evaluate((el) => el.scrollTop);
      // aria-rowindex counts the header row as 1, so the page's row n (from 0) is n + 2.
      const firstInView = Math.floor(scrolled / ROW_HEIGHT) + 2;
      for (const index of [firstInView + 1, firstInView + 6, firstInView + 10]) {
        await expect(table.locator(`tbody tr[aria-rowindex="${Math.min(index, 1001)}"]`)).toBeInViewport();
      }
      await expect(header).toBeInViewport();
    }
    await page.screenshot({ path: test.info().outputPath('vehicle-list-1000-scrolled.png') });

    // The rows are still usable down there: a row's menu opens and Enter opens the vehicle.
    const lastRow = table.locator('tbody tr[aria-rowindex="1001"]');
    // The body's bottom edge sits below the window's: scroll the page (not the body) to the last row.
    await lastRow.scrollIntoViewIfNeeded();
    await expect(lastRow).toBeInViewport();
    await lastRow.getByRole('button', { name: /^Actions for / }).click();
    await expect(page.getByRole('menuitem').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('vehicle-list-1000-row-menu.png') });
    await page.keyboard.press('Escape');
    await lastRow.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/vehicle\/veh-/);
  });
});
