import { expect, type Locator, type Page, test } from '@playwright/test';
import { openVehicleList, signInToDashboard as signInAs } from './portal-session';

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
    await signInAs(page, 'SA');
    const table = await openVehicleList(page);
    await page.screenshot({ path: test.info().outputPath('vehicle-list.png'), fullPage: true });

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
    const dimming = await page.getByTestId('vehicles-scroll').evaluate(async (el) => {
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
    await page.getByLabel('Connectivity').selectOption('4G');
    await expect(page).toHaveURL(/connectivity=4G/);
    await expect(table.getByRole('cell', { name: '5G', exact: true })).toHaveCount(0);
    await expect(table.getByRole('cell', { name: '4G', exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'SoC' }).click();
    await expect(page.getByRole('columnheader', { name: 'SoC' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(table).toHaveAttribute('aria-rowcount', /\d+/);
    await expect(page.getByTestId('vehicles-scroll')).toHaveAttribute('aria-busy', 'false');
    expect(requests).toEqual(['/api/vehicles', '/api/vehicles']);
    await page.screenshot({ path: test.info().outputPath('vehicle-list-filtered.png'), fullPage: true });

    const first = table.getByRole('row').nth(1);
    const label = await first.getAttribute('aria-label');
    await first.click();
    await expect(page).toHaveURL(/\/vehicle\/veh-/);
    await expect(page.getByRole('tablist', { name: 'Vehicle details' })).toBeVisible(SLOW);
    expect(label).toMatch(/^Vehicle /);
  });

  test('the vehicle list fits 1440 px; narrower, it scrolls sideways holding the VIN and the row menu', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'SA');
    const table = await openVehicleList(page);
    const body = page.getByTestId('vehicles-scroll');
    expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('vehicle-list-1440.png') });

    await page.setViewportSize({ width: 1100, height: 900 });
    await expect.poll(() => body.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const row = table.getByRole('row').nth(1);
    const menu = row.getByRole('button', { name: /^Actions for / });
    await expect(menu).toBeInViewport();
    await body.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect(row.getByRole('link')).toBeInViewport();
    await expect(menu).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('vehicle-list-1100-scrolled.png') });
  });

  test('the device, ticket, command, notification, rule and audit lists fit 1440 px too (issue 18 item 11)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'SA');
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
      const list = page.getByRole('table', { name: table });
      await expect(list.getByRole('row').nth(1)).toBeVisible(SLOW);
      const overflow = await sidewaysOverflow(list);
      expect(overflow, `${table} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`${table.replace(/ /g, '-')}-1440.png`) });
    }
    // The audit log fits 1280 px as well: no column ("Changed fields", "#") is cut off at the right.
    await page.setViewportSize({ width: 1280, height: 800 });
    const audit = page.getByRole('table', { name: 'Audit log' });
    await expect.poll(() => sidewaysOverflow(audit), 'Audit log scrolls sideways at 1280 px').toBeLessThanOrEqual(0);
    await expect(audit.getByRole('columnheader', { name: '#' })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath('Audit-log-1280.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    // A fitted device's vehicle is a link to the vehicle (issue 18 item 5).
    await openInApp(page, '/bms/master-management?assigned=true');
    const fitted = page.getByRole('table', { name: 'BMS devices' }).getByRole('row').nth(1);
    await expect(fitted.getByRole('link', { name: /^veh-/ })).toHaveAttribute('href', /^\/vehicle\/veh-\d+$/);
  });

  test('the add vehicle form shows field errors', async ({ page }) => {
    await signInAs(page, 'SA');
    await openInApp(page, '/vehicle-management');
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add vehicle' });
    await dialog.getByRole('button', { name: 'Add vehicle' }).click();
    await expect(dialog.getByText('The VIN has 17 letters and digits.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('vehicle-add-errors.png') });
  });

  for (const { path, table, name } of [
    { path: '/bms/master-management', table: 'BMS devices', name: 'bms-list' },
    { path: '/mcu/master-management', table: 'MCU devices', name: 'mcu-list' },
    { path: '/vcu/master-management', table: 'VCU devices', name: 'vcu-list' },
    { path: '/component-management', table: 'SIM cards', name: 'sim-list' },
    { path: '/component-management?tab=loggers', table: 'Logger devices', name: 'logger-list' },
  ]) {
    test(`${path} lists its rows`, async ({ page }) => {
      await signInAs(page, 'SA');
      await openInApp(page, path);
      const rows = page.getByRole('table', { name: table }).getByRole('row');
      await expect(rows.nth(1)).toBeVisible(SLOW);
      await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
    });
  }

  test('a fleet admin sees the fleet variant with only their vehicles', async ({ page }) => {
    await signInAs(page, 'FA');
    await openInApp(page, '/fleet/vehicle-management');
    const table = page.getByRole('table', { name: 'Vehicles' });
    await expect(table.getByRole('row').nth(1)).toBeVisible(SLOW);
    await expect(page.getByText(/of \d+$/)).not.toHaveText(/of 300$/);
    await page.screenshot({ path: test.info().outputPath('fleet-vehicle-list.png'), fullPage: true });
    // The VIN is a real link (#18 item 15): a modifier click opens the vehicle in a new tab and leaves this page be.
    const vin = table.getByRole('row').nth(1).getByRole('link');
    const href = await vin.getAttribute('href');
    expect(href).toMatch(/\/fleet\/vehicle\/veh-\d+$/);
    const opened = page.context().waitForEvent('page');
    await vin.click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    expect(new URL(tab.url()).pathname).toBe(new URL(href!, page.url()).pathname);
    await tab.close();
    await expect(page).toHaveURL(/\/fleet\/vehicle-management/);
    await table.getByRole('row').nth(1).click();
    await expect(page).toHaveURL(/\/fleet\/vehicle\/veh-/);
  });

  test('a BMS admin exports and imports BMS devices and fits one with the vehicle picker', async ({ page }) => {
    await signInAs(page, 'BMSA');
    await openInApp(page, '/bms/master-management?chemistry=1');
    const table = page.getByRole('table', { name: 'BMS devices' });
    await expect(table.getByRole('row').nth(1)).toBeVisible(SLOW);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('bms-devices.csv');
    const exported = (await (await file.createReadStream()).toArray()).join('').trim().split(/\r?\n/);
    expect(exported[0]).toMatch(/^serialNumber,modelId,firmwareVersion,/);
    expect(exported.length).toBeGreaterThan(26);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import BMS devices from CSV' });
    const csv = [
      'serialNumber,modelId,firmwareVersion',
      'BMS-E2E-0001,mdl-bms-001,1.0.0',
      'BAD SERIAL,mdl-bms-001,1.0.0',
      'BMS-E2E-0003,mdl-nope,1.0.0',
    ].join('\n');
    await importDialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'bms.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = importDialog.getByRole('table', { name: 'Import preview' });
    await expect(preview.getByText(/^Serial number: Use letters, digits/)).toBeVisible();
    await expect(preview.getByText(/^Model: No BMS model has this id/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('bms-import-preview-errors.png') });
    await importDialog.getByRole('button', { name: 'Import 1 BMS device' }).click();
    await expect(importDialog.getByText(/Imported 1 of 3 BMS devices/)).toBeVisible();
    await expect(importDialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await importDialog.getByRole('button', { name: 'Close', exact: true }).click();

    await openInApp(page, '/bms/master-management?q=BMS-E2E-0001');
    const imported = table.getByRole('row', { name: 'BMS BMS-E2E-0001' });
    await expect(imported).toBeVisible(SLOW);
    await imported.getByRole('button', { name: 'Actions for BMS-E2E-0001' }).click();
    await page.getByRole('menuitem', { name: 'Fit to vehicle' }).click();
    const fitDialog = page.getByRole('dialog', { name: 'Fit BMS-E2E-0001 to a vehicle' });
    await fitDialog.getByRole('textbox', { name: /^Vehicle/ }).pressSequentially('MDA0000000');
    const option = page.getByRole('listbox').getByRole('option').first();
    await expect(option).toBeVisible();
    await expect(page.getByLabel('Searching vehicles')).toHaveCount(0);
    const label = (await option.textContent()) ?? '';
    await page.screenshot({ path: test.info().outputPath('bms-fit-vehicle-picker.png') });
    await option.click();
    await fitDialog.getByRole('button', { name: 'Fit' }).click();
    await expect(page.getByText(`Fitted BMS-E2E-0001 to ${label}`)).toBeVisible();
    await expect(imported.getByText('Unfitted')).toHaveCount(0);
  });
});
