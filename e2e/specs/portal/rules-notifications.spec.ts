import { expect, type Page, test } from '@playwright/test';
import { rulesNotifications as sel, ui } from '../../selectors';
import { openSignedIn, PORTAL_BASE } from './portal-session';
import { lookAt } from '../look';

// Rules and notifications in the demo portal: a rule built in the UI fires on the simulated telemetry, its
// notification arrives in the history and the header's count without a reload, and it is acknowledged.

const RULE = `E2E charge watch ${Date.now() % 100_000}`;

async function bellCount(page: Page): Promise<number> {
  const name = await page.getByRole(...ui.linkNamed(sel.bell)).getAttribute('aria-label');
  return Number(name?.match(sel.bell)?.[1]);
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole(...ui.field(label, true)).click();
  await page
    .getByRole(...ui.optionNamed(option))
    .first()
    .click();
}

test('a rule built in the UI fires, its notification arrives live in the history and the header count, and is acknowledged', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, 'SA', '/rule-management');
  await expect(page.getByRole(...ui.linkNamed(sel.bell))).toBeVisible({ timeout: 20_000 });

  const rules = page.getByRole(sel.rulesTable.role, { name: sel.rulesTable.name });
  await expect(rules.getByText(sel.batteryOverheatingText).first()).toBeVisible({ timeout: 20_000 });
  await lookAt(page, { path: test.info().outputPath('rule-management.png'), fullPage: true });

  await page.getByRole(sel.addRule.role, { name: sel.addRule.name }).click();
  const dialog = page.getByRole(sel.ruleDialog.role, { name: sel.ruleDialog.name });
  await expect(dialog).toBeVisible();
  await dialog.getByRole(sel.save.role, { name: sel.save.name }).click();
  await expect(dialog.getByText(sel.enterANameText)).toBeVisible();

  await dialog.getByRole(...ui.field(sel.name, true)).fill(RULE);
  // The segmented control's radio is visually hidden: its visible label is what a user clicks.
  await dialog.getByText(sel.scopeDevice.name, { exact: true }).click();
  await expect(dialog.getByRole(sel.scopeDevice.role, { name: sel.scopeDevice.name, exact: true })).toBeChecked();
  // The picker lists vehicles before anything is typed; any one of them will do.
  await dialog.getByRole(...ui.field(sel.vehicle, true)).click();
  await page
    .getByRole(...ui.optionNamed(sel.vehicleOption))
    .first()
    .click();
  await choose(page, sel.conditionKey, 'State of charge (%)');
  await choose(page, sel.conditionComparison, '>= (at or above)');
  await dialog.getByRole(...ui.field(sel.conditionValue, true)).fill('0');
  await dialog.getByRole(sel.testRule.role, { name: sel.testRule.name }).click();
  await expect(dialog.getByText(sel.testResult)).toBeVisible({ timeout: 20_000 });
  await lookAt(page, { path: test.info().outputPath('rule-builder.png'), fullPage: true });
  // The count before the rule exists: its first notification may arrive as soon as it is saved.
  const before = await bellCount(page);
  await dialog.getByRole(sel.save.role, { name: sel.save.name }).click();
  await expect(dialog).toBeHidden();
  await expect(rules.getByText(RULE)).toBeVisible();

  await page.goto(`${PORTAL_BASE}/notification-history`);
  const history = page.getByRole(sel.historyTable.role, { name: sel.historyTable.name });
  const row = history.getByRole(...ui.row).filter({ hasText: RULE });
  // The engine samples every 5 s and the page polls every 5 s: the notification arrives without a reload.
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBeGreaterThan(before);
  await expect(row).toContainText('Web Alert');
  await lookAt(page, { path: test.info().outputPath('notification-history.png'), fullPage: true });

  const unacknowledged = await bellCount(page);
  await row.getByRole(...ui.buttonNamed(sel.acknowledge)).click();
  await expect(row).toContainText('(SA)');
  await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBe(unacknowledged - 1);
  await lookAt(page, { path: test.info().outputPath('notification-acknowledged.png'), fullPage: true });
});
