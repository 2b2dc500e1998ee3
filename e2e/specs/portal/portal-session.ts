import { expect, type Page } from '@playwright/test';
import { portal } from '../../selectors';

/** Where the demo portal is served (the suite's web server, or PORTAL_URL). */
export const PORTAL_BASE = process.env.PORTAL_URL ?? 'http://127.0.0.1:4173';

/** Signs in with the demo account of a role and waits until live data is connected. */
export async function signInDemo(page: Page, role = 'SA') {
  await page.goto(`${PORTAL_BASE}/login`);
  await page.locator(`${portal.login.demoAccount}[data-role="${role}"]`).click();
  await expect(page.getByRole('status', { name: 'Live' })).toBeVisible({ timeout: 20_000 });
}
