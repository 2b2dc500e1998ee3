import { expect, type Locator, type Page, test } from '@playwright/test';
import { vehicleTour as tour } from '../../selectors';
import { PORTAL_BASE, signInDemo } from './portal-session';

// Trip Analysis and Location Analysis of one demo-world vehicle in the real demo portal: a trip's route on the map,
// scrubbing and playing it (the marker and the charts follow), then the saved locations on their map, with a
// screenshot of each step.
const VEHICLE = 'veh-000018';
const SLOW = { timeout: 20_000 };

/** A screenshot of the viewport (a full-page one repeats the fixed header mid-page once the page has scrolled). */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

/** What a region of the page looks like now (the WebGL map and the chart canvas have no DOM to read). */
const pixels = (locator: Locator) => locator.screenshot({ animations: 'disabled' });

test('a trip plays back on the map with its charts, and saved locations show on theirs', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInDemo(page);
  await page.goto(`${PORTAL_BASE}/vehicle/${VEHICLE}`);

  await openTab(page, 'Trip Analysis');
  const trips = page.getByRole('table', { name: tour.tables.trips, exact: true });
  await expect(trips).toBeVisible(SLOW);
  await trips.getByRole('row').nth(1).click();
  const detail = page.getByRole(tour.tripDetail.role, { name: tour.tripDetail.name });
  await expect(detail).toBeVisible();
  const map = detail.getByRole('region', { name: 'Trip map' });
  await expect(map).toHaveAttribute('data-map-status', 'ready', SLOW);
  const charts = detail.getByRole('img', { name: 'Speed and SoC over the trip' });
  await expect(charts).toHaveAttribute('data-chart-status', 'ready', SLOW);
  await expect(detail.getByRole('alert')).toHaveCount(0);
  const readout = detail.getByRole('group', { name: 'Position readout' });
  await map.scrollIntoViewIfNeeded();
  // Let the map's first frames settle before comparing pixels.
  await page.waitForTimeout(500);
  await shoot(page, '01-trip-route');

  const startTime = (await readout.locator('p').nth(1).textContent()) ?? '';
  const mapAtStart = await pixels(map);
  const chartsAtStart = await pixels(charts);

  // Scrub: drag the slider's thumb 40 % of the way along its track.
  const slider = detail.getByRole('slider', { name: 'Trip position' });
  const thumb = (await slider.boundingBox())!;
  const track = (await slider.locator('xpath=..').boundingBox())!;
  await page.mouse.move(thumb.x + thumb.width / 2, thumb.y + thumb.height / 2);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width * 0.4, thumb.y + thumb.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(readout).not.toContainText(startTime);
  await page.waitForTimeout(300);
  const mapScrubbed = await pixels(map);
  expect(mapScrubbed.equals(mapAtStart), 'the marker and the travelled line moved on the map').toBe(false);
  await expect
    .poll(async () => (await pixels(charts)).equals(chartsAtStart), { message: 'the chart cursor moved' })
    .toBe(false);
  await shoot(page, '02-trip-scrubbed');

  const scrubbedTime = (await readout.locator('p').nth(1).textContent()) ?? '';
  await detail.getByRole('button', { name: 'Play' }).click();
  await expect(detail.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(readout).not.toContainText(scrubbedTime, { timeout: 5_000 });
  await expect.poll(async () => (await pixels(map)).equals(mapScrubbed), { timeout: 5_000 }).toBe(false);
  await shoot(page, '03-trip-playing');
  await detail.getByRole('button', { name: 'Pause' }).click();
  await expect(detail.getByRole('button', { name: 'Play' })).toBeVisible();
  // Playing never drops the selected trip.
  await expect(trips.getByRole('row', { selected: true })).toHaveCount(1);

  await openTab(page, 'Location Analysis');
  await expect(page.getByRole('table', { name: tour.tables.locations, exact: true })).toBeVisible(SLOW);
  const locationMap = page.getByRole('region', { name: 'Saved locations map' });
  await expect(locationMap).toHaveAttribute('data-map-status', 'ready', SLOW);
  await expect(page.getByRole('tabpanel').getByRole('alert')).toHaveCount(0);
  await page.waitForTimeout(500);
  await shoot(page, '04-location-analysis');
});
