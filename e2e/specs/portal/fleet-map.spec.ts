import { expect, test } from '@playwright/test';
import { signInDemo } from './portal-session';

// The fleet map (the dashboard's full-height view, decision 0021) fed by the in-page broker emulation.

test('the fleet map filters by state, finds a vehicle and follows it', async ({ page }) => {
  test.setTimeout(60_000);
  await signInDemo(page);
  await page.getByRole('link', { name: 'Open the fleet map' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard: Fleet map' })).toBeVisible();
  await expect(page.locator('section[aria-label="Live fleet map"][data-map-status="ready"]')).toBeVisible({
    timeout: 20_000,
  });
  const count = page.getByText(/\d+ of \d+ on the map/);
  await expect(count).not.toHaveText(/^0 of/, { timeout: 20_000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: test.info().outputPath('fleet-map.png') });

  const states = page.getByRole('group', { name: 'Vehicle states shown' });
  const before = Number((await count.textContent())!.split(' ')[0]);
  await states.getByText(/^Driving/).click();
  await expect.poll(async () => Number((await count.textContent())!.split(' ')[0])).toBeLessThan(before);

  const search = page.getByRole('textbox', { name: 'Find a vehicle' });
  await search.fill('veh-0000');
  const id = (await page.getByRole('option').first().textContent())!;
  await search.press('ArrowDown');
  await search.press('Enter');
  const card = page.getByRole('region', { name: `Vehicle ${id}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('switch', { name: 'Follow' })).toBeChecked();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: test.info().outputPath('fleet-map-follow.png') });
});
