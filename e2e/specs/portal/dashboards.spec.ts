import { expect, test } from '@playwright/test';
import { dashboardLayout, portal } from '../../selectors';
import { openSignedIn, PORTAL_BASE, signInToDashboard } from './portal-session';
import { seriousViolations } from '../axe';
import { animationsDone } from '../motion';
import { lookAt } from '../look';

const shot = (name: string) => `/tmp/dashboards-e2e-${name}.png`;

test.describe.configure({ timeout: 120_000 });

for (const role of ['SA', 'OEMA', 'DA', 'FA', 'DR', 'EVO', 'BMSA', 'MCUA', 'VCUA', 'GPSA']) {
  test(`the ${role} dashboard shows its panels and passes axe`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 1100 });
    // Through the form: most of these roles sign in nowhere else, so a saved session would cost a second page load.
    await signInToDashboard(page, role, { byForm: true });
    await expect(page.locator(portal.pages.dashboardGrid)).toBeVisible();
    await expect(page.getByRole(...dashboardLayout.loadingImage)).toHaveCount(0);
    await lookAt(page, { path: shot(`role-${role}`), fullPage: true });
    // The whole page (header and navigation too) with the rules of the route walk in a11y.spec.ts, which leaves the
    // dashboard to this test: the experimental label-in-name rule (WCAG 2.5.3) is on.
    expect(
      await seriousViolations(page, {
        rules: { 'label-content-name-mismatch': { enabled: true } },
      }),
    ).toEqual([]);
  });
}

test('configuration round trip: add a panel, drag, resize, reload, same layout', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1100 });
  await openSignedIn(page, 'OEMA', '/dashboard-configuration');
  const grid = page.locator(portal.pages.dashboardEditorGrid);
  await expect(grid.locator(dashboardLayout.anyPanel).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole(...dashboardLayout.addPanelUtilisation).click();
  const utilisation = grid.locator(dashboardLayout.utilisationPanel);
  await expect(utilisation).toBeVisible();

  // Drag it by its title bar to the top of the grid. `hover` waits for the element to stand still and scrolls it into
  // view, so the mouse goes down where the handle really is.
  const handle = utilisation.locator(dashboardLayout.dragHandle);
  const label = () => utilisation.getByRole(...dashboardLayout.moveOrResizeUtilisation).getAttribute('aria-label');
  const start = await label();
  await handle.hover({ position: { x: 40, y: 10 } });
  const from = await handle.boundingBox();
  if (!from) throw new Error('no handle');
  await page.mouse.down();
  await page.mouse.move(from.x + 60, from.y - 30, { steps: 5 });
  await page.mouse.move(from.x + 500, from.y - 300, { steps: 20 });
  await page.mouse.up();
  // Resize from its corner: two columns wider. The panel glides to its dropped place first (a CSS transition) and
  // the page may scroll: the corner is grabbed once it stands still in view.
  const corner = utilisation.locator(dashboardLayout.resizeCorner);
  await animationsDone(page);
  await corner.hover();
  const c = await corner.boundingBox();
  if (!c) throw new Error('no resize handle');
  await page.mouse.down();
  await page.mouse.move(c.x + 260, c.y + c.height / 2, { steps: 15 });
  await page.mouse.up();

  const keyboardHandle = utilisation.getByRole(...dashboardLayout.moveOrResizeUtilisation);
  const before = await keyboardHandle.getAttribute('aria-label');
  expect(before).not.toEqual(start);
  expect(before).not.toMatch(/column 1,/);
  expect(before).not.toMatch(/ 4 wide/);
  await page.getByRole(...dashboardLayout.saveLayout).click();
  await expect(page.getByText(dashboardLayout.unsavedChangesText)).toHaveCount(0);
  await lookAt(page, { path: shot('configuration'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await page.reload();
  const after = page
    .locator(portal.pages.dashboardEditorGrid)
    .locator(dashboardLayout.utilisationPanel)
    .getByRole(...dashboardLayout.moveOrResizeUtilisation);
  await expect(after).toHaveAttribute('aria-label', before as string, { timeout: 30_000 });

  // The dashboard itself shows the saved layout.
  await page.goto(`${PORTAL_BASE}/dashboard`);
  await expect(page.locator(portal.pages.dashboardGrid).locator(dashboardLayout.utilisationPanel)).toBeVisible();
  await lookAt(page, { path: shot('oem-after'), fullPage: true });
});

test('the time-series charts share one crosshair: pointing at a day on one shows that day on the other', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1100 });
  await signInToDashboard(page, 'SA');
  const energy = page.getByRole(...dashboardLayout.energyAndDistancePerDayFigure);
  const charging = page.getByRole(...dashboardLayout.chargingSessionsAndEnergyChargedFigure);
  await expect(energy.locator(dashboardLayout.chartCanvas).first()).toBeVisible({ timeout: 30_000 });
  await expect(charging.locator(dashboardLayout.chartCanvas).first()).toBeVisible({ timeout: 30_000 });
  // ECharts' tooltip is a div it adds in the chart's box (its style says so); hidden until something points at it.
  const chargingTip = charging.locator(dashboardLayout.chartTooltip);
  await expect(chargingTip).toHaveCount(0);
  await energy.scrollIntoViewIfNeeded();
  const box = await energy.locator(dashboardLayout.chartCanvas).first().boundingBox();
  if (!box) throw new Error('the energy chart has no canvas box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2);
  await expect(chargingTip).toBeVisible();
  await expect(chargingTip).toContainText('Sessions');
  await lookAt(page, { path: shot('crosshair'), fullPage: false });
});
