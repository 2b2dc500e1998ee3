import { expect, test } from '@playwright/test';
import { openSignedIn, PORTAL_BASE, vehicleList } from './portal-session';
import { auditLog, ui } from '../../selectors';
import { lookAt } from '../look';

// The audit log and the hardware log in the demo portal: a fresh demo shows the history of its world's changes with
// their diffs, a write made in the UI shows up in the audit log with its diff, the chain verifies, and the hardware
// log's live tail runs and pauses.

test('a fresh demo’s audit log holds the world’s past changes with their diffs, and the chain verifies', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, 'SA', '/audit');
  const audit = page.getByRole(...auditLog.auditLogTable);
  // A full first page of entries (the header row, then the entries), none made in this session.
  await expect(audit.getByRole(...ui.row).nth(10)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(auditLog.noAuditEntriesText)).toHaveCount(0);
  // The newest: the firmware rollouts started today, and the accounts' recent changes.
  for (const entity of ['Command', 'User']) {
    await expect(
      audit
        .getByRole(...ui.row)
        .filter({ hasText: entity })
        .first(),
    ).toBeVisible();
  }
  await page.getByRole(...auditLog.verifyChain).click();
  await expect(page.getByText(auditLog.chainIntactText)).toBeVisible({ timeout: 30_000 });

  // A seeded edit opens with its field diff: before and after.
  await page.goto(`${PORTAL_BASE}/audit?q=${encodeURIComponent('Updated rule')}`);
  await audit
    .getByRole(...ui.row)
    .filter({ hasText: 'Updated rule' })
    .first()
    .click();
  const drawer = page.getByRole(...auditLog.auditEntryDialog);
  const changes = drawer.getByRole(...auditLog.changedFieldsTable);
  await expect(changes).toContainText('cooldownSeconds');
  await expect(changes).toContainText('1800');
  await expect(changes).toContainText('3600');
  await lookAt(page, { path: test.info().outputPath('audit-fresh-sa.png'), fullPage: true });
});

test('a write made in the UI is in the audit log with its diff, and the chain verifies', async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, 'SA', '/vehicle-management');
  const table = await vehicleList(page);
  await table
    .getByRole(...auditLog.actionsFor)
    .first()
    .click();
  await page.getByRole(...auditLog.deactivateActivateMenuItem).click();
  await expect(page.getByText(auditLog.deactivatedActivatedText)).toBeVisible({ timeout: 15_000 });
  await table
    .getByRole(...auditLog.actionsFor)
    .nth(1)
    .click();
  await page.getByRole(...auditLog.resyncMenuItem).click();
  // Leaving before the answer would abort the request (the demo server answers in the page): wait for its toast.
  await expect(page.getByText(auditLog.resyncRequestedForText)).toBeVisible({ timeout: 15_000 });

  await page.goto(`${PORTAL_BASE}/audit`);
  const audit = page.getByRole(...auditLog.auditLogTable);
  // Newest first, above the world's seeded history.
  await expect(audit.getByRole(...ui.row).nth(1)).toContainText('Resync', { timeout: 30_000 });
  await expect(audit.getByRole(...ui.row).nth(2)).toContainText('Change Status');
  await page.getByRole(...auditLog.verifyChain).click();
  await expect(page.getByText(auditLog.chainIntactText)).toBeVisible();
  await lookAt(page, { path: test.info().outputPath('audit-sa.png'), fullPage: true });

  await audit
    .getByRole(...ui.row)
    .filter({ hasText: 'Change Status' })
    .filter({ hasText: 'Vehicle' })
    .first()
    .click();
  const drawer = page.getByRole(...auditLog.auditEntryDialog);
  await expect(drawer.getByRole(...auditLog.changedFieldsTable)).toContainText('status');
  await lookAt(page, { path: test.info().outputPath('audit-entry-sa.png'), fullPage: true });
});

test('an OEM admin opens the audit log and sees only its own staff entries', async ({ page }) => {
  test.setTimeout(150_000);
  await openSignedIn(page, 'OEMA', '/vehicle-management');
  const table = await vehicleList(page);
  await table
    .getByRole(...auditLog.actionsFor)
    .first()
    .click();
  await page.getByRole(...auditLog.deactivateActivateMenuItem).click();
  await expect(page.getByText(auditLog.deactivatedActivatedText)).toBeVisible({ timeout: 15_000 });
  await page.goto(`${PORTAL_BASE}/audit`);
  const audit = page.getByRole(...auditLog.auditLogTable);
  await expect(
    audit
      .getByRole(...ui.row)
      .filter({ hasText: '(OEMA)' })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  await expect(audit.getByRole(...ui.row).filter({ hasText: '(SA)' })).toHaveCount(0);
  await lookAt(page, { path: test.info().outputPath('audit-oema.png'), fullPage: true });
});

for (const role of ['SA', 'BMSA'] as const) {
  test(`the hardware log pages, filters and tails live for ${role}`, async ({ page }) => {
    test.setTimeout(90_000);
    await openSignedIn(page, role, '/hardware-log');
    const log = page.getByRole(...auditLog.hardwareLogTable);
    await expect(log.getByRole(...ui.row)).toHaveCount(26, { timeout: 30_000 });
    await expect(page.getByText(auditLog.liveTailOnText, { exact: true })).toBeVisible();
    await lookAt(page, { path: test.info().outputPath(`hardware-log-${role.toLowerCase()}.png`), fullPage: true });
    await page.getByLabel(auditLog.level).selectOption('ERROR');
    await expect(log.getByRole(...ui.row).nth(1)).toContainText('ERROR', { timeout: 15_000 });
    await page.getByRole(...auditLog.pauseLiveTail).click();
    await expect(page.getByText(auditLog.liveTailPausedText, { exact: true })).toBeVisible();
    await lookAt(page, {
      path: test.info().outputPath(`hardware-log-${role.toLowerCase()}-errors.png`),
      fullPage: true,
    });
  });
}
