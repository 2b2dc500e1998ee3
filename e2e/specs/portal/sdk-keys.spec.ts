import { expect, test } from '@playwright/test';
import { sdkKeys as sel } from '../../selectors';
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
