import { expect, test } from '@playwright/test';
import { sdkKeys as sel, widgetCapture } from '../../selectors';
import { seriousViolations } from '../axe';
import { lookAt } from '../look';
import { openSignedIn } from './portal-session';

// Issue 38 item 2 in a browser (decision 0123): a Super Admin creates a widget SDK key with its look, edits the look and
// revokes the key with confirmation, in Settings → Widget SDK keys; the tab and its dialogs pass axe.

const shot = (name: string) => `/tmp/sdk-keys-e2e-${name}.png`;

test('create, edit and revoke a widget SDK key as the Super Admin; axe on the tab and its dialogs', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openSignedIn(page, 'SA', '/settings?tab=widget');
  const table = page.getByRole(sel.table.role, { name: sel.table.name });
  await expect(table).toContainText('demo-widget-key', { timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole(sel.create.role, { name: sel.create.name }).click();
  const dialog = page.getByRole(sel.createDialog.role, { name: sel.createDialog.name });
  await dialog.getByLabel(sel.name).fill('E2E help centre');
  await dialog.getByRole(...sel.colour).fill('#0A7D3E');
  await dialog.getByLabel(sel.position).selectOption('BOTTOM_LEFT');
  await lookAt(page, { path: shot('create') });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole(sel.submitCreate.role, { name: sel.submitCreate.name }).click();

  const created = page.getByRole(sel.createdDialog.role, { name: sel.createdDialog.name });
  await expect(created).toBeVisible();
  const key = ((await created.getByLabel(sel.keyText).textContent()) ?? '').trim();
  expect(key).toMatch(/^sdk_[A-Za-z0-9_-]{32}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await created.getByRole(sel.done.role, { name: sel.done.name }).click();
  const row = table.getByRole(...sel.rowOf(/E2E help centre/));
  await expect(row).toContainText(key);
  await expect(row).toContainText('#0A7D3E');

  await row.getByRole(sel.editKey('E2E help centre').role, { name: sel.editKey('E2E help centre').name }).click();
  const edit = page.getByRole(sel.editDialog('E2E help centre').role, { name: sel.editDialog('E2E help centre').name });
  await edit.getByLabel(sel.language).selectOption('de');
  await edit.getByRole(...sel.replays).focus();
  await page.keyboard.press('Space');
  await lookAt(page, { path: shot('edit') });
  expect(await seriousViolations(page)).toEqual([]);
  await edit.getByRole(sel.save.role, { name: sel.save.name }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('German');
  await expect(row).toContainText('Replays off');
  await lookAt(page, { path: shot('list'), fullPage: true });

  await row.getByRole(sel.revokeKey('E2E help centre').role, { name: sel.revokeKey('E2E help centre').name }).click();
  const confirm = page.getByRole(sel.revokeDialog.role, { name: sel.revokeDialog.name });
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole(sel.confirmRevoke.role, { name: sel.confirmRevoke.name }).click();
  await expect(row).toContainText('Revoked');
  await lookAt(page, { path: shot('revoked'), fullPage: true });
});

// Decision 0136 Session 25: the demo page's own widget reads its config from its key as Settings saved it (through the
// services' getWidgetConfig, as on the server): the button moves to the left, and Arabic turns the messenger right to
// left, after a reload.
test("the demo portal's widget follows its key's config as Settings edits it", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  // The settings page itself carries the widget: no dashboard to draw first (0120 Session 25).
  await openSignedIn(page, 'SA', '/settings?tab=widget');
  const launcher = page.getByRole(...widgetCapture.open);
  await expect(launcher).toBeVisible({ timeout: 30_000 });
  expect((await launcher.boundingBox())?.x ?? 0).toBeGreaterThan(640);

  const table = page.getByRole(sel.table.role, { name: sel.table.name });
  const row = table.getByRole(...sel.rowOf(/demo-widget-key/));
  await expect(row).toBeVisible({ timeout: 30_000 });
  const name = (
    (await row
      .getByRole(...sel.cell)
      .first()
      .textContent()) ?? ''
  ).trim();
  await row.getByRole(sel.editKey(name).role, { name: sel.editKey(name).name }).click();
  const edit = page.getByRole(sel.editDialog(name).role, { name: sel.editDialog(name).name });
  await edit.getByLabel(sel.position).selectOption('BOTTOM_LEFT');
  await edit.getByLabel(sel.language).selectOption('ar');
  await edit.getByRole(sel.save.role, { name: sel.save.name }).click();
  await expect(edit).toBeHidden();

  // The world keeps the edit across the reload; the widget asks for its config again.
  await page.reload();
  await expect(launcher).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await launcher.boundingBox())?.x ?? 9_999, { timeout: 15_000 }).toBeLessThan(200);
  await launcher.click();
  const messenger = page.frameLocator(widgetCapture.iframeTitleFeedbackAndSupportFrame);
  await expect(messenger.locator(sel.messengerRoot)).toHaveAttribute('dir', 'rtl', { timeout: 15_000 });
  await lookAt(page, { path: shot('demo-widget-config') });
});
