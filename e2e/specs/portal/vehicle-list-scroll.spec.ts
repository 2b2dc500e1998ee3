import { expect, type Locator, test } from '@playwright/test';
import { openVehicleList, signInToDashboard } from './portal-session';
import { ui, vehicleList } from '../../selectors';
import { lookAt } from '../look';

const SLOW = { timeout: 30_000 };
const ROW_HEIGHT = 44;

test.describe('the vehicle list at 1,000 rows per page', () => {
  test.describe.configure({ timeout: 120_000 });

  test('scrolling the page shows the rows in view under the sticky header', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // A world with more vehicles than one 1,000-row page.
    await page.addInitScript(() => localStorage.setItem('voltline.demo.size', '2000'));
    // Through the form: a saved session belongs to the default world's size (another size starts a new world).
    await signInToDashboard(page, 'SA', { byForm: true });
    const table = await openVehicleList(page);
    await lookAt(page, { path: test.info().outputPath('vehicle-list.png') });

    await page.getByLabel(vehicleList.rowsPerPage).selectOption('1000');
    await expect(page.getByText(vehicleList.n11000Of2000Text)).toBeVisible(SLOW);
    const body = page.getByTestId(vehicleList.vehiclesScroll);
    const header = table.getByRole(...vehicleList.vINColumn);
    const bodyBox = await body.boundingBox();
    if (!bodyBox) throw new Error('the list body has no box');
    await page.mouse.move(bodyBox.x + bodyBox.width / 2, bodyBox.y + bodyBox.height / 2);

    // Wheel steps as a user's, then the row that should sit just under the header is rendered and visible.
    for (const target of [2_000, 9_000, 21_000, 43_500]) {
      const top = await body.evaluate((el) => el.scrollTop);
      await page.mouse.wheel(0, target - top);
      await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBeGreaterThan(target - 400);
      const scrolled = await body.evaluate((el) => el.scrollTop);
      // aria-rowindex counts the header row as 1, so the page's row n (from 0) is n + 2.
      const firstInView = Math.floor(scrolled / ROW_HEIGHT) + 2;
      for (const index of [firstInView + 1, firstInView + 6, firstInView + 10]) {
        await expect(table.locator(vehicleList.rowAt(Math.min(index, 1001)))).toBeInViewport();
      }
      await expect(header).toBeInViewport();
    }
    await lookAt(page, { path: test.info().outputPath('vehicle-list-1000-scrolled.png') });

    // A long page is laid out as grids, not table layout: header and cells still line up, column for column, also
    // after the user hides a column.
    await expectColumnsAligned(table);
    await page.getByRole(...vehicleList.columns).click();
    await page.getByRole(...vehicleList.registrationBox).uncheck();
    await page.keyboard.press('Escape');
    await expect(table.getByRole(...vehicleList.registrationColumn)).toHaveCount(0);
    await expectColumnsAligned(table);
    // ...and the browser still exposes a table to assistive technology: rows, column headers and cells.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const roles = nodes.map((n) => n.role?.value);
    const count = (role: string) => roles.filter((r) => r === role).length;
    expect(count('table')).toBeGreaterThanOrEqual(1);
    // The columns shown at first (#18 item 11: the list fits 1440 px) less the one just hidden.
    expect(count('columnheader')).toBeGreaterThanOrEqual(9);
    expect(count('row')).toBeGreaterThanOrEqual(15);
    expect(count('cell')).toBeGreaterThanOrEqual(15 * 9);

    // The rows are still usable down there: a row's menu opens and Enter opens the vehicle.
    const lastRow = table.locator(vehicleList.tbodyTrAriaRowindex1001);
    // The body's bottom edge sits below the window's: scroll the page (not the body) to the last row.
    await lastRow.scrollIntoViewIfNeeded();
    await expect(lastRow).toBeInViewport();
    await lastRow.getByRole(...vehicleList.actionsFor).click();
    await expect(page.getByRole(...ui.menuitem).first()).toBeVisible();
    await lookAt(page, { path: test.info().outputPath('vehicle-list-1000-row-menu.png') });
    await page.keyboard.press('Escape');
    await lastRow.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/vehicle\/veh-/);
  });
});

/** Every header cell and the cell under it in each rendered row have the same left edge and width (to 1 px). */
async function expectColumnsAligned(table: Locator) {
  const misaligned = await table.evaluate((el) => {
    const heads = Array.from(el.querySelectorAll('thead th')).map((th) => th.getBoundingClientRect());
    const problems: string[] = [];
    for (const tr of Array.from(el.querySelectorAll('tbody tr[aria-rowindex]'))) {
      const cells = Array.from(tr.querySelectorAll('td')).map((td) => td.getBoundingClientRect());
      if (cells.length !== heads.length)
        problems.push(`row ${tr.getAttribute('aria-rowindex')}: ${cells.length} cells`);
      cells.forEach((c, i) => {
        const h = heads[i];
        if (h && (Math.abs(c.left - h.left) > 1 || Math.abs(c.width - h.width) > 1))
          problems.push(
            `row ${tr.getAttribute('aria-rowindex')} column ${i}: ${c.left}/${c.width} vs ${h.left}/${h.width}`,
          );
      });
    }
    return problems;
  });
  expect(misaligned).toEqual([]);
}
