import { expect, type Page, test } from '@playwright/test';
import { portal, ui, usersRoles } from '../../selectors';
import { openSignedIn, PORTAL_BASE, signInToDashboard } from './portal-session';
import { seriousViolations } from '../axe';
import { lookAt } from '../look';

// Issue 21: a Super Admin grants a permission key to a role in the role editor, a user of that role then sees the
// page; revoked, the same user gets 403. The demo world lives in this browser context, so the two accounts take
// turns in one page (sign out, sign in).

const SHOTS = process.env.USERS_ROLES_SHOTS;

async function shot(page: Page, name: string) {
  await lookAt(page, {
    path: SHOTS ? `${SHOTS}/${name}.png` : test.info().outputPath(`${name}.png`),
    fullPage: true,
  });
}

async function signOut(page: Page) {
  await page.getByRole(portal.shell.accountMenu.role, { name: portal.shell.accountMenu.name }).click();
  await page.getByRole(portal.shell.signOut.role, { name: portal.shell.signOut.name }).click();
  await expect(page.getByRole(portal.login.heading.role, { name: portal.login.heading.name })).toBeVisible();
}

/** As the signed-in Super Admin: sets Audit History's List box of the Fleet Admin role and saves. */
async function setAuditListForFleetAdmin(page: Page, on: boolean) {
  await page.goto(`${PORTAL_BASE}/write-role?id=FA`);
  await page.getByLabel(usersRoles.searchPermissions).fill('Audit History');
  const box = page.getByRole(...ui.checkboxNamed(usersRoles.matrixBox('Audit History', 'List/read').name));
  await expect(box).toBeVisible({ timeout: 30_000 });
  await box.setChecked(on);
  await shot(page, on ? 'role-editor-grant' : 'role-editor-revoke');
  await page.getByRole(usersRoles.saveRole.role, { name: usersRoles.saveRole.name }).click();
  await expect(page.getByRole(usersRoles.rolesTable.role, { name: usersRoles.rolesTable.name })).toBeVisible({
    timeout: 30_000,
  });
}

/**
 * Picks a role in the access preview. The roles table above it may still grow while the page settles; the dropdown
 * hides itself when its field moves out of view (Mantine's hideDetached), so the pick is retried until it takes.
 */
async function pickPreviewRole(page: Page, name: string) {
  await expect(
    page
      .getByRole(usersRoles.rolesTable.role, { name: usersRoles.rolesTable.name })
      .getByRole(...ui.row)
      .nth(1),
  ).toBeVisible({ timeout: 30_000 });
  const field = page.getByRole(...ui.field(usersRoles.rolePreview));
  await expect(async () => {
    await field.click();
    await page.getByRole(...ui.optionNamed(name, true)).click({ timeout: 5_000 });
    await expect(field).toHaveValue(name, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
}

test('grant a key to a role: its user sees the page; revoke it: 403', async ({ page }) => {
  test.setTimeout(240_000);
  await openSignedIn(page, 'FA', '/audit');
  await expect(page.getByRole(portal.pages.forbidden.role, { name: portal.pages.forbidden.name })).toBeVisible({
    timeout: 30_000,
  });
  await signOut(page);

  await signInToDashboard(page, 'SA');
  await page.goto(`${PORTAL_BASE}/user-management`);
  await expect(
    page
      .getByRole(usersRoles.usersTable.role, { name: usersRoles.usersTable.name })
      .getByRole(...ui.row)
      .nth(1),
  ).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'users-tab-sa');
  await setAuditListForFleetAdmin(page, true);
  await pickPreviewRole(page, 'Fleet Admin');
  await expect(page.getByText(usersRoles.pagesItOpensText)).toBeVisible();
  await expect(
    page.getByLabel(usersRoles.effectiveAccess).getByText(usersRoles.auditText, { exact: true }).first(),
  ).toBeVisible();
  await shot(page, 'roles-tab-preview');
  await page.goto(`${PORTAL_BASE}/user-management?tab=device-group`);
  await expect(
    page
      .getByRole(usersRoles.groupsTable.role, { name: usersRoles.groupsTable.name })
      .getByRole(...ui.row)
      .nth(1),
  ).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'device-groups-tab');
  await page.goto(`${PORTAL_BASE}/write-group?id=dgr-0003`);
  await expect(page.getByLabel(usersRoles.name)).toHaveValue('Pilot vehicles', { timeout: 30_000 });
  await shot(page, 'device-group-form');
  await signOut(page);

  await signInToDashboard(page, 'FA');
  await expect(
    page.getByRole(portal.shell.nav.role, { name: portal.shell.nav.name }).getByRole(...usersRoles.auditLogLink),
  ).toBeAttached();
  await page.goto(`${PORTAL_BASE}/audit`);
  await expect(page.getByRole(...usersRoles.auditLogTable)).toBeVisible({ timeout: 30_000 });
  await shot(page, 'audit-granted-fa');
  await signOut(page);

  await signInToDashboard(page, 'SA');
  await setAuditListForFleetAdmin(page, false);
  await signOut(page);

  await signInToDashboard(page, 'FA');
  await page.goto(`${PORTAL_BASE}/audit`);
  await expect(page.getByRole(portal.pages.forbidden.role, { name: portal.pages.forbidden.name })).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'audit-revoked-fa');
});

/** What the page changes: its content and the dialog it opened (portalled to the body). */
const PAGE_AND_DIALOG = ['main', '[role="dialog"]'];

test('user management, the role editor and the device group form pass axe with their dialogs open', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, 'SA', '/user-management');
  const found: string[] = [];
  await expect(
    page
      .getByRole(usersRoles.usersTable.role, { name: usersRoles.usersTable.name })
      .getByRole(...ui.row)
      .nth(1),
  ).toBeVisible({
    timeout: 30_000,
  });
  found.push(...(await seriousViolations(page, { include: PAGE_AND_DIALOG, where: 'users' })));
  await page.getByRole(...usersRoles.inviteUser).click();
  const dialog = page.getByRole(...usersRoles.inviteUserDialog);
  await dialog.getByRole(...usersRoles.inviteUser).click();
  await expect(dialog.getByText(usersRoles.enterANameText)).toBeVisible();
  await shot(page, 'invite-dialog-errors');
  found.push(...(await seriousViolations(page, { include: PAGE_AND_DIALOG, where: 'invite dialog' })));
  await page.keyboard.press('Escape');

  await page.getByRole(...usersRoles.rolePermissionsTab).click();
  await pickPreviewRole(page, 'Service Center Admin');
  const preview = page.getByLabel(usersRoles.effectiveAccess);
  await expect(preview).toBeVisible();
  await lookAt(preview, { path: SHOTS ? `${SHOTS}/preview-da.png` : test.info().outputPath('preview-da.png') });
  found.push(...(await seriousViolations(page, { include: PAGE_AND_DIALOG, where: 'roles' })));

  await page.goto(`${PORTAL_BASE}/write-role?from=DA`);
  await expect(page.getByLabel(usersRoles.roleName)).toHaveValue('Copy of Service Center Admin', { timeout: 30_000 });
  await shot(page, 'role-editor-clone');
  found.push(...(await seriousViolations(page, { include: PAGE_AND_DIALOG, where: 'write-role' })));

  await page.goto(`${PORTAL_BASE}/write-group`);
  await page.getByRole(...usersRoles.createGroup).click();
  await expect(page.getByText(usersRoles.chooseWhoOwnsTheGroupText)).toBeVisible({ timeout: 30_000 });
  await shot(page, 'device-group-errors');
  found.push(...(await seriousViolations(page, { include: PAGE_AND_DIALOG, where: 'write-group' })));
  expect(found).toEqual([]);
});
