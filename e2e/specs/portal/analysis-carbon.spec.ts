import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { analysisCarbon as sel, ui } from '../../selectors';
import { openSignedIn, PORTAL_BASE } from './portal-session';
import { seriousViolations } from '../axe';
import { lookAt } from '../look';

// Analysis and carbon emission in the demo portal (issue 22): compare vehicles, export the comparison as CSV and PNG,
// read the carbon figures, and check both pages with axe.

const shot = (name: string) => `/tmp/analysis-carbon-e2e-${name}.png`;

test('an OEM admin compares vehicles and exports CSV and PNG; the carbon page shows its figures', async ({ page }) => {
  test.setTimeout(180_000);
  // A cleared selection (the page otherwise opens with the five that drove the farthest): the picks are the test's.
  await openSignedIn(page, 'OEMA', '/analysis?ids=');
  const picker = page.getByRole(...ui.field(sel.subjects));
  await picker.click();
  const options = page.getByRole(...ui.option);
  await expect(options.first()).toBeVisible({ timeout: 30_000 });
  await options.nth(0).click();
  await options.nth(1).click();
  await options.nth(2).click();
  await page.keyboard.press('Escape');

  const table = page.getByRole(sel.comparisonTable.role, { name: sel.comparisonTable.name });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.getByRole(...ui.row)).toHaveCount(4);
  await expect(
    page.getByRole(sel.barChart.role, { name: sel.barChart.name }).locator(sel.canvas).first(),
  ).toBeVisible();
  await page.waitForTimeout(500);
  await lookAt(page, { path: shot('analysis'), fullPage: true });
  expect.soft(await seriousViolations(page)).toEqual([]);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole(sel.exportCsv.role, { name: sel.exportCsv.name }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^analysis-vehicle-.*\.csv$/);
  const text = await readFile((await csv.path()) ?? '', 'utf8');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toContain('Energy per km (Wh/km)');
  expect(lines).toHaveLength(4);

  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole(sel.exportPng.role, { name: sel.exportPng.name }).click(),
  ]);
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  const bytes = await readFile((await png.path()) ?? '');
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');

  await page.goto(`${PORTAL_BASE}/carbon-emission`);
  const avoided = page.getByRole(sel.avoidedLocation.role, { name: sel.avoidedLocation.name });
  await expect(avoided).toContainText(/\d+(\.\d)? (kg|t)/, { timeout: 60_000 });
  await expect(page.getByRole(sel.avoidedMarket.role, { name: sel.avoidedMarket.name })).toContainText(/(kg|t)/);
  await expect(page.getByRole(sel.byVehicleType.role, { name: sel.byVehicleType.name })).toContainText('2 Wheeler');
  await page.waitForTimeout(500);
  await lookAt(page, { path: shot('carbon'), fullPage: true });
  expect.soft(await seriousViolations(page)).toEqual([]);

  const baseline = page.getByRole(...ui.field(sel.baseline2w));
  await baseline.fill('0');
  await page.getByRole(sel.apply.role, { name: sel.apply.name }).click();
  await expect(page.getByText(sel.a2WheelerBaselineMustText)).toBeVisible();
});

// Issue 37 item 6: Analysis opens with a comparison (the five vehicles that drove the farthest in the range), not blank,
// and the user changes it.
test('analysis opens comparing the five vehicles that drove the farthest; the user changes the picks', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, 'OEMA', '/analysis');
  const table = page.getByRole(sel.comparisonOf5.role, { name: sel.comparisonOf5.name });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.getByRole(...ui.row)).toHaveCount(6);
  await expect(page.getByText(sel.openingNote)).toBeVisible();
  await expect(
    page.getByRole(sel.barChart.role, { name: sel.barChart.name }).locator(sel.canvas).first(),
  ).toBeVisible();
  await page.waitForTimeout(500);
  await lookAt(page, { path: shot('analysis-opening'), fullPage: true });
  expect.soft(await seriousViolations(page)).toEqual([]);

  // The five are the picker's selection: taking one out compares the other four.
  await page.getByRole(...ui.field(sel.subjects)).click();
  const options = page.getByRole(...ui.option);
  await expect(options.first()).toBeVisible({ timeout: 30_000 });
  await options.nth(0).click();
  await page.keyboard.press('Escape');
  const four = page.getByRole(sel.comparisonOf4.role, { name: sel.comparisonOf4.name });
  await expect(four).toBeVisible({ timeout: 30_000 });
  await expect(four.getByRole(...ui.row)).toHaveCount(5);
  await expect(page.getByText(sel.openingNote)).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('ids')?.split(',')).toHaveLength(4);
});
