import { expect, type Page, test } from '@playwright/test';
import { PORTAL_BASE, signInDemo } from './portal-session';

// The geofencing pages in the demo portal: a geofence drawn with real clicks on the MapLibre map (terra-draw), saved
// through the demo Fleet API, found again after a reload, and its enter events arriving live from the broker emulation.

/** Clicks the corners of a rectangle (fractions of the map box) and the first corner again to close the polygon. */
async function drawRectangle(page: Page, inset: number) {
  const map = page.locator('section[aria-label="Geofence map"][data-map-status="ready"]');
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
  await signInDemo(page);
  await page.goto(`${PORTAL_BASE}/geo-fencing`);
  await expect(page.getByRole('link', { name: 'Pune Station Depot', exact: true })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath('geofencing-list.png'), fullPage: true });

  await page.getByRole('link', { name: 'New geofence', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New geofence' })).toBeVisible();
  await page.getByRole('button', { name: 'Create geofence' }).click();
  await expect(page.getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription('Enter a name.');

  // Most of the visible city, so that vehicles are inside it as soon as it exists.
  await drawRectangle(page, 0.1);
  await expect(page.getByText('Shape drawn.')).toBeVisible();
  await page.getByRole('textbox', { name: /Name/ }).fill('Central Pune e2e');
  await page.screenshot({ path: test.info().outputPath('geofence-editor-drawn.png'), fullPage: true });
  await page.getByRole('button', { name: 'Create geofence' }).click();

  await expect(page).toHaveURL(/\/geo-fencing$/);
  await expect(page.getByRole('link', { name: 'Central Pune e2e', exact: true })).toBeVisible();
  const events = page.getByRole('region', { name: 'Live events' });
  await expect(events.getByText('Central Pune e2e').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/entered Central Pune e2e/).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('geofencing-live-events.png'), fullPage: true });

  await page.reload();
  await expect(page.getByRole('link', { name: 'Central Pune e2e', exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Central Pune e2e', exact: true }).click();
  await expect(page.getByRole('textbox', { name: /Name/ })).toHaveValue('Central Pune e2e');
  await expect(page.locator('section[aria-label="Geofence map"][data-map-status="ready"]')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Shape drawn.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('geofence-editor-reloaded.png'), fullPage: true });
});

test('deleting a geofence asks first and removes it', async ({ page }) => {
  await signInDemo(page);
  await page.goto(`${PORTAL_BASE}/geo-fencing`);
  await page.getByRole('button', { name: 'Delete Katraj Service Centre' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete geofence?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('geofence-delete-dialog.png') });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('link', { name: 'Katraj Service Centre', exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Pune Station Depot', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Katraj Service Centre', exact: true })).toHaveCount(0);
});
