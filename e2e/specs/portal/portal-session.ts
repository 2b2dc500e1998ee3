import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import type { PermissionMap } from '../../../portal/src/domain/permissions';
import { dashboardPathFor, isRoleCode } from '../../../portal/src/domain/roles';
import { STORE_STORAGE_KEY } from '../../../portal/src/state/persistence';
import { portal, session, ui } from '../../selectors';
import { PORTAL_URL } from '../../urls';

/** Where the demo portal is served (the suite's web server, or PORTAL_URL). */
export const PORTAL_BASE = PORTAL_URL;

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A signed-in session of a demo account: the browser context's storage with IndexedDB (the demo world's saved
 * changes, among them the sessions table holding the token) and the tab's sessionStorage (the app store's `auth`
 * group with that token). Both come from a real sign-in through the login page.
 */
export interface SavedSession {
  storage: StorageState;
  store: string;
}

/** One real sign-in per role and worker; every other test of the worker starts from its saved session. */
const saved = new Map<string, Promise<SavedSession>>();

/**
 * Signs in through the login page in `page` (the app then opens `returnTo` by itself) and returns the session as soon
 * as the app holds its token. Only the IndexedDB of the storage is kept: a test's own localStorage (demo knobs, say)
 * is not handed on to the next test.
 */
async function signInThrough(page: Page, role: string, returnTo?: string): Promise<SavedSession> {
  await page.goto(`${PORTAL_BASE}/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
  await page.locator(portal.login.demoAccountOf(role)).click();
  // The store takes the token only once the demo API answered the sign-in, and the demo API answers only once the
  // new session is written to IndexedDB: from here on, both halves of the session are saved.
  const store = await page.waitForFunction(
    (key) => {
      const value = window.sessionStorage.getItem(key);
      return value && (JSON.parse(value) as { state?: { auth?: { token?: string } } }).state?.auth?.token
        ? value
        : null;
    },
    STORE_STORAGE_KEY,
    { timeout: 30_000 },
  );
  const storage = await page.context().storageState({ indexedDB: true });
  return {
    storage: { cookies: [], origins: storage.origins.map((o) => ({ ...o, localStorage: [] })) },
    store: (await store.jsonValue()) as string,
  };
}

/** Signs in (in a context of its own) and keeps the session for the worker's next tests of the role. */
async function signInOnce(browser: Browser, role: string): Promise<SavedSession> {
  const context = await browser.newContext();
  try {
    return await signInThrough(await context.newPage(), role);
  } finally {
    await context.close();
  }
}

function keep(role: string, session: Promise<SavedSession>): Promise<SavedSession> {
  saved.set(role, session);
  session.catch(() => saved.delete(role));
  return session;
}

/** The saved session of a role's demo account, signing in (once per worker) if there is none yet. */
export function savedSession(page: Page, role: string): Promise<SavedSession> {
  const browser = page.context().browser();
  if (!browser) throw new Error('savedSession: no browser');
  return saved.get(role) ?? keep(role, signInOnce(browser, role));
}

/** The permissions a saved session's sign-in gave, as the app stored them. */
export function sessionPermissions({ store }: SavedSession): PermissionMap {
  const stored = JSON.parse(store) as { state?: { auth?: { permissions?: PermissionMap } } };
  return stored.state?.auth?.permissions ?? {};
}

/**
 * Opens `path` signed in as the demo account of a role. The worker's first test of a role signs in through the login
 * page, which then opens `path` itself, and its session is saved; later tests start without the login page: the
 * page's context gets the saved storage and the tab its sessionStorage before the app's first script runs, and `path`
 * loads directly. Only for a fresh page (nothing loaded yet): restoring replaces the context's storage, the demo world
 * with it. A test that signs in again later in the same page (after changing the world) uses the form
 * (`signInByForm`). A test that needs the restored start (a fresh document) awaits `savedSession` first.
 */
export async function openSignedIn(page: Page, role: string, path: string) {
  if (page.url() !== 'about:blank') throw new Error(`openSignedIn: the page already shows ${page.url()}`);
  const session = saved.get(role);
  if (!session) {
    await keep(role, signInThrough(page, role, path));
    return;
  }
  const { storage, store } = await session;
  await page.context().setStorageState(storage);
  // Once per tab: a sign-out later in the test clears the store and stays signed out across reloads.
  await page.addInitScript(
    ({ key, value }) => {
      // The tab's own document only: an init script runs in every frame, also in a sandboxed one (a feedback report's
      // page snapshot), where reading sessionStorage throws.
      if (window !== window.top) return;
      if (window.sessionStorage.getItem('e2e.session-restored')) return;
      window.sessionStorage.setItem('e2e.session-restored', '1');
      window.sessionStorage.setItem(key, value);
    },
    { key: STORE_STORAGE_KEY, value: store },
  );
  await page.goto(`${PORTAL_BASE}${path}`);
}

function dashboardOf(role: string): string {
  if (!isRoleCode(role)) throw new Error(`no such role: ${role}`);
  return dashboardPathFor(role);
}

/** Signs in through the login page's demo account button of a role (the page may show anything before). */
export async function signInByForm(page: Page, role = 'SA') {
  await page.goto(`${PORTAL_BASE}/login`);
  await page.locator(portal.login.demoAccountOf(role)).click();
}

/**
 * Signs in with the demo account of a role at `path` (the role's dashboard unless told) and waits until live data is
 * connected. A fresh page starts from the role's saved session and opens `path` directly (no dashboard first: a test
 * of another page would load the app twice); a page that already shows something signs in through the form.
 */
export async function signInDemo(page: Page, role = 'SA', path?: string) {
  if (page.url() === 'about:blank') await openSignedIn(page, role, path ?? dashboardOf(role));
  else {
    await signInByForm(page, role);
    if (path) await page.goto(`${PORTAL_BASE}${path}`);
  }
  await expect(page.getByRole(...session.liveStatus)).toBeVisible({ timeout: 20_000 });
}

/**
 * Signs in with the demo account of a role and waits for its dashboard (not for live data). A fresh page starts from
 * the role's saved session; a page that already shows something (a second account in one test) signs in through the
 * form. `byForm` forces the form (a test that set up the world's size first, say).
 */
export async function signInToDashboard(page: Page, role = 'SA', { byForm = false } = {}) {
  if (page.url() === 'about:blank' && !byForm) await openSignedIn(page, role, dashboardOf(role));
  else await signInByForm(page, role);
  // Signing in and the first page transform lazy chunks; a busy machine needs more than the default.
  await expect(page.getByText(portal.pages.dashboardGreeting)).toBeVisible({ timeout: 30_000 });
}

/** Opens Vehicle Management from the main navigation and waits for its first page of 25 rows (plus the header). */
export async function openVehicleList(page: Page) {
  await page
    .getByRole(...session.mainNavigationNav)
    .getByRole(...session.vehicleManagementLink)
    .click();
  return vehicleList(page);
}

/** The vehicle list of the page (Vehicle Management), once its first page of 25 rows (plus the header) shows. */
export async function vehicleList(page: Page) {
  const table = page.getByRole(...session.vehiclesTable);
  await expect(table.getByRole(...ui.row)).toHaveCount(26, { timeout: 30_000 });
  return table;
}

/** The password of every seeded demo account (the demo build's and the Fleet API server's). */
export const DEMO_PASSWORD = 'demo1234';

/**
 * Signs in through the login form with e-mail and password, as a person does (no demo account buttons: the production
 * build has none), at `base` (the demo portal, or the Fleet API server's). Returns the answer of the sign-in request.
 */
export async function signInWithPassword(page: Page, role: string, base = PORTAL_BASE) {
  await page.goto(`${base}/login`);
  await page.getByLabel(portal.login.email).fill(`${role.toLowerCase()}@voltline.demo`);
  await page.getByLabel(portal.login.password).fill(DEMO_PASSWORD);
  const answer = page.waitForResponse(
    (response) => response.url() === `${base}/api/auth/login` && response.request().method() === 'POST',
  );
  await page.getByRole(portal.login.submit.role, { name: portal.login.submit.name, exact: true }).click();
  return answer;
}
