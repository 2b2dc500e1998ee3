import { expect, test } from '@playwright/test';
import { signInDemo } from './portal-session';
import { fleetMap, ui } from '../../selectors';
import { lookAt } from '../look';

// The fleet map (the dashboard's full-height view, decision 0021) fed by the in-page broker emulation.

test('the fleet map filters by state, finds a vehicle and follows it', async ({ page }) => {
  test.setTimeout(60_000);
  await signInDemo(page);
  await page.getByRole(...fleetMap.openTheFleetMapLink).click();
  await expect(page.getByRole(...fleetMap.dashboardFleetMapHeading)).toBeVisible();
  await expect(page.locator(fleetMap.sectionAriaLabelLiveFleet)).toBeVisible({
    timeout: 20_000,
  });
  const count = page.getByText(fleetMap.ofOnTheMapText);
  await expect(count).not.toHaveText(/^0 of/, { timeout: 20_000 });
  await page.waitForTimeout(1500);
  await lookAt(page, { path: test.info().outputPath('fleet-map.png') });

  const states = page.getByRole(...fleetMap.vehicleStatesShownGroup);
  const before = Number((await count.textContent())!.split(' ')[0]);
  await states.getByText(fleetMap.drivingText).click();
  await expect.poll(async () => Number((await count.textContent())!.split(' ')[0])).toBeLessThan(before);

  const search = page.getByRole(...fleetMap.findAVehicleField);
  await search.fill('veh-0000');
  const id = (await page
    .getByRole(...ui.option)
    .first()
    .textContent())!;
  await search.press('ArrowDown');
  await search.press('Enter');
  const card = page.getByRole(...ui.regionNamed(`Vehicle ${id}`));
  await expect(card).toBeVisible();
  await expect(card.getByRole(...fleetMap.followSwitch)).toBeChecked();
  await page.waitForTimeout(1500);
  await lookAt(page, { path: test.info().outputPath('fleet-map-follow.png') });
});
