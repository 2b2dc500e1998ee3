import { expect, type Page, test } from '@playwright/test';
import { startHarness } from './harness/build-harness.mjs';
import { type MapsWindow, openMaps, screenPoint } from './maps-harness';
import { geofenceEditor, ui } from '../../selectors';
import { lookAt } from '../look';

// The GeofenceEditor alone on a harness page: terra-draw on MapLibre in Chromium, drawn with real mouse clicks.

test.describe.configure({ mode: 'serial' });

let harness: { url: string; close(): Promise<void> };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  harness = await startHarness();
});

test.afterAll(async () => {
  await harness?.close();
});

/** Clicks each corner, then the first one again to close the polygon (terra-draw's way to finish). */
async function drawPolygon(page: Page, corners: [number, number][]) {
  for (const [lon, lat] of [...corners, corners[0]!]) {
    const point = await screenPoint(page, lon, lat);
    await page.mouse.move(point.x, point.y, { steps: 4 });
    await page.mouse.click(point.x, point.y);
    await page.waitForTimeout(120);
  }
}

const submitted = (page: Page) => page.evaluate(() => (window as unknown as MapsWindow).__maps.submitted);

const square: [number, number][] = [
  [73.835, 18.512],
  [73.855, 18.512],
  [73.855, 18.528],
  [73.835, 18.528],
];

test('a polygon drawn by clicks is saved with its name, rule and delivery methods', async ({ page }) => {
  await openMaps(page, harness.url, 'view=geofence');
  await drawPolygon(page, square);
  await expect(page.getByText(geofenceEditor.shapeDrawnText)).toBeVisible();
  await page.getByRole(...geofenceEditor.nameField).fill('Deccan depot');
  await page.getByText(geofenceEditor.exitText, { exact: true }).click();
  await page.getByRole(...geofenceEditor.emailBox).check();
  await lookAt(page, { path: test.info().outputPath('geofence-drawn.png') });
  await page.getByRole(...geofenceEditor.saveGeofence).click();
  await expect.poll(() => submitted(page)).toHaveLength(1);
  const [value] = await submitted(page);
  expect(value).toMatchObject({ name: 'Deccan depot', rule: 'exit', deliveryMethods: 16 | 2 });
  const ring = value!.geometry.coordinates[0]!;
  expect(ring).toHaveLength(5);
  expect(ring[0]).toEqual(ring[4]);
  for (const [lon, lat] of square) {
    expect(ring.some(([x, y]) => Math.abs(x! - lon) < 1e-4 && Math.abs(y! - lat) < 1e-4)).toBe(true);
  }
});

test('a bow-tie shows the self-intersection error and cannot be saved', async ({ page }) => {
  await openMaps(page, harness.url, 'view=geofence');
  await drawPolygon(page, [
    [73.835, 18.512],
    [73.855, 18.528],
    [73.855, 18.512],
    [73.835, 18.528],
  ]);
  await expect(page.getByRole(...ui.alert)).toContainText('The polygon crosses itself');
  await page.getByRole(...geofenceEditor.nameField).fill('Bow tie');
  await lookAt(page, { path: test.info().outputPath('geofence-bow-tie.png') });
  await page.getByRole(...geofenceEditor.saveGeofence).click();
  await expect(page.getByRole(...ui.alert)).toContainText('The polygon crosses itself');
  expect(await submitted(page)).toEqual([]);
});

test('saving without a shape or a name shows both field errors', async ({ page }) => {
  await openMaps(page, harness.url, 'view=geofence');
  await page.getByRole(...geofenceEditor.saveGeofence).click();
  await expect(page.getByRole(...ui.alert)).toContainText('Draw the geofence on the map');
  await expect(page.getByText(geofenceEditor.enterANameText)).toBeVisible();
  expect(await submitted(page)).toEqual([]);
});

test('undo removes the last drawn shape', async ({ page }) => {
  await openMaps(page, harness.url, 'view=geofence');
  await drawPolygon(page, square);
  await expect(page.getByText(geofenceEditor.shapeDrawnText)).toBeVisible();
  await page.getByRole(...geofenceEditor.undo).click();
  await expect(page.getByText(geofenceEditor.chooseAToolAboveTheText)).toBeVisible();
});

test('a rectangle drawn with two clicks is a valid geofence', async ({ page }) => {
  await openMaps(page, harness.url, 'view=geofence');
  await page.getByText(geofenceEditor.rectangleText, { exact: true }).click();
  for (const [lon, lat] of [square[0]!, square[2]!]) {
    const point = await screenPoint(page, lon, lat);
    await page.mouse.move(point.x, point.y, { steps: 4 });
    await page.mouse.click(point.x, point.y);
  }
  await expect(page.getByText(geofenceEditor.shapeDrawnText)).toBeVisible();
  await page.getByRole(...geofenceEditor.nameField).fill('Box');
  await page.getByRole(...geofenceEditor.saveGeofence).click();
  await expect.poll(() => submitted(page)).toHaveLength(1);
  expect((await submitted(page))[0]!.geometry.coordinates[0]!.length).toBe(5);
});

test('an existing geofence opens with its fields and shape and saves unchanged', async ({ page }) => {
  await openMaps(page, harness.url, 'view=geofence&edit=1');
  await expect(page.getByRole(...geofenceEditor.nameField)).toHaveValue('Hinjewadi IT Park');
  await expect(page.getByRole(...geofenceEditor.dwellMinutesField)).toHaveValue('15');
  await lookAt(page, { path: test.info().outputPath('geofence-edit.png') });
  await page.getByRole(...geofenceEditor.saveGeofence).click();
  await expect.poll(() => submitted(page)).toHaveLength(1);
  const [value] = await submitted(page);
  expect(value).toMatchObject({ name: 'Hinjewadi IT Park', rule: 'dwell', dwellMinutes: 15, deliveryMethods: 17 });
  expect(value!.geometry.coordinates[0]).toHaveLength(5);
});
