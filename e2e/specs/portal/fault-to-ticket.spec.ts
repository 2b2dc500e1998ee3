import { expect, type Page, test } from '@playwright/test';
import { faultToTicket, rulesNotifications as sel, tickets, ui } from '../../selectors';
import { openSignedIn, PORTAL_BASE } from './portal-session';
import { lookAt } from '../look';

// Issue 19's chain in the demo portal: a rule watching the simulated telemetry fires -> its notification arrives live
// in the history and the header's count -> the demo server opens a ticket for the vehicle's service centre -> the
// ticket is assigned, answered, worked and closed.

const RULE = `E2E chain ${Date.now() % 100_000}`;

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

test('a rule fires on live telemetry, notifies, opens a ticket that is assigned, worked and closed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openSignedIn(page, 'SA', '/rule-management');
  await expect(page.getByRole(...ui.linkNamed(sel.bell))).toBeVisible({ timeout: 20_000 });

  await page.getByRole(sel.addRule.role, { name: sel.addRule.name }).click();
  const dialog = page.getByRole(sel.ruleDialog.role, { name: sel.ruleDialog.name });
  await dialog.getByRole(...ui.field(sel.name, true)).fill(RULE);
  await dialog.getByText(sel.scopeDevice.name, { exact: true }).click();
  await dialog.getByRole(...ui.field(sel.vehicle, true)).click();
  await page
    .getByRole(...ui.optionNamed(sel.vehicleOption))
    .first()
    .click();
  await choose(page, sel.conditionKey, 'State of charge (%)');
  await choose(page, sel.conditionComparison, '>= (at or above)');
  await dialog.getByRole(...ui.field(sel.conditionValue, true)).fill('0');
  await dialog.getByRole(...ui.checkboxNamed(sel.openTicket)).check();
  const before = await bellCount(page);
  await dialog.getByRole(sel.save.role, { name: sel.save.name }).click();
  await expect(dialog).toBeHidden();

  // The notification arrives without a reload, and the header counts it.
  await page.goto(`${PORTAL_BASE}/notification-history`);
  const row = page
    .getByRole(sel.historyTable.role, { name: sel.historyTable.name })
    .getByRole(...ui.row)
    .filter({ hasText: RULE });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBeGreaterThan(before);

  // The demo server opened a ticket for it.
  await page.goto(`${PORTAL_BASE}/tickets`);
  await page.getByRole(tickets.search.role, { name: tickets.search.name }).fill(RULE);
  const list = page.getByRole(tickets.table.role, { name: tickets.table.name });
  await expect(list.getByRole(...ui.row)).toHaveCount(2, { timeout: 20_000 });
  await list.getByText(RULE).first().click();
  const drawer = page.getByRole(...ui.dialogNamed(new RegExp(`TCK-\\d+: ${RULE}`)));
  await expect(drawer).toBeVisible({ timeout: 15_000 });

  await drawer.getByRole(tickets.assignee.role, { name: tickets.assignee.name }).click();
  await page
    .getByRole(...faultToTicket.assigneeListbox)
    .getByRole(...faultToTicket.dEOption)
    .first()
    .click();
  await drawer.getByRole(tickets.saveAssignment.role, { name: tickets.saveAssignment.name }).click();
  await expect(drawer.getByText(faultToTicket.assignedToDEText)).toBeVisible();

  await drawer.locator(faultToTicket.label).filter({ hasText: tickets.replyKindLabel }).click();
  await drawer.getByRole(...faultToTicket.replyField).fill('The battery was checked; the rule can rest.');
  await drawer.getByRole(tickets.sendReply.role, { name: tickets.sendReply.name }).click();
  await expect(
    drawer.getByLabel(faultToTicket.replyFrom).getByText(faultToTicket.theBatteryWasCheckedTheText),
  ).toBeVisible();

  const moves = drawer.getByRole(tickets.statusMoves.role, { name: tickets.statusMoves.name });
  await moves.getByRole(...faultToTicket.startWork).click();
  await expect(moves.getByRole(...faultToTicket.close)).toBeVisible();
  await moves.getByRole(...faultToTicket.close).click();
  await expect(moves.getByRole(...ui.button)).toHaveText(['Reopen']);
  await lookAt(page, { path: test.info().outputPath('chain-ticket-closed.png'), fullPage: true });
});
