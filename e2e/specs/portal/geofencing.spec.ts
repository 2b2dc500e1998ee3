import { expect, type Page, test } from '@playwright/test';
import { signInDemo } from './portal-session';
import { geofences } from '../../selectors';
import { lookAt } from '../look';

// The geofencing pages in the demo portal: a geofence drawn with real clicks on the MapLibre map (terra-draw), saved
// through the demo Fleet API, found again after a reload, and its enter events arriving live from the broker emulation.

/** Clicks the corners of a rectangle (fractions of the map box) and the first corner again to close the polygon. */
async function drawRectangle(page: Page, inset: number) {
  const map = page.locator(geofences.sectionAriaLabelGeofenceMap);
  await expect(map).toBeVisible({ timeout: 20_000 });
  const box = (await map.boundingBox())!;
  const corners: [number, number][] = [
    [inset, inset],
    [1 - inset, inset],
    [1 - inset, 1 - inset],
    [inset, 1 - inset],
    [inset, inset],
  ];
  for (const [fx, fy] of corners) {
    const x = box.x + box.width * fx;
    const y = box.y + box.height * fy;
    await page.mouse.move(x, y, { steps: 4 });
    await page.mouse.click(x, y);
    await page.waitForTimeout(150);
  }
}

test('a geofence is drawn, saved and reloaded, and vehicles entering it show up live', async ({ page }) => {
  test.setTimeout(90_000);
  await signInDemo(page, 'SA', '/geo-fencing');
  await expect(page.getByRole(...geofences.puneStationDepotLink)).toBeVisible({ timeout: 15_000 });
  await lookAt(page, { path: test.info().outputPath('geofencing-list.png'), fullPage: true });

  await page.getByRole(...geofences.newGeofenceLink).click();
  await expect(page.getByRole(...geofences.newGeofenceHeading)).toBeVisible();
  await page.getByRole(...geofences.createGeofence).click();
  await expect(page.getByRole(...geofences.nameField)).toHaveAccessibleDescription('Enter a name.');

  // Most of the visible city, so that vehicles are inside it as soon as it exists.
  await drawRectangle(page, 0.1);
  await expect(page.getByText(geofences.shapeDrawnText)).toBeVisible();
  await page.getByRole(...geofences.nameField).fill('Central Pune e2e');
  await lookAt(page, { path: test.info().outputPath('geofence-editor-drawn.png'), fullPage: true });
  await page.getByRole(...geofences.createGeofence).click();

  await expect(page).toHaveURL(/\/geo-fencing$/);
  await expect(page.getByRole(...geofences.centralPuneE2eLink)).toBeVisible();
  const events = page.getByRole(...geofences.liveEventsRegion);
  await expect(events.getByText(geofences.centralPuneE2eText).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(geofences.enteredCentralPuneE2eText).first()).toBeVisible();
  await lookAt(page, { path: test.info().outputPath('geofencing-live-events.png'), fullPage: true });

  await page.reload();
  await expect(page.getByRole(...geofences.centralPuneE2eLink)).toBeVisible({ timeout: 20_000 });
  await page.getByRole(...geofences.centralPuneE2eLink).click();
  await expect(page.getByRole(...geofences.nameField)).toHaveValue('Central Pune e2e');
  await expect(page.locator(geofences.sectionAriaLabelGeofenceMap)).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(geofences.shapeDrawnText)).toBeVisible();
  await lookAt(page, { path: test.info().outputPath('geofence-editor-reloaded.png'), fullPage: true });
});

test('deleting a geofence asks first and removes it', async ({ page }) => {
  await signInDemo(page, 'SA', '/geo-fencing');
  await page.getByRole(...geofences.deleteKatrajServiceCentre).click();
  const dialog = page.getByRole(...geofences.deleteGeofenceDialog);
  await expect(dialog).toBeVisible();
  await lookAt(page, { path: test.info().outputPath('geofence-delete-dialog.png') });
  await dialog.getByRole(...geofences.delete).click();
  await expect(page.getByRole(...geofences.katrajServiceCentreLink)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole(...geofences.puneStationDepotLink)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole(...geofences.katrajServiceCentreLink)).toHaveCount(0);
});
