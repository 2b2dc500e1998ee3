import { type BrowserContext, type Frame, type Page, expect, test } from '@playwright/test';
import { seriousViolations } from '../../axe';
import { HOST_ORIGIN, OTHER_ORIGIN, routeFakeApi } from '../support/fake-api';
import { tourBuilder, widgetHost } from '../../../selectors';
import { lookAt } from '../../look';

type Message = { name: string; data?: unknown; type?: string; origin: string };
type BuilderWindow = { received: Message[]; sendToSite(name: string, data?: unknown, extra?: unknown): void };
type FrameWindow = { received: Message[]; sendToPage(name: string, data?: unknown, extra?: unknown): void };
type SiteWindow = { pageClicks: string[] };

// each test drives two windows (the builder and the site it opened) and a cross-origin frame
test.describe.configure({ timeout: 60_000 });

const SITE = `${HOST_ORIGIN}/builder/`;
const BUILDER_ORIGIN = OTHER_ORIGIN;
/** A third origin, answered by Playwright: a page there is no builder. */
const EVIL_ORIGIN = 'https://evil.voltline.test';

/**
 * The stand-in builder (another origin) opens the site in a new window, so that the site has a `window.opener`; it
 * answers the site's `init` with `load`. Returns the builder page, the site page and its builder frame.
 */
async function openFromBuilder(context: BrowserContext, opts: { type?: string; site?: string; builder?: string } = {}) {
  await routeFakeApi(context);
  const builder = await context.newPage();
  const query = new URLSearchParams({ site: opts.site ?? SITE, ...(opts.type ? { type: opts.type } : {}) });
  await builder.goto(`${opts.builder ?? BUILDER_ORIGIN}/builder/app/?${query}`);
  const [site] = await Promise.all([
    builder.waitForEvent('popup'),
    builder.getByRole(...tourBuilder.openTheSite).click(),
  ]);
  await site.waitForLoadState();
  const errors: string[] = [];
  site.on('pageerror', (err) => errors.push(err.message));
  const opener = () => builder.evaluate(() => (window as unknown as BuilderWindow).received);
  return { builder, site, errors, opener };
}

/** The builder frame inside the site, once it has loaded and said `loaddata`. */
async function builderFrame(site: Page, tool = 'producttourbuilder'): Promise<Frame> {
  await expect.poll(() => site.frames().some((f) => f.url() === `${BUILDER_ORIGIN}/builder/app/${tool}`)).toBe(true);
  const frame = site.frames().find((f) => f.url() === `${BUILDER_ORIGIN}/builder/app/${tool}`)!;
  await frame.waitForLoadState();
  return frame;
}
const frameReceived = (frame: Frame) => frame.evaluate(() => (window as unknown as FrameWindow).received);
const toPage = (frame: Frame, name: string, data?: unknown, extra?: unknown) =>
  frame.evaluate(([n, d, e]) => (window as unknown as FrameWindow).sendToPage(n as string, d, e ?? undefined), [
    name,
    data,
    extra,
  ] as const);
const frameHeight = (site: Page) =>
  widgetHost.builderFrame(site).evaluate((f) => f.parentElement!.getBoundingClientRect().height);
const picked = async (frame: Frame) =>
  (await frameReceived(frame))
    .filter((m) => m.name === 'element-picked')
    .map((m) => (m.data as { selector: string }).selector);

test('a page the builder opened says init, gets load, and shows the builder frame 65 px high', async ({ context }) => {
  const { site, opener, errors } = await openFromBuilder(context);
  await expect.poll(async () => (await opener()).map((m) => m.name)).toContain('init');
  expect((await opener()).find((m) => m.name === 'init')).toEqual({ name: 'init', type: 'admin', origin: HOST_ORIGIN });

  const frame = await builderFrame(site);
  await expect(widgetHost.builderFrame(site)).toBeVisible();
  // loaddata -> data: the builder's config and the page; navigate -> 65 px
  await expect
    .poll(async () => (await frameReceived(frame)).find((m) => m.name === 'data'))
    .toEqual({
      name: 'data',
      type: 'tourbuilder',
      data: { type: 'producttours', tourId: 'tour-1', name: 'Welcome tour', currentPage: SITE },
      origin: HOST_ORIGIN,
    });
  await expect.poll(() => frameHeight(site)).toBe(65);
  // the widget's launcher steps aside while the admin builds (its corner is the builder's)
  await expect(site.locator(tourBuilder.voltlineWidget)).toBeHidden();
  await lookAt(site, { path: test.info().outputPath('builder-navigate.png') });
  expect(await seriousViolations(site)).toEqual([]);
  expect(errors).toEqual([]);
});

test('picking: the element under the mouse is outlined, a click reports a unique selector and never reaches the page', async ({
  context,
}) => {
  const { site, errors } = await openFromBuilder(context);
  const frame = await builderFrame(site);
  await frame.getByRole(...tourBuilder.pickElement).click();
  await expect.poll(() => frameHeight(site)).toBe(65);

  const targets = [
    {
      locator: site.getByRole(...tourBuilder.eV002Row).getByRole(...tourBuilder.open),
      selector: 'body > main > table > tbody > tr:nth-of-type(2) > td:nth-of-type(3) > button',
    },
    {
      locator: site.getByTestId(tourBuilder.cardCharging).locator(tourBuilder.strong),
      selector: '[data-testid="card-charging"] > strong',
    },
    { locator: site.locator(tourBuilder.navTrips), selector: '#nav-trips' },
    // inside the shadow DOM of a site component: its host, and no error
    { locator: site.getByText(tourBuilder.fleetHealthText), selector: 'body > main > fleet-badge' },
  ];
  for (const [i, { locator, selector }] of targets.entries()) {
    await locator.hover();
    const outline = site.locator(tourBuilder.voltlineBuilderPick);
    await expect(outline).toBeVisible();
    if (i === 0) await lookAt(site, { path: test.info().outputPath('builder-picker.png') });
    await locator.click();
    await expect.poll(async () => (await picked(frame))[i]).toBe(selector);
    // the selector finds that element and nothing else on the page
    expect(await site.evaluate((s) => document.querySelectorAll(s).length, selector)).toBe(1);
  }
  // no pick reached the page: no click handler ran, no hash navigation happened
  expect(await site.evaluate(() => (window as unknown as SiteWindow).pageClicks)).toEqual([]);
  expect(new URL(site.url()).hash).toBe('');
  expect(errors).toEqual([]);
});

test('keyboard: Escape leaves the picker and the page gets its clicks back; the handle collapses the frame', async ({
  context,
}) => {
  const { site } = await openFromBuilder(context);
  const frame = await builderFrame(site);
  await frame.getByRole(...tourBuilder.pickElement).click();
  await site.getByTestId(tourBuilder.cardOnline).hover();
  await expect(site.locator(tourBuilder.voltlineBuilderPick)).toBeVisible();
  await site.keyboard.press('Escape');
  await expect(site.locator(tourBuilder.voltlineBuilderPick)).toBeHidden();
  await site.getByTestId(tourBuilder.cardOnline).click();
  expect(await site.evaluate(() => (window as unknown as SiteWindow).pageClicks)).toHaveLength(1);
  expect(await picked(frame)).toEqual([]);

  const handle = widgetHost.builderHandle(site);
  await expect(handle).toHaveAccessibleName('Hide the builder');
  await handle.focus();
  await site.keyboard.press('Enter');
  await expect(widgetHost.builderFrame(site)).toBeHidden();
  await expect(handle).toHaveAttribute('aria-expanded', 'false');
  await lookAt(site, { path: test.info().outputPath('builder-collapsed.png') });
  await handle.click();
  await expect(widgetHost.builderFrame(site)).toBeVisible();
  await expect(handle).toHaveAccessibleName('Hide the builder');
});

test('every builder message of §7 both ways, to and from the exact builder origin', async ({ context }) => {
  const { site, builder, opener } = await openFromBuilder(context);
  const frame = await builderFrame(site);

  // frame -> page -> opener
  for (const [name, data] of [
    ['smartlink-search', { term: 'trips' }],
    ['product-tour-started', { tourId: 'tour-1' }],
    ['save', { steps: [{ selector: '#title' }] }],
    ['update-steps', { steps: [] }],
  ] as const)
    await toPage(frame, name, data);
  await expect
    .poll(async () =>
      (await opener()).filter((m) => m.name !== 'init').map(({ name, type, origin }) => [name, type, origin]),
    )
    .toEqual([
      ['smartlink-search', 'admin', HOST_ORIGIN],
      ['product-tour-started', 'admin', HOST_ORIGIN],
      ['save', 'admin', HOST_ORIGIN],
      ['update-steps', 'admin', HOST_ORIGIN],
    ]);
  expect((await opener()).find((m) => m.name === 'save')?.data).toEqual({ steps: [{ selector: '#title' }] });

  // opener -> page -> frame
  await builder.evaluate(() =>
    (window as unknown as BuilderWindow).sendToSite('smartlink-search-result', [{ title: 'Trips' }]),
  );
  await expect
    .poll(async () => (await frameReceived(frame)).find((m) => m.name === 'smartlink-search-result')?.data)
    .toEqual([{ title: 'Trips' }]);

  // highlight-element outlines, click clicks, editor goes full height
  await toPage(frame, 'highlight-element', { selector: '#title' });
  await expect(site.locator(tourBuilder.voltlineBuilderMark)).toBeVisible();
  const box = await site.locator(tourBuilder.voltlineBuilderMark).boundingBox();
  const title = await site.locator(tourBuilder.title).boundingBox();
  expect(box).toEqual(title);
  await lookAt(site, { path: test.info().outputPath('builder-highlight.png') });
  await toPage(frame, 'click', { selector: '#nav-vehicles' });
  await expect.poll(() => new URL(site.url()).hash).toBe('#/vehicles');
  await toPage(frame, 'status-changed', 'editor');
  await expect.poll(() => frameHeight(site)).toBe(site.viewportSize()!.height);

  // the page is polled every second: the route change arrives as page-changed
  await expect
    .poll(
      async () =>
        (await frameReceived(frame))
          .filter((m) => m.name === 'page-changed')
          .map((m) => (m.data as { page: string }).page),
      { timeout: 3000 },
    )
    .toContain(`${SITE}#/vehicles`);
  await site.evaluate(() => history.pushState(null, '', '/builder/?tab=trips'));
  const started = Date.now();
  await expect
    .poll(
      async () =>
        (await frameReceived(frame)).some(
          (m) => m.name === 'page-changed' && (m.data as { page: string }).page.endsWith('?tab=trips'),
        ),
      { timeout: 3000 },
    )
    .toBe(true);
  expect(Date.now() - started).toBeLessThan(2500);
  expect((await frameReceived(frame)).every((m) => m.type === 'tourbuilder' && m.origin === HOST_ORIGIN)).toBe(true);
});

test('the tooltip builder opens for a load of type tooltips', async ({ context }) => {
  const { site } = await openFromBuilder(context, { type: 'tooltips' });
  const frame = await builderFrame(site, 'tooltipbuilder');
  await expect(widgetHost.builderFrame(site, 'Tooltip builder')).toBeVisible();
  await expect
    .poll(async () => (await frameReceived(frame)).find((m) => m.name === 'data')?.data)
    .toMatchObject({ type: 'tooltips' });
});

test('hostile origins are ignored: a look-alike builder on another origin, the page itself, a foreign frame', async ({
  context,
}) => {
  const scripts: string[] = [];
  context.on('request', (req) => scripts.push(new URL(req.url()).pathname));
  // a page on a third origin serves the same stand-in builder and opens the site
  const standIn = await (await context.request.get(`${BUILDER_ORIGIN}/builder/app/`)).text();
  await context.route(`${EVIL_ORIGIN}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: route.request().url().includes('/frame') ? EVIL_FRAME : standIn }),
  );
  const { site, builder, opener, errors } = await openFromBuilder(context, { builder: EVIL_ORIGIN });
  await site.waitForFunction(() => !!(window as unknown as { Gleap?: unknown }).Gleap);
  await site.waitForTimeout(1500);
  // init went to the builder origin only: the hostile opener never heard it, so never sent load; and its own load is ignored
  expect(await opener()).toEqual([]);
  await builder.evaluate(() => (window as unknown as BuilderWindow).sendToSite('load', { type: 'producttours' }));
  await site.evaluate(() => {
    const load = JSON.stringify({ name: 'load', data: { type: 'producttours' }, type: 'admin' });
    // the page's own origin, and a frame of a third origin, speaking for the builder
    window.postMessage(load, '*');
    const evil = document.createElement('iframe');
    evil.src = 'https://evil.voltline.test/frame';
    document.body.append(evil);
  });
  await site.waitForTimeout(1500);
  await expect(site.locator(tourBuilder.voltlineBuilder)).toHaveCount(0);
  await expect(widgetHost.builderFrame(site)).toHaveCount(0);
  expect(errors).toEqual([]);
  // the site downloaded the small door that said init, and never the builder chunk: no builder answered
  expect(scripts.filter((p) => /\/sdk\/opener-/.test(p))).toHaveLength(1);
  expect(scripts.filter((p) => /\/sdk\/builder-/.test(p))).toEqual([]);
});

const EVIL_FRAME = `<!doctype html><title>Foreign frame</title><script>
  parent.postMessage(JSON.stringify({ name: 'load', data: {}, type: 'admin' }), '*');
  parent.postMessage(JSON.stringify({ name: 'status-changed', data: 'editor', type: 'tourbuilder' }), '*');
</script>`;

test('window.gleapAdminDisabled keeps the builder off on a page the builder opened', async ({ context }) => {
  const { site, opener } = await openFromBuilder(context, { site: `${SITE}?disabled` });
  await site.waitForFunction(() => !!(window as unknown as { Gleap?: unknown }).Gleap);
  await site.waitForTimeout(1500);
  expect(await opener()).toEqual([]);
  await expect(site.locator(tourBuilder.voltlineBuilder)).toHaveCount(0);
});

test('a page nobody opened never downloads the builder chunk, nor its door', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => scripts.push(new URL(req.url()).pathname));
  await routeFakeApi(page);
  await page.goto(SITE);
  await page.waitForFunction(() => !!(window as unknown as { Gleap?: unknown }).Gleap);
  await page.waitForTimeout(1000);
  expect(scripts).toContain('/sdk/index.js');
  expect(scripts.filter((p) => /\/sdk\/(builder|opener)-/.test(p))).toEqual([]);
  await expect(page.locator(tourBuilder.voltlineBuilder)).toHaveCount(0);
});
