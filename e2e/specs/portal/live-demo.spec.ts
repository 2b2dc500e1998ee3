import { expect, test } from '@playwright/test';
import { liveDemo, portal } from '../../selectors';
import { PORTAL_URL } from '../../urls';

// Demo mode end to end: after sign-in the portal's one live controller loads mqtt.js, connects through MSW to the
// in-page broker emulation, and the dashboard's real-time map subscribes to its viewport.
const BASE = PORTAL_URL;

test('after sign-in the header shows live data connected and the dashboard draws the real-time map', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`${BASE}/login`);
  await page.locator(portal.login.demoAccountOf('SA')).click();
  await expect(page.getByRole(...liveDemo.liveStatus)).toBeVisible({ timeout: 20_000 });
  const map = page.getByRole(...liveDemo.realTimeMapViewOfRegion);
  await expect(map.locator(liveDemo.canvas)).toBeVisible({ timeout: 20_000 });
  await expect(map.getByText(liveDemo.drivingText)).toBeVisible();
});
