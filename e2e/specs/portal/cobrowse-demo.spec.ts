import { expect, test } from '@playwright/test';
import { signInDemo } from './portal-session';
import { cobrowseDemo, ui } from '../../selectors';
import { lookAt } from '../look';

// The demo's co-browse tour (`demo-cobrowse` of the widget mock's DEMO_ENGAGEMENT, decision 0090) on the fleet map:
// the widget types into the map's React-controlled search, and the portal sees it.
type Win = { Gleap: { startProductTour(id: string): void } };

test('the demo co-browse tour types a vehicle id into the fleet map search', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInDemo(page, 'SA');
  await page.getByRole(...cobrowseDemo.openTheFleetMapLink).click();
  const search = page.getByRole(...cobrowseDemo.findAVehicleField);
  await expect(search).toBeVisible({ timeout: 30_000 });
  const surface = page.locator(cobrowseDemo.voltlineTourDataModeCobrowse);
  // the embedded widget starts tours once its session is ready; until then the call does nothing
  await expect
    .poll(
      async () => {
        await page.evaluate(() => (window as unknown as Win).Gleap?.startProductTour('demo-cobrowse'));
        return surface.count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(surface.getByRole(...cobrowseDemo.coBrowseTourGroup)).toContainText('Kai joined to show you around');
  const bubble = surface.getByRole(...ui.status);
  await expect(bubble).toContainText('Type a vehicle id, VIN or driver here.', { timeout: 20_000 });
  await expect(search).toHaveValue('VH-00001', { timeout: 20_000 });
  await lookAt(page, { path: test.info().outputPath('cobrowse-demo-fleet-map.png') });
  await expect(bubble).toContainText('That is all.', { timeout: 20_000 });
  await expect(surface).toHaveCount(0, { timeout: 20_000 });
});
