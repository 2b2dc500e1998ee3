import { expect, type Page, test } from '@playwright/test';
import { portal, vehicleTour as tour } from '../../selectors';
import { PORTAL_URL } from '../../urls';

// A vehicle's full tour on the demo build: the 8 vehicle tabs (a command sent and acknowledged live through the
// in-page broker emulation, and one fault's details), then its BMS details and battery pack history, with a screenshot
// of each.
const BASE = PORTAL_URL;
/** A demo-world vehicle with trips, faults, commands and a notification. */
const VEHICLE = 'veh-000018';
const BMS = 'bms-000018';
const SLOW = { timeout: 20_000 };

async function signInAsSuperAdmin(page: Page) {
  await page.goto(`${BASE}/login`);
  await page.locator(`${portal.login.demoAccount}[data-role="SA"]`).click();
  await expect(page.getByText(portal.pages.dashboardGreeting)).toBeVisible(SLOW);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

function table(page: Page, name: string) {
  return page.getByRole('table', { name, exact: true });
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

test('a vehicle tour: every details tab, its BMS and the battery pack history', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsSuperAdmin(page);
  await page.goto(`${BASE}/vehicle/${VEHICLE}`);

  await expect(page.getByRole(tour.vehicleTabs.role, { name: tour.vehicleTabs.name }).getByRole('tab')).toHaveCount(
    8,
    SLOW,
  );
  await expect(table(page, tour.tables.identity)).toBeVisible(SLOW);
  await shoot(page, '01-overview');

  await openTab(page, 'Trip Analysis');
  const trips = table(page, tour.tables.trips);
  await expect(trips).toBeVisible(SLOW);
  await trips.getByRole('row').nth(1).click();
  await expect(page.getByRole(tour.tripDetail.role, { name: tour.tripDetail.name })).toBeVisible();
  await shoot(page, '02-trip-analysis');

  await openTab(page, 'Notifications');
  await expect(table(page, tour.tables.notifications)).toBeVisible(SLOW);
  await shoot(page, '03-notifications');

  await openTab(page, 'Commands');
  await expect(table(page, tour.tables.commands)).toBeVisible(SLOW);
  await expect(page.getByRole('status', { name: 'Live' })).toBeVisible(SLOW);
  await page.getByRole(tour.commandPicker.role, { name: tour.commandPicker.name }).click();
  await page.getByRole('option').first().click();
  await page.getByRole(tour.sendCommand.role, { name: tour.sendCommand.name }).click();
  const newest = table(page, tour.tables.commands).getByRole('row').nth(1);
  await expect(newest.getByLabel('Status: Pending')).toBeVisible(SLOW);
  await shoot(page, '04-commands-pending');
  // The simulated vehicle answers over MQTT after 2 s, no later than the REST history would settle (2 to 5 s).
  await expect(newest.getByLabel(/^Status: (Success|Failed)$/)).toBeVisible({ timeout: 5_000 });
  await shoot(page, '05-commands-acknowledged');

  await openTab(page, 'Fault & Alerts');
  await expect(table(page, tour.tables.faults)).toBeVisible(SLOW);
  // A chip's checkbox is visually hidden; people click its label.
  const high = page.getByRole('group', { name: 'Filter by severity' }).getByText('High', { exact: true });
  await high.click();
  await expect(page.getByRole('checkbox', { name: 'High' })).toBeChecked();
  await expect(table(page, tour.tables.faults).getByRole('row')).toHaveCount(2);
  await shoot(page, '06-faults-high');
  await high.click();
  await expect(table(page, tour.tables.faults).getByRole('row')).toHaveCount(4);
  await shoot(page, '06-faults');

  // A fault's own page, and back to the vehicle.
  await table(page, tour.tables.faults).getByRole('link').first().click();
  await expect(page.getByLabel(tour.faultTimeline)).toBeVisible(SLOW);
  await expect(page.getByText(/Tickets do not exist/)).toBeVisible();
  await shoot(page, '06b-fault-details');
  await page.goBack();
  await expect(table(page, tour.tables.faults)).toBeVisible(SLOW);

  await openTab(page, 'Analysis');
  const chart = page.getByRole(tour.analysisChart.role, { name: tour.analysisChart.name });
  await expect(chart.locator('canvas').first()).toBeVisible(SLOW);
  await shoot(page, '07-analysis');

  await openTab(page, 'Attributes');
  await expect(table(page, tour.tables.attributes)).toBeVisible(SLOW);
  await shoot(page, '08-attributes');

  await openTab(page, 'Location Analysis');
  await expect(table(page, tour.tables.locations)).toBeVisible(SLOW);
  await shoot(page, '09-location-analysis');

  await page.goto(`${BASE}/bms/details/${BMS}`);
  await expect(page.getByRole(tour.bmsTabs.role, { name: tour.bmsTabs.name }).getByRole('tab')).toHaveCount(8, SLOW);
  await expect(page.getByRole('table', { name: 'Device state' })).toBeVisible(SLOW);
  await shoot(page, '10-bms-overview');
  await openTab(page, 'Battery State Cycle');
  await expect(table(page, tour.tables.cycles)).toBeVisible(SLOW);
  await shoot(page, '11-bms-battery-state-cycle');

  await table(page, tour.tables.cycles).getByRole('link', { name: 'Cell history' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/bms/battery-pack-history/${BMS}\\?cycle=`));
  await expect(page.getByRole(tour.heatmap.role, { name: tour.heatmap.name }).locator('canvas').first()).toBeVisible(
    SLOW,
  );
  await expect(
    page.getByRole(tour.spreadChart.role, { name: tour.spreadChart.name }).locator('canvas').first(),
  ).toBeVisible();
  await expect(table(page, tour.tables.cells).getByText('Weakest')).toBeVisible();
  await shoot(page, '12-battery-pack-history');
});
