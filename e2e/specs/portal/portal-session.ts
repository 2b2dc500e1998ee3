import { expect, type Page } from '@playwright/test';
import { portal, session, ui } from '../../selectors';
import { PORTAL_URL } from '../../urls';

/** Where the demo portal is served (the suite's web server, or PORTAL_URL). */
export const PORTAL_BASE = PORTAL_URL;

/** Signs in with the demo account of a role and waits until live data is connected. */
export async function signInDemo(page: Page, role = 'SA') {
  await page.goto(`${PORTAL_BASE}/login`);
  await page.locator(portal.login.demoAccountOf(role)).click();
  await expect(page.getByRole(...session.liveStatus)).toBeVisible({ timeout: 20_000 });
}

/** Signs in with the demo account of a role and waits for its dashboard (not for live data). */
export async function signInToDashboard(page: Page, role = 'SA') {
  await page.goto(`${PORTAL_BASE}/login`);
  await page.locator(portal.login.demoAccountOf(role)).click();
  // Signing in and the first page transform lazy chunks; a busy machine needs more than the default.
  await expect(page.getByText(portal.pages.dashboardGreeting)).toBeVisible({ timeout: 30_000 });
}

/** Opens Vehicle Management from the main navigation and waits for its first page of 25 rows (plus the header). */
export async function openVehicleList(page: Page) {
  await page
    .getByRole(...session.mainNavigationNav)
    .getByRole(...session.vehicleManagementLink)
    .click();
  const table = page.getByRole(...session.vehiclesTable);
  await expect(table.getByRole(...ui.row)).toHaveCount(26, { timeout: 30_000 });
  return table;
}
