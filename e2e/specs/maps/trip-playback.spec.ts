import { expect, type Page, test } from '@playwright/test';
import { startHarness } from './harness/build-harness.mjs';
import { openMaps } from './maps-harness';
import { tripPlaybackMap, ui } from '../../selectors';
import { lookAt } from '../look';

// TripPlayback and LocationAnalysisMap alone on the maps harness page (the vehicle details tabs that host them are
// another page's work), with a trip route in the query cache as the Fleet API sends it.

test.describe.configure({ mode: 'serial', timeout: 60_000 });

let harness: { url: string; close(): Promise<void> };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  harness = await startHarness();
});

test.afterAll(async () => {
  await harness?.close();
});

const markerAt = (page: Page) =>
  page.evaluate(() => {
    const { map } = (window as unknown as { __maps: { map: { querySourceFeatures(id: string): unknown[] } } }).__maps;
    const [feature] = map.querySourceFeatures('trip-vehicle') as { geometry: { coordinates: [number, number] } }[];
    return feature?.geometry.coordinates ?? null;
  });

test('scrubbing moves the marker, and Space plays the trip', async ({ page }) => {
  await openMaps(page, harness.url, 'view=trip');
  const start = await markerAt(page);
  expect(start).not.toBeNull();
  const readout = page.getByRole(...tripPlaybackMap.positionReadoutGroup);
  await expect(readout).toContainText('Speed 0 km/h');
  await lookAt(page, { path: test.info().outputPath('trip-playback-start.png') });

  // Drag the scrubber's thumb 40 % of the way along its track.
  const slider = page.getByRole(...tripPlaybackMap.tripPositionSlider);
  const thumb = (await slider.boundingBox())!;
  const track = (await slider.locator(tripPlaybackMap.sliderTrack).boundingBox())!;
  await page.mouse.move(thumb.x + thumb.width / 2, thumb.y + thumb.height / 2);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width * 0.4, thumb.y + thumb.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(readout).not.toContainText('08:00:00');
  await expect.poll(() => markerAt(page)).not.toEqual(start);
  const scrubbed = await markerAt(page);
  await page.waitForTimeout(300);
  await lookAt(page, { path: test.info().outputPath('trip-playback-scrubbed.png') });

  await page.locator(tripPlaybackMap.pageBody).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Space');
  await expect(page.getByRole(...tripPlaybackMap.pause)).toBeVisible();
  await expect.poll(() => markerAt(page), { timeout: 5000 }).not.toEqual(scrubbed);
  await page.keyboard.press('Space');
  await expect(page.getByRole(...tripPlaybackMap.play)).toBeVisible();
  // Paused where it got to: the scrubber holds the position (the player keeps it; the store has no copy).
  expect(Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
});

test('a stop jumps the playback there and 8x is stored as the speed', async ({ page }) => {
  await openMaps(page, harness.url, 'view=trip');
  await page
    .getByRole(...tripPlaybackMap.stopsList)
    .getByRole(...ui.button)
    .first()
    .click();
  await expect(page.getByRole(...tripPlaybackMap.positionReadoutGroup)).toContainText('Speed 0 km/h');
  await page.getByText(tripPlaybackMap.n8xText, { exact: true }).click();
  const speed = await page.evaluate(
    () =>
      (
        window as unknown as { __maps: { store: { getState(): { vehicle: { activeOffset: number } } } } }
      ).__maps.store.getState().vehicle.activeOffset,
  );
  expect(speed).toBe(8);
  await expect(page.getByRole(...tripPlaybackMap.speedAndSoCOverTheImage)).toHaveAttribute(
    'data-chart-status',
    'ready',
  );
});

test('saved locations are drawn with their visit heat', async ({ page }) => {
  await openMaps(page, harness.url, 'view=locations');
  const drawn = await page.evaluate(() => {
    const { map } = (
      window as unknown as {
        __maps: { map: { queryRenderedFeatures(o: { layers: string[] }): { properties: { kind: number } }[] } };
      }
    ).__maps;
    return map
      .queryRenderedFeatures({ layers: ['location-points'] })
      .map((f) => f.properties.kind)
      .sort();
  });
  expect(drawn).toEqual([1, 2, 3]);
  await lookAt(page, { path: test.info().outputPath('location-analysis.png') });
});
