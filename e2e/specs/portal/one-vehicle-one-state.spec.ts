import { expect, type Page, test } from '@playwright/test';
import { PORTAL_BASE, signInDemo } from './portal-session';

// Issue 18 item 1 (decision 0103): every view of a demo vehicle follows one drive profile. The page's clock is fixed at
// 03:00 UTC, on the hour: the world's "now" is then the page's now, every online vehicle was last seen in the five
// minutes before, and no drive starts in between (drives start on the half hour). At 03:00 the night shift drives.
const AT = Date.UTC(2026, 10, 27, 3, 0, 0);

async function tileCount(page: Page, panel: string, label: string): Promise<number> {
  const value = page
    .getByRole('region', { name: panel, exact: true })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::*[1]');
  return Number((await value.textContent())!.replace(/\D/g, ''));
}

test("the dashboard map shows no more vehicles, nor drivers, than the Fleet status panel's online vehicles allow", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.clock.setFixedTime(AT);
  await signInDemo(page);
  const status = page.getByRole('region', { name: 'Fleet status', exact: true });
  await expect(status.getByText('Online', { exact: true })).toBeVisible({ timeout: 30_000 });
  const online = await tileCount(page, 'Fleet status', 'Online');
  const driving = await tileCount(page, 'Fleet status', 'Driving');
  const idle = await tileCount(page, 'Fleet status', 'Idle');
  const offline = await tileCount(page, 'Fleet status', 'Offline');
  expect(offline).toBeGreaterThan(0);
  expect(driving).toBeGreaterThan(0);

  // The dashboard's fleet map counts the vehicles it shows, per state.
  await page.screenshot({ path: test.info().outputPath('sa-dashboard.png'), fullPage: true });
  await page.getByRole('link', { name: 'Open the fleet map' }).click();
  const chips = page.getByRole('group', { name: 'Vehicle states shown' });
  const chipCount = async (label: string) =>
    Number(/\((\d+)\)/.exec((await chips.getByText(new RegExp(`^${label} \\(`)).textContent()) ?? '')?.[1] ?? NaN);
  await expect.poll(() => chipCount('Driving'), { timeout: 30_000 }).toBeGreaterThan(0);
  // A few telemetry rounds, so that every vehicle the map will show has reported.
  await page.waitForTimeout(4000);
  const shown = { driving: await chipCount('Driving'), all: 0 };
  for (const label of ['Driving', 'Charging', 'Standby', 'Fault / emergency', 'Unknown'])
    shown.all += await chipCount(label);
  await page.screenshot({ path: test.info().outputPath('fleet-map.png') });
  // Offline vehicles publish nothing: the map holds online vehicles only. A vehicle idle when last seen may have set
  // off since (on the hour), so the map's drivers are at most the panel's drivers and idle ones.
  expect(shown.all).toBeLessThanOrEqual(online);
  expect(shown.driving).toBeLessThanOrEqual(driving + idle);
});

test("an online vehicle's SoC in the list is the SoC its Overview shows live", async ({ page }) => {
  test.setTimeout(90_000);
  await page.clock.setFixedTime(AT);
  await signInDemo(page);
  // Standing, online vehicles: their charge has not changed since they were last seen.
  await page.goto(`${PORTAL_BASE}/vehicle-management?isLive=true&stateCode=0`);
  const table = page.getByRole('table', { name: 'Vehicles' });
  const row = table.getByRole('row', { name: /^Vehicle / }).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const listSoc = Number((await row.getByText(/^\d+ %$/).textContent())!.replace(/\D/g, ''));
  await row.click();
  await expect(page.getByText(/^Live, \d+ km\/h$/)).toBeVisible({ timeout: 30_000 });
  const card = page.getByText('State of charge', { exact: true }).locator('..');
  const overviewSoc = Number((await card.getByText(/^\d+ ?%$/).textContent())!.replace(/\D/g, ''));
  await page.screenshot({ path: test.info().outputPath('vehicle-overview.png'), fullPage: true });
  expect(Math.abs(overviewSoc - listSoc)).toBeLessThanOrEqual(1);
});
