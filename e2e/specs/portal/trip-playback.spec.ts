import { expect, type Locator, type Page, test } from '@playwright/test';
import { tripPlayback, trips as tripSel, ui, vehicleTour as tour } from '../../selectors';
import { signInDemo } from './portal-session';
import { lookAt } from '../look';

// Trip Analysis and Location Analysis of one demo-world vehicle in the real demo portal, one behaviour a test: a trip's
// route on the map, scrubbing and playing it (the marker and the charts follow), the saved locations on their map, with
// a screenshot of each step.
const VEHICLE = 'veh-000018';
const SLOW = { timeout: 20_000 };

/** A screenshot of the viewport (a full-page one repeats the fixed header mid-page once the page has scrolled). */
async function shoot(page: Page, name: string) {
  await lookAt(page, { path: test.info().outputPath(`${name}.png`) });
}

async function openTab(page: Page, name: string) {
  await page.getByRole(...ui.tabNamed(name, true)).click();
  await expect(page.getByRole(...ui.tabNamed(name, true))).toHaveAttribute('aria-selected', 'true');
}

/** What a region of the page looks like now (the WebGL map and the chart canvas have no DOM to read). */
const pixels = (locator: Locator) => locator.screenshot({ animations: 'disabled' });

/** Signs in, opens the vehicle's Trip Analysis, selects its newest trip and waits for its map and charts. */
async function openTripDetail(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInDemo(page, 'SA', `/vehicle/${VEHICLE}`);
  await openTab(page, 'Trip Analysis');
  const trips = page.getByRole(...ui.tableNamed(tour.tables.trips, true));
  await expect(trips).toBeVisible(SLOW);
  await trips
    .getByRole(...ui.row)
    .nth(1)
    .click();
  const detail = page.getByRole(tour.tripDetail.role, { name: tour.tripDetail.name });
  await expect(detail).toBeVisible();
  const map = detail.getByRole(tripSel.map.role, { name: tripSel.map.name });
  await expect(map).toHaveAttribute('data-map-status', 'ready', SLOW);
  const charts = detail.getByRole(tripSel.charts.role, { name: tripSel.charts.name });
  await expect(charts).toHaveAttribute('data-chart-status', 'ready', SLOW);
  await expect(detail.getByRole(...ui.alert)).toHaveCount(0);
  const readout = detail.getByRole(tripSel.readout.role, { name: tripSel.readout.name });
  await map.scrollIntoViewIfNeeded();
  // Let the map's first frames settle before comparing pixels.
  await page.waitForTimeout(500);
  return { trips, detail, map, charts, readout };
}

/** The time the position readout shows. */
const readoutTime = async (readout: Locator) => (await readout.locator(tripPlayback.p).nth(1).textContent()) ?? '';

test.describe('trip playback on the demo build', () => {
  test.describe.configure({ timeout: 90_000 });

  test('scrubbing a trip moves the marker on the map and the cursor on the charts', async ({ page }) => {
    const { detail, map, charts, readout } = await openTripDetail(page);
    await shoot(page, '01-trip-route');
    const startTime = await readoutTime(readout);
    const mapAtStart = await pixels(map);
    const chartsAtStart = await pixels(charts);

    // Drag the slider's thumb 40 % of the way along its track.
    const slider = detail.getByRole(tripSel.position.role, { name: tripSel.position.name });
    const thumb = (await slider.boundingBox())!;
    const track = (await slider.locator(tripPlayback.xpath).boundingBox())!;
    await page.mouse.move(thumb.x + thumb.width / 2, thumb.y + thumb.height / 2);
    await page.mouse.down();
    await page.mouse.move(track.x + track.width * 0.4, thumb.y + thumb.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(readout).not.toContainText(startTime);
    await page.waitForTimeout(300);
    expect((await pixels(map)).equals(mapAtStart), 'the marker and the travelled line moved on the map').toBe(false);
    await expect
      .poll(async () => (await pixels(charts)).equals(chartsAtStart), { message: 'the chart cursor moved' })
      .toBe(false);
    await shoot(page, '02-trip-scrubbed');
  });

  test('playing a trip moves along it, and pausing keeps the trip selected', async ({ page }) => {
    const { trips, detail, map, readout } = await openTripDetail(page);
    const before = await readoutTime(readout);
    const mapBefore = await pixels(map);
    await detail.getByRole(...ui.buttonNamed(tripSel.play)).click();
    await expect(detail.getByRole(...ui.buttonNamed(tripSel.pause))).toBeVisible();
    await expect(readout).not.toContainText(before, { timeout: 5_000 });
    await expect.poll(async () => (await pixels(map)).equals(mapBefore), { timeout: 5_000 }).toBe(false);
    await shoot(page, '03-trip-playing');
    await detail.getByRole(...ui.buttonNamed(tripSel.pause)).click();
    await expect(detail.getByRole(...ui.buttonNamed(tripSel.play))).toBeVisible();
    await expect(trips.getByRole(...tripPlayback.row)).toHaveCount(1);
  });

  test('saved locations show on their map', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInDemo(page, 'SA', `/vehicle/${VEHICLE}`);
    await openTab(page, 'Location Analysis');
    await expect(page.getByRole(...ui.tableNamed(tour.tables.locations, true))).toBeVisible(SLOW);
    const locationMap = page.getByRole(tripSel.locationsMap.role, { name: tripSel.locationsMap.name });
    await expect(locationMap).toHaveAttribute('data-map-status', 'ready', SLOW);
    await expect(page.getByRole(...ui.tabpanel).getByRole(...ui.alert)).toHaveCount(0);
    await page.waitForTimeout(500);
    await shoot(page, '04-location-analysis');
  });
});
