import { expect, type Page, test } from '@playwright/test';
import { accessSettings as sel, ui } from '../../selectors';
import { openSignedIn, PORTAL_BASE } from './portal-session';
import { seriousViolations } from '../axe';
import { lookAt } from '../look';

// Issue 21 items 4 and 6 in a browser: a Super Admin creates a REST API key, sees its secret once, uses it as a bearer
// key against the demo API, revokes it (the key then answers 401); the settings and access pages pass axe with their
// dialogs open.

const shot = (name: string) => `/tmp/acc-e2e-${name}.png`;

/** A call to the demo API from inside the page (MSW answers it), with a bearer token. */
async function apiStatus(page: Page, path: string, token: string): Promise<number> {
  return page.evaluate(
    async ([p, t]) => (await fetch(`/api${p}`, { headers: { Authorization: `Bearer ${t}` } })).status,
    [path, token] as const,
  );
}

test('create an API key, see its secret once, use it, revoke it; axe on settings', async ({ page }) => {
  test.setTimeout(180_000);
  await openSignedIn(page, 'SA', '/settings?tab=api');
  const table = page.getByRole(sel.apiKeysTable.role, { name: sel.apiKeysTable.name });
  await expect(table).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await lookAt(page, { path: shot('settings-api'), fullPage: true });

  await page.getByRole(sel.createKey.role, { name: sel.createKey.name }).click();
  const dialog = page.getByRole(sel.createKeyDialog.role, { name: sel.createKeyDialog.name });
  await dialog.getByLabel(sel.keyName).fill('E2E bridge');
  await dialog.getByLabel(sel.keyScope).selectOption('read');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole(sel.submitKey.role, { name: sel.submitKey.name }).click();

  const shown = page.getByRole(sel.secretDialog.role, { name: sel.secretDialog.name });
  await expect(shown).toBeVisible();
  const secret = ((await shown.getByLabel(sel.secretText).textContent()) ?? '').trim();
  expect(secret).toMatch(/^vlk_[0-9a-f]{48}$/);
  await lookAt(page, { path: shot('settings-secret-once') });
  expect(await seriousViolations(page)).toEqual([]);
  await shown.getByRole(sel.copied.role, { name: sel.copied.name }).click();
  await expect(shown).toBeHidden();
  // Shown once: the page no longer holds it, only its prefix.
  expect(await page.locator(sel.body).textContent()).not.toContain(secret);
  await expect(table.getByRole(...sel.e2EBridgeRow)).toContainText(secret.slice(0, 10));

  expect(await apiStatus(page, '/vehicles?pageSize=1', secret)).toBe(200);
  await page.reload();
  await expect(table.getByRole(...sel.e2EBridgeRow)).not.toContainText('Never', { timeout: 30_000 });

  await table.getByRole(...ui.buttonNamed(sel.revokeKey('E2E bridge').name)).click();
  const confirm = page.getByRole(sel.revokeDialog.role, { name: sel.revokeDialog.name });
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole(sel.confirmRevoke.role, { name: sel.confirmRevoke.name }).click();
  await expect(table.getByRole(...sel.e2EBridgeRow)).toContainText('Revoked');
  expect(await apiStatus(page, '/vehicles?pageSize=1', secret)).toBe(401);

  for (const tab of ['logo', 'delivery', 'password']) {
    await page.goto(`${PORTAL_BASE}/settings?tab=${tab}`);
    await expect(page.getByRole(sel.settingsTabs.role, { name: sel.settingsTabs.name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await lookAt(page, { path: shot(`settings-${tab}`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test('access management, OEM access and the profile pass axe, the grant form open too', async ({ page }) => {
  test.setTimeout(180_000);
  await openSignedIn(page, 'SA', '/access-management');
  const grants = page.getByRole(sel.grantsTable.role, { name: sel.grantsTable.name });
  await expect(grants.getByRole(...ui.row).nth(1)).toBeVisible({ timeout: 30_000 });
  await expect(grants).toContainText('Expired');
  await lookAt(page, { path: shot('access-management'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole(sel.grantAccess.role, { name: sel.grantAccess.name }).click();
  await expect(page.getByRole(sel.grantDialog.role, { name: sel.grantDialog.name })).toBeVisible();
  await lookAt(page, { path: shot('grant-form') });
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${PORTAL_BASE}/oem-access`);
  const oem = page.getByRole(sel.oemGrantsTable.role, { name: sel.oemGrantsTable.name });
  await expect(oem.getByRole(...ui.row).nth(1)).toBeVisible({ timeout: 30_000 });
  await lookAt(page, { path: shot('oem-access'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${PORTAL_BASE}/profile`);
  await expect(page.getByRole(...sel.sessionsTable)).toBeVisible({ timeout: 30_000 });
  await lookAt(page, { path: shot('profile'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});
