import { expect, type Page, test } from '@playwright/test';
import { dashboardPathFor, isRoleCode } from '../../../portal/src/domain/roles';
import { appShell, portal, ui } from '../../selectors';
import { PORTAL_URL } from '../../urls';
import { lookAt } from '../look';
import { openSignedIn, signInToDashboard } from './portal-session';

const BASE = PORTAL_URL;
const ARTIFACTS = new URL('../../.artifacts/', import.meta.url).pathname;

/** The demo accounts offered on the login page, with their role codes. */
async function demoAccounts(page: Page): Promise<{ label: string; role: string }[]> {
  await page.goto(`${BASE}/login`);
  const list = page.getByRole(portal.login.demoList.role, { name: portal.login.demoList.name });
  await expect(list).toBeVisible();
  return list
    .locator(portal.login.demoAccount)
    .evaluateAll((buttons) =>
      buttons.map((b) => ({ label: b.getAttribute('aria-label') ?? '', role: b.getAttribute('data-role') ?? '' })),
    );
}

/** Signing in loads the dashboard chunk; on a busy machine that takes longer than the default expect time-out. */
const LANDING = { timeout: 20_000 };

async function signInAs(page: Page, role: string, path = '/login') {
  await page.goto(`${BASE}${path}`);
  await page.locator(portal.login.demoAccountOf(role)).click();
  await expect(page.getByText(portal.pages.dashboardGreeting)).toBeVisible(LANDING);
}

test.describe('portal shell on the demo build', () => {
  test.describe.configure({ timeout: 60_000 });

  test('offers one demo account per role type and each lands on its own dashboard', async ({ page }) => {
    test.setTimeout(180_000);
    const accounts = await demoAccounts(page);
    expect(accounts.length).toBeGreaterThanOrEqual(9);
    for (const { role } of accounts) {
      expect(isRoleCode(role), role).toBe(true);
      if (!isRoleCode(role)) continue;
      await signInAs(page, role);
      await expect(page).toHaveURL(`${BASE}${dashboardPathFor(role)}`);
      await expect(page).toHaveTitle('Dashboard | Voltline');
      await page.getByRole(portal.shell.accountMenu.role, { name: portal.shell.accountMenu.name }).click();
      await page.getByRole(portal.shell.signOut.role, { name: portal.shell.signOut.name }).click();
      await expect(page.getByRole(portal.login.heading.role, { name: portal.login.heading.name })).toBeVisible();
    }
  });

  test('signing in shows a toast top-right', async ({ page }) => {
    await signInAs(page, 'SA');
    const toast = page.getByText(appShell.signedInAsText);
    // Where the toast is, read in the page the moment it shows: on a busy machine a separate visibility check and
    // measurement can straddle its auto-close.
    const box = await page.waitForFunction(
      () => {
        const el = [...document.querySelectorAll('p, div, span')].find(
          (e) => e.childElementCount === 0 && /^Signed in as /.test(e.textContent ?? ''),
        );
        const rect = el?.getBoundingClientRect();
        return rect && rect.width > 0 ? { x: rect.x, y: rect.y } : null;
      },
      undefined,
      { timeout: LANDING.timeout, polling: 'raf' },
    );
    const at = await box.jsonValue();
    const viewport = page.viewportSize();
    expect(at && viewport && at.x > viewport.width / 2 && at.y < viewport.height / 3).toBe(true);
    // It closes by itself (clicking it could race its own timer on a busy machine).
    await expect(toast).toBeHidden({ timeout: 15_000 });
  });

  test('a forbidden deep link shows 403 after sign-in', async ({ page }) => {
    await page.goto(`${BASE}/user-management`);
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fuser-management/);
    await page.locator(portal.login.demoAccountOf('DR')).click();
    await expect(page).toHaveURL(`${BASE}/user-management`, LANDING);
    await expect(page.getByRole(portal.pages.forbidden.role, { name: portal.pages.forbidden.name })).toBeVisible(
      LANDING,
    );
  });

  test('an unknown link shows 404', async ({ page }) => {
    await openSignedIn(page, 'SA', '/no/such/page');
    await expect(page.getByRole(portal.pages.notFound.role, { name: portal.pages.notFound.name })).toBeVisible(LANDING);
  });

  test('a render error shows the full-page error screen', async ({ page }) => {
    await openSignedIn(page, 'SA', '/__demo/crash');
    for (const line of portal.errorScreen) await expect(page.getByText(line, { exact: true })).toBeVisible(LANDING);
    await lookAt(page, { path: `${ARTIFACTS}portal-error-screen.png` });
  });

  test('the shell: collapsed navigation, breadcrumbs, footer (screenshots)', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${BASE}/login`);
    await expect(page.getByRole(portal.login.demoList.role, { name: portal.login.demoList.name })).toBeVisible();
    await lookAt(page, { path: `${ARTIFACTS}portal-login.png` });
    await page.locator(portal.login.demoAccountOf('SA')).click();
    await expect(page.getByText(portal.pages.dashboardGreeting)).toBeVisible(LANDING);
    await expect(page.getByRole(portal.shell.expandNav.role, { name: portal.shell.expandNav.name })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page.getByText(appShell.copyright(new Date().getFullYear()))).toBeVisible();
    await lookAt(page, { path: `${ARTIFACTS}portal-shell-collapsed.png`, fullPage: true });
    await page.getByRole(portal.shell.expandNav.role, { name: portal.shell.expandNav.name }).click();
    await page
      .getByRole(...appShell.vehicleManagementLink)
      .first()
      .click();
    await expect(page.getByRole(...appShell.vehicleManagementHeading)).toBeVisible(LANDING);
    await page.goto(`${BASE}/vehicle/veh-000001?tab=commands`);
    await expect(page.getByRole(...appShell.commandsTab)).toHaveAttribute('aria-selected', 'true', LANDING);
    await lookAt(page, { path: `${ARTIFACTS}portal-shell-expanded.png`, fullPage: true });
  });
});

/** The colours of a full-page screenshot at some points, read back by the browser (no image library needed here). */
async function pixels(page: Page, png: Buffer, points: { x: number; y: number }[]): Promise<string[]> {
  return page.evaluate(
    async ({ base64, points }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return points.map(({ x, y }) => context.getImageData(x, y, 1, 1).data.slice(0, 3).join(','));
    },
    { base64: png.toString('base64'), points },
  );
}

test('on a page longer than the window, the navigation column runs to the bottom of the page', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, 'SA', '/profile');
  await expect(page.getByRole(...portal.pages.profileHeading)).toBeVisible(LANDING);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeGreaterThan(1_200);
  const nav = await page.getByRole(...portal.shell.sideNav).boundingBox();
  const edge = Math.round(nav!.x + nav!.width);
  const shot = await page.screenshot({ path: `${ARTIFACTS}portal-shell-long-page.png`, fullPage: true });
  // Left of the icons, on the border, and just right of it in the page: at the top and 20 px above the page's end.
  const [navTop, borderTop, pageTop, navBottom, borderBottom, pageBottom] = await pixels(page, shot, [
    { x: 4, y: 120 },
    { x: edge - 1, y: 120 },
    { x: edge + 8, y: 120 },
    { x: 4, y: height - 20 },
    { x: edge - 1, y: height - 20 },
    { x: edge + 8, y: height - 20 },
  ]);
  expect(navTop).not.toBe(pageTop);
  expect({ navBottom, borderBottom, pageBottom }).toEqual({
    navBottom: navTop,
    borderBottom: borderTop,
    pageBottom: pageTop,
  });
});

// Issue 18, item 9: a route change shows progress from its first frame until the page is there, also when the
// page's code is already loaded (its chunk cached), where nothing but the page's own render takes time.
//
// Watched two ways from the click on: every painted frame (requestAnimationFrame) and every state the DOM passes
// through (a MutationObserver sees each commit). On a busy machine the browser may paint no frame at all before the
// new page is there (the click's task, the spinner's commit and the page's commit all run before the next frame):
// then no frame showed the old page, and the DOM states still show that the spinner came before the page.
test('every route change shows progress from its first frame until the new page shows', async ({ page }) => {
  // Three route changes after signing in; one of them loads the page's code: on a loaded machine, more than 30 s.
  test.setTimeout(90_000);
  await signInToDashboard(page, 'SA');
  type Seen = { by: 'frame' | 'commit'; spinner: boolean; arrived: boolean };
  /** Clicks a side-navigation link and reports what each frame and each DOM state showed until the new page. */
  const framesOfChange = async (link: string, heading: string) => {
    await page.evaluate((heading) => {
      const w = window as unknown as { __seen: Seen[] };
      w.__seen = [];
      const look = (by: Seen['by']): Seen => ({
        by,
        spinner: document.querySelector('[data-testid="route-progress"]') !== null,
        arrived: document.querySelector('main h1')?.textContent === heading,
      });
      document.addEventListener(
        'click',
        () => {
          const tick = () => {
            const seen = look('frame');
            w.__seen.push(seen);
            if (!seen.arrived) requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
          const observer = new MutationObserver(() => {
            const seen = look('commit');
            w.__seen.push(seen);
            if (seen.arrived) observer.disconnect();
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        },
        { capture: true, once: true },
      );
    }, heading);
    await page
      .getByRole(...ui.linkNamed(link, true))
      .first()
      .click();
    await expect(page.getByRole(...ui.pageHeading(heading))).toBeVisible(LANDING);
    await expect(page.getByTestId(appShell.routeProgress)).toHaveCount(0);
    // Until a painted frame showed the new page (the frames stop there).
    const seen = await page.waitForFunction(() => {
      const all = (window as unknown as { __seen: Seen[] }).__seen;
      return all.some((f) => f.by === 'frame' && f.arrived) ? all : null;
    });
    return (await seen.jsonValue()) as Seen[];
  };
  for (const [link, heading] of [
    ['Vehicle Management', 'Vehicle Management'],
    ['Dashboard', 'Dashboard'],
    // The second visit: the chunk is cached, so only the guard and the render stand between click and page.
    ['Vehicle Management', 'Vehicle Management'],
  ] as const) {
    const seen = await framesOfChange(link, heading);
    const before = seen.filter((f) => !f.arrived);
    expect(before.length, `${link}: nothing showed the spinner before the page`).toBeGreaterThan(0);
    expect(
      before.filter((f) => !f.spinner),
      `${link}: a frame or DOM state showed the old page without the spinner`,
    ).toEqual([]);
  }
});

// Issue 18, item 12: signing out ends every query first; no aborted logout, no 401 burst, no console error.
test('signing out is clean: no failed or refused request and no console error', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToDashboard(page, 'SA');
  // Every dashboard panel asks for its data (and keeps asking): the case where a sign-out used to leave requests behind.
  await expect(page.getByRole(...appShell.faultSummaryRegion)).toBeVisible(LANDING);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.push(`failed: ${request.method()} ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() === 401) problems.push(`401: ${response.request().method()} ${response.url()}`);
  });
  await page.getByRole(portal.shell.accountMenu.role, { name: portal.shell.accountMenu.name }).click();
  await page.getByRole(portal.shell.signOut.role, { name: portal.shell.signOut.name }).click();
  await expect(page.getByRole(portal.login.heading.role, { name: portal.login.heading.name })).toBeVisible();
  // Queries still mounted when the cache is cleared would ask again at once; give them the time to show.
  await page.waitForTimeout(3_000);
  expect(problems).toEqual([]);
});
