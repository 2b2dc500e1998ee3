import { expect, test } from '@playwright/test';
import { ownVehicle, portal, ui } from '../../selectors';
import { signInToDashboard } from './portal-session';
import { lookAt } from '../look';

// Issue 18 item 5: a driver and an EV owner reach their own vehicle from the interface, in a real browser.
for (const role of ['DR', 'EVO']) {
  test(`${role} opens their own vehicle from the dashboard's My vehicles panel`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToDashboard(page, role);
    const panel = page.getByRole(portal.pages.myVehicles.role, { name: portal.pages.myVehicles.name });
    const link = panel.getByRole(...ui.link).first();
    await expect(link).toBeVisible({ timeout: 20_000 });
    await expect(link).toHaveAttribute('href', /^\/vehicle\/veh-\d{6}$/);
    await lookAt(page, { path: test.info().outputPath(`${role}-dashboard.png`), fullPage: true });
    const registration = (await link.textContent()) ?? '';
    await link.click();
    const heading = portal.pages.vehicleDetailsHeading;
    await expect(page.getByRole(heading.role, { name: heading.name, level: heading.level })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page).toHaveURL(/\/vehicle\/veh-\d{6}$/);
    await expect(page.getByText(registration).first()).toBeVisible();
    await lookAt(page, { path: test.info().outputPath(`${role}-vehicle.png`), fullPage: true });
  });
}

for (const role of ['DR', 'EVO']) {
  test(`${role} opens their own vehicle from the side navigation`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToDashboard(page, role);
    await page.getByRole(portal.shell.expandNav.role, { name: portal.shell.expandNav.name }).click();
    const nav = page.getByRole(portal.shell.nav.role, { name: portal.shell.nav.name });
    await expect(nav.getByText(ownVehicle.myVehiclesText)).toBeVisible({ timeout: 20_000 });
    const link = nav.locator(ownVehicle.aHrefVehicleVeh).first();
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href')) ?? '';
    await lookAt(page, { path: test.info().outputPath(`${role}-nav.png`), fullPage: true });
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    const heading = portal.pages.vehicleDetailsHeading;
    await expect(page.getByRole(heading.role, { name: heading.name, level: heading.level })).toBeVisible({
      timeout: 20_000,
    });
    await expect(link).toHaveAttribute('data-active', 'true');
  });
}
