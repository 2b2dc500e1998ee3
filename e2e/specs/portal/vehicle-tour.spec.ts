import { expect, type Page, test } from '@playwright/test';
import { ui, vehicleTour as tour } from '../../selectors';
import { openSignedIn } from './portal-session';
import { lookAt } from '../look';
import { acknowledgeDelayOf } from '../../../portal/src/mocks/world/command-answers';

// A vehicle's details on the demo build, one behaviour a test: the 8 vehicle tabs (a command sent and acknowledged live
// through the in-page broker emulation, one fault's details), then its BMS details and battery pack history, with a
// screenshot of each.
/** A demo-world vehicle with trips, faults, commands and a notification. */
const VEHICLE = 'veh-000018';
const BMS = 'bms-000018';
const SLOW = { timeout: 20_000 };
/**
 * Room for the live acknowledgement after the simulated vehicle answers: the in-page broker's timer, the live batch and
 * the render on a busy page.
 */
const DELIVERY_ROOM_MS = 10_000;

async function shoot(page: Page, name: string) {
  await lookAt(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });
}

function table(page: Page, name: string) {
  return page.getByRole(tour.table, { name, exact: true });
}

async function openTab(page: Page, name: string) {
  await page.getByRole(tour.tab, { name, exact: true }).click();
  await expect(page.getByRole(tour.tab, { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

/** Signs in as Super Admin and opens the vehicle's details at its Overview tab. */
async function openVehicle(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, 'SA', `/vehicle/${VEHICLE}`);
  await expect(page.getByRole(tour.vehicleTabs.role, { name: tour.vehicleTabs.name }).getByRole(tour.tab)).toHaveCount(
    8,
    SLOW,
  );
}

test.describe('a vehicle tour on the demo build', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the overview shows the identity, and a trip opens its detail', async ({ page }) => {
    await openVehicle(page);
    await expect(table(page, tour.tables.identity)).toBeVisible(SLOW);
    await shoot(page, '01-overview');

    await openTab(page, 'Trip Analysis');
    const trips = table(page, tour.tables.trips);
    await expect(trips).toBeVisible(SLOW);
    await trips
      .getByRole(...ui.row)
      .nth(1)
      .click();
    await expect(page.getByRole(tour.tripDetail.role, { name: tour.tripDetail.name })).toBeVisible();
    await shoot(page, '02-trip-analysis');
  });

  test('the notifications tab lists the vehicle notifications', async ({ page }) => {
    await openVehicle(page);
    await openTab(page, 'Notifications');
    await expect(table(page, tour.tables.notifications)).toBeVisible(SLOW);
    await shoot(page, '03-notifications');
  });

  test('a command sent from the Commands tab is pending, then acknowledged live', async ({ page }) => {
    await openVehicle(page);
    await openTab(page, 'Commands');
    await expect(table(page, tour.tables.commands)).toBeVisible(SLOW);
    await expect(page.getByRole(tour.live.role, { name: tour.live.name })).toBeVisible(SLOW);
    // When the tab read its command list: while live it does not poll for a pending command (its vehicle's
    // acknowledgement topic is subscribed), so the settled status below can only have come over the live connection.
    const reads: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname.endsWith('/commands')) reads.push(Date.now());
    });
    await page.getByRole(tour.commandPicker.role, { name: tour.commandPicker.name }).click();
    await page.getByRole(tour.option, { name: tour.plainCommand }).click();
    const posted = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/vehicles/${VEHICLE}/commands`),
    );
    await page.getByRole(tour.sendCommand.role, { name: tour.sendCommand.name }).click();
    const sentAt = Date.now();
    const command = (await (await posted).json()) as { id: string; code: string };
    const newest = table(page, tour.tables.commands)
      .getByRole(...ui.row)
      .nth(1);
    await expect(newest.getByLabel(tour.commandStatus.pending)).toBeVisible(SLOW);
    const pendingSeenAt = Date.now();
    await shoot(page, '04-commands-pending');
    // The simulated vehicle answers 2 to 5 s after the send, fixed per command id (`acknowledgeDelayOf`, the demo's
    // documented answer time): the wait runs from the send to this command's own answer, plus the delivery room. A CI
    // run failed when the wait was 5 s from when Pending showed: a command whose answer fell near 5 s after the send
    // was still due, or not yet rendered, when that window closed.
    const answersAt = sentAt + acknowledgeDelayOf(command.id, { code: command.code });
    await expect(newest.getByLabel(tour.commandStatus.settled)).toBeVisible({
      timeout: Math.max(1_000, answersAt + DELIVERY_ROOM_MS - Date.now()),
    });
    expect(reads.filter((t) => t > pendingSeenAt)).toEqual([]);
    await shoot(page, '05-commands-acknowledged');
  });

  test('faults filter by severity, and a fault opens its own page', async ({ page }) => {
    await openVehicle(page);
    await openTab(page, 'Fault & Alerts');
    const faults = table(page, tour.tables.faults);
    await expect(faults).toBeVisible(SLOW);
    // A chip's checkbox is visually hidden; people click its label.
    const high = page.getByRole(tour.severityFilter.role, { name: tour.severityFilter.name }).getByText(tour.highText, {
      exact: true,
    });
    // The vehicle is simulated while its page is open and may raise a fault live: the counts are the seeded ones or more.
    const rows = faults.getByRole(...ui.row).filter({ hasNot: page.getByRole(...ui.columnheader) });
    const notHigh = rows.filter({ hasNotText: 'High' });
    await expect(notHigh).not.toHaveCount(0);
    await high.click();
    await expect(page.getByRole(...tour.highBox)).toBeChecked();
    await expect(notHigh).toHaveCount(0);
    await expect(rows.first()).toBeVisible();
    await shoot(page, '06-faults-high');
    await high.click();
    await expect(notHigh).not.toHaveCount(0);
    await shoot(page, '06-faults');

    await faults
      .getByRole(...ui.link)
      .first()
      .click();
    await expect(page.getByLabel(tour.faultTimeline)).toBeVisible(SLOW);
    // The fault's tickets (or that it has none) and a way to open one.
    await expect(page.getByText(tour.faultTicketsEmpty).or(page.getByLabel(tour.faultTicketsList))).toBeVisible(SLOW);
    await expect(page.getByRole(tour.openTicket.role, { name: tour.openTicket.name, exact: true })).toBeVisible();
    await shoot(page, '06b-fault-details');
    await page.goBack();
    await expect(faults).toBeVisible(SLOW);
  });

  test('the analysis chart, attributes and saved locations show', async ({ page }) => {
    await openVehicle(page);
    await openTab(page, 'Analysis');
    const chart = page.getByRole(tour.analysisChart.role, { name: tour.analysisChart.name });
    await expect(chart.locator(tour.canvas).first()).toBeVisible(SLOW);
    await shoot(page, '07-analysis');

    await openTab(page, 'Attributes');
    await expect(table(page, tour.tables.attributes)).toBeVisible(SLOW);
    await shoot(page, '08-attributes');

    await openTab(page, 'Location Analysis');
    await expect(table(page, tour.tables.locations)).toBeVisible(SLOW);
    await shoot(page, '09-location-analysis');
  });

  test('the BMS details lead from a battery cycle to the pack history', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, 'SA', `/bms/details/${BMS}`);
    await expect(page.getByRole(tour.bmsTabs.role, { name: tour.bmsTabs.name }).getByRole(tour.tab)).toHaveCount(
      8,
      SLOW,
    );
    await expect(table(page, tour.tables.deviceState)).toBeVisible(SLOW);
    await shoot(page, '10-bms-overview');
    await openTab(page, 'Battery State Cycle');
    await expect(table(page, tour.tables.cycles)).toBeVisible(SLOW);
    await shoot(page, '11-bms-battery-state-cycle');

    await table(page, tour.tables.cycles)
      .getByRole(...ui.linkNamed(tour.cellHistory))
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/bms/battery-pack-history/${BMS}\\?cycle=`));
    await expect(
      page.getByRole(tour.heatmap.role, { name: tour.heatmap.name }).locator(tour.canvas).first(),
    ).toBeVisible(SLOW);
    await expect(
      page.getByRole(tour.spreadChart.role, { name: tour.spreadChart.name }).locator(tour.canvas).first(),
    ).toBeVisible();
    await expect(table(page, tour.tables.cells).getByText(tour.weakestCell)).toBeVisible();
    await shoot(page, '12-battery-pack-history');
  });
});
