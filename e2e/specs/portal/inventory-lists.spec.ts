import { expect, type Locator, type Page, test } from '@playwright/test';
import { openSignedIn, openVehicleList, signInToDashboard } from './portal-session';
import { inventoryLists, ui } from '../../selectors';
import { lookAt } from '../look';

/** Signing in and the first list load transform lazy chunks; a busy machine needs more than the default. */
const SLOW = { timeout: 30_000 };

/** How far a table's scroller (the nearest ancestor that scrolls sideways) scrolls sideways, in px. */
function sidewaysOverflow(list: Locator): Promise<number> {
  return list.evaluate((el) => {
    let node = el.parentElement;
    while (node && !/(auto|scroll)/.test(getComputedStyle(node).overflowX)) node = node.parentElement;
    return node ? node.scrollWidth - node.clientWidth : 0;
  });
}

/** Goes to a path inside the app without a reload (the demo world stays in memory). */
async function openInApp(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState({}, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test.describe('inventory lists on the demo build', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a platform admin filters the vehicle list and opens a vehicle', async ({ page }) => {
    await signInToDashboard(page, 'SA');
    const table = await openVehicleList(page);
    await lookAt(page, { path: test.info().outputPath('vehicle-list.png'), fullPage: true });

    // What the page asks the network for while the list changes: the new list page and nothing else (no icon again
    // for the new URL, no second copy of the list request).
    const requests: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      // Not the embedded widget's own API: it pings on every host, on its own clock (issue 17).
      // Nor the header bell's unacknowledged count, which polls on its own clock too.
      if (!r.serviceWorker() && !path.startsWith('/widget-api/') && path !== '/api/notifications') requests.push(path);
    });
    // Rows dim while a page loads only once it has taken 150 ms, so a quick answer shows no flash of dimming: marked
    // busy here by hand (a real answer can come before the busy state paints), then back.
    // Timed by the transition's own events, not by sleeps, so a loaded machine cannot make it flaky: dimming may
    // start late, never before 150 ms.
    const dimming = await page.getByTestId(inventoryLists.vehiclesScroll).evaluate(async (el) => {
      const read = () => ({ opacity: getComputedStyle(el).opacity, delay: getComputedStyle(el).transitionDelay });
      const idle = read();
      const set = performance.now();
      const started = new Promise<number>((resolve) =>
        el.addEventListener('transitionstart', () => resolve(performance.now() - set), { once: true }),
      );
      const ended = new Promise<void>((resolve) =>
        el.addEventListener('transitionend', () => resolve(), { once: true }),
      );
      el.setAttribute('aria-busy', 'true');
      const busy = read();
      const startedAfter = await started;
      await ended;
      const dimmed = read().opacity;
      el.setAttribute('aria-busy', 'false');
      return { idle, busy, startedLate: startedAfter >= 140, dimmed, back: read().opacity };
    });
    expect(dimming).toEqual({
      idle: { opacity: '1', delay: '0s' },
      busy: { opacity: '1', delay: '0.15s' },
      startedLate: true,
      dimmed: '0.6',
      back: '1',
    });
    await page.getByLabel(inventoryLists.connectivity).selectOption('4G');
    await expect(page).toHaveURL(/connectivity=4G/);
    await expect(table.getByRole(...inventoryLists.n5gCell)).toHaveCount(0);
    await expect(table.getByRole(...inventoryLists.n4gCell).first()).toBeVisible();
    await page.getByRole(...inventoryLists.soC).click();
    await expect(page.getByRole(...inventoryLists.soCColumn)).toHaveAttribute('aria-sort', 'ascending');
    await expect(table).toHaveAttribute('aria-rowcount', /\d+/);
    await expect(page.getByTestId(inventoryLists.vehiclesScroll)).toHaveAttribute('aria-busy', 'false');
    expect(requests).toEqual(['/api/vehicles', '/api/vehicles']);
    await lookAt(page, { path: test.info().outputPath('vehicle-list-filtered.png'), fullPage: true });

    const first = table.getByRole(...ui.row).nth(1);
    const label = await first.getAttribute('aria-label');
    await first.click();
    await expect(page).toHaveURL(/\/vehicle\/veh-/);
    await expect(page.getByRole(...inventoryLists.vehicleDetailsTabs)).toBeVisible(SLOW);
    expect(label).toMatch(/^Vehicle /);
  });

  test('the vehicle list fits 1440 px; narrower, it scrolls sideways holding the VIN and the row menu', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, 'SA', '/vehicle-management');
    const table = page.getByRole(...inventoryLists.vehiclesTable);
    await expect(table.getByRole(...ui.row)).toHaveCount(26, SLOW);
    const body = page.getByTestId(inventoryLists.vehiclesScroll);
    expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await lookAt(page, { path: test.info().outputPath('vehicle-list-1440.png') });

    await page.setViewportSize({ width: 1100, height: 900 });
    await expect.poll(() => body.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const row = table.getByRole(...ui.row).nth(1);
    const menu = row.getByRole(...inventoryLists.actionsFor);
    await expect(menu).toBeInViewport();
    await body.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect(row.getByRole(...ui.link)).toBeInViewport();
    await expect(menu).toBeInViewport();
    await lookAt(page, { path: test.info().outputPath('vehicle-list-1100-scrolled.png') });
  });

  test('the device, ticket, command, notification, rule and audit lists fit 1440 px too (issue 18 item 11)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, 'SA', '/bms/master-management');
    for (const { path, table } of [
      { path: '/bms/master-management', table: 'BMS devices' },
      { path: '/mcu/master-management', table: 'MCU devices' },
      { path: '/vcu/master-management', table: 'VCU devices' },
      { path: '/tickets', table: 'Tickets' },
      { path: '/command-history', table: 'Command history' },
      { path: '/notification-history', table: 'Notifications' },
      { path: '/rule-management', table: 'Rules' },
      { path: '/audit', table: 'Audit log' },
    ]) {
      await openInApp(page, path);
      const list = page.getByRole(...ui.tableNamed(table));
      await expect(list.getByRole(...ui.row).nth(1)).toBeVisible(SLOW);
      const overflow = await sidewaysOverflow(list);
      expect(overflow, `${table} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      await lookAt(page, { path: test.info().outputPath(`${table.replace(/ /g, '-')}-1440.png`) });
    }
    // The audit log fits 1280 px as well: no column ("Changed fields", "#") is cut off at the right.
    await page.setViewportSize({ width: 1280, height: 800 });
    const audit = page.getByRole(...inventoryLists.auditLogTable);
    await expect.poll(() => sidewaysOverflow(audit), 'Audit log scrolls sideways at 1280 px').toBeLessThanOrEqual(0);
    await expect(audit.getByRole(...inventoryLists.itemColumn)).toBeInViewport({ ratio: 1 });
    await lookAt(page, { path: test.info().outputPath('Audit-log-1280.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    // A fitted device's vehicle is a link to the vehicle (issue 18 item 5).
    await openInApp(page, '/bms/master-management?assigned=true');
    const fitted = page
      .getByRole(...inventoryLists.bMSDevicesTable)
      .getByRole(...ui.row)
      .nth(1);
    await expect(fitted.getByRole(...inventoryLists.vehLink)).toHaveAttribute('href', /^\/vehicle\/veh-\d+$/);
  });

  test('the add vehicle form shows field errors', async ({ page }) => {
    await openSignedIn(page, 'SA', '/vehicle-management');
    await page.getByRole(...inventoryLists.addVehicle).click();
    const dialog = page.getByRole(...inventoryLists.addVehicleDialog);
    await dialog.getByRole(...inventoryLists.addVehicle).click();
    await expect(dialog.getByText(inventoryLists.theVINHas17LettersText)).toBeVisible();
    await lookAt(page, { path: test.info().outputPath('vehicle-add-errors.png') });
  });

  // The BMS, MCU and VCU device lists' rows are checked by the test above (it opens each list and waits for its first
  // row before measuring it), which these three tests were copies of.
  for (const { path, table, name } of [
    { path: '/component-management', table: 'SIM cards', name: 'sim-list' },
    { path: '/component-management?tab=loggers', table: 'Logger devices', name: 'logger-list' },
  ]) {
    test(`${path} lists its rows`, async ({ page }) => {
      await openSignedIn(page, 'SA', path);
      const rows = page.getByRole(...ui.tableNamed(table)).getByRole(...ui.row);
      await expect(rows.nth(1)).toBeVisible(SLOW);
      await lookAt(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });
    });
  }

  test('a fleet admin sees the fleet variant with only their vehicles', async ({ page }) => {
    await openSignedIn(page, 'FA', '/fleet/vehicle-management');
    const table = page.getByRole(...inventoryLists.vehiclesTable);
    await expect(table.getByRole(...ui.row).nth(1)).toBeVisible(SLOW);
    await expect(page.getByText(inventoryLists.ofText)).not.toHaveText(/of 300$/);
    await lookAt(page, { path: test.info().outputPath('fleet-vehicle-list.png'), fullPage: true });
    // The VIN is a real link (#18 item 15): a modifier click opens the vehicle in a new tab and leaves this page be.
    const vin = table
      .getByRole(...ui.row)
      .nth(1)
      .getByRole(...ui.link);
    const href = await vin.getAttribute('href');
    expect(href).toMatch(/\/fleet\/vehicle\/veh-\d+$/);
    const opened = page.context().waitForEvent('page');
    await vin.click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    expect(new URL(tab.url()).pathname).toBe(new URL(href!, page.url()).pathname);
    await tab.close();
    await expect(page).toHaveURL(/\/fleet\/vehicle-management/);
    await table
      .getByRole(...ui.row)
      .nth(1)
      .click();
    await expect(page).toHaveURL(/\/fleet\/vehicle\/veh-/);
  });

  test('a BMS admin exports and imports BMS devices and fits one with the vehicle picker', async ({ page }) => {
    await openSignedIn(page, 'BMSA', '/bms/master-management?chemistry=1');
    const table = page.getByRole(...inventoryLists.bMSDevicesTable);
    await expect(table.getByRole(...ui.row).nth(1)).toBeVisible(SLOW);

    const download = page.waitForEvent('download');
    await page.getByRole(...inventoryLists.exportCSV).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('bms-devices.csv');
    const exported = (await (await file.createReadStream()).toArray()).join('').trim().split(/\r?\n/);
    expect(exported[0]).toMatch(/^serialNumber,modelId,firmwareVersion,/);
    expect(exported.length).toBeGreaterThan(26);
    // The export's toast lies over the Import button and holds still while the pointer rests on it (its timer pauses
    // on hover), so a click at the button would wait for it forever: it is closed by clicking it, as a person would.
    // (It shows with the download; should it have closed by itself already, there is nothing to close.)
    const exportedToast = page.getByText(inventoryLists.exportedBmsDevicesText);
    await expect(async () => {
      if (await exportedToast.isVisible()) await exportedToast.click({ timeout: 2_000 });
      await expect(exportedToast).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    await page.getByRole(...inventoryLists.importCSV).click();
    const importDialog = page.getByRole(...inventoryLists.importBMSDevicesFromCSVDialog);
    const csv = [
      'serialNumber,modelId,firmwareVersion',
      'BMS-E2E-0001,mdl-bms-001,1.0.0',
      'BAD SERIAL,mdl-bms-001,1.0.0',
      'BMS-E2E-0003,mdl-nope,1.0.0',
    ].join('\n');
    await importDialog
      .getByLabel(inventoryLists.cSVFile)
      .setInputFiles({ name: 'bms.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = importDialog.getByRole(...inventoryLists.importPreviewTable);
    await expect(preview.getByText(inventoryLists.serialNumberUseLettersDigitsText)).toBeVisible();
    await expect(preview.getByText(inventoryLists.modelNoBMSModelHasText)).toBeVisible();
    await lookAt(page, { path: test.info().outputPath('bms-import-preview-errors.png') });
    await importDialog.getByRole(...inventoryLists.import1BMSDevice).click();
    await expect(importDialog.getByText(inventoryLists.imported1Of3BMSText)).toBeVisible();
    await expect(importDialog.getByRole(...inventoryLists.importProgress)).toHaveAttribute('aria-valuenow', '100');
    await importDialog.getByRole(...inventoryLists.close).click();

    await openInApp(page, '/bms/master-management?q=BMS-E2E-0001');
    const imported = table.getByRole(...inventoryLists.bMSBMSE2E0001Row);
    await expect(imported).toBeVisible(SLOW);
    await imported.getByRole(...inventoryLists.actionsForBMSE2E0001).click();
    await page.getByRole(...inventoryLists.fitToVehicleMenuItem).click();
    const fitDialog = page.getByRole(...inventoryLists.fitBMSE2E0001ToDialog);
    await fitDialog.getByRole(...inventoryLists.vehicleField).pressSequentially('MDA0000000');
    const option = page
      .getByRole(...ui.listbox)
      .getByRole(...ui.option)
      .first();
    await expect(option).toBeVisible();
    await expect(page.getByLabel(inventoryLists.searchingVehicles)).toHaveCount(0);
    const label = (await option.textContent()) ?? '';
    await lookAt(page, { path: test.info().outputPath('bms-fit-vehicle-picker.png') });
    await option.click();
    await fitDialog.getByRole(...inventoryLists.fit).click();
    await expect(page.getByText(inventoryLists.fittedText('BMS-E2E-0001', label))).toBeVisible();
    await expect(imported.getByText(inventoryLists.unfittedText)).toHaveCount(0);
  });
});
