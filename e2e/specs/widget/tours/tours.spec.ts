import { type Page, type Route, expect, test } from '@playwright/test';
import { seriousViolations } from '../../axe';
import { FAKE_API, HOST_ORIGIN, routeFakeApi } from '../support/fake-api';
import { productTours, ui } from '../../../selectors';
import { lookAt } from '../../look';

const XSS =
  '<b>Welcome</b> to the fleet.<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' +
  '<a id="bad" href="javascript:window.__xss=3">a link</a><iframe src="javascript:window.__xss=4"></iframe>' +
  '<div style="width:expression(window.__xss=5);background:url(javascript:window.__xss=6)">styled</div>';

const TOUR = {
  tourType: 'standard',
  allowClose: true,
  backButton: true,
  nextText: 'Continue',
  doneText: 'Finish',
  prevText: 'Back',
  sender: { firstName: 'Maya' },
  steps: [
    { selector: '#title', title: 'Welcome', message: XSS },
    { selector: '#deep', message: 'Row actions live here.' },
    { selector: '#name', mode: 'INPUT', inputType: 'default', message: 'Name your fleet.' },
    { selector: '#nav-settings', mode: 'CLICK', message: 'Open the settings.' },
    { selector: '#save-settings', message: 'Save your changes here.' },
    { selector: '', message: 'That is all.' },
  ],
};

type Win = {
  tourEvents: [string, string][];
  Gleap: { startProductTour(id: string): void; startProductTourWithConfig(id: string, config: unknown): void };
  __xss?: number;
};

/** The host page with the fake API answering the two tour calls; `status` is what the validation says. */
async function open(page: Page, opts: { status?: string; hash?: string } = {}) {
  const api = await routeFakeApi(page);
  const json = (data: unknown) => ({
    headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
    body: JSON.stringify(data),
  });
  // the fake API records only what it answers itself: these two are recorded here
  const answer = (data: unknown) => (route: Route) => {
    const req = route.request();
    if (req.method() === 'OPTIONS') return route.fallback();
    api.calls.push({
      method: req.method(),
      path: new URL(req.url()).pathname,
      headers: req.headers(),
      body: req.postDataJSON(),
    });
    return route.fulfill(json(data));
  };
  await page.route(`${FAKE_API}/outbound/producttours`, answer({ config: TOUR }));
  await page.route(
    `${FAKE_API}/outbound/producttourvalidation`,
    answer({ status: opts.status ?? 'live', config: TOUR }),
  );
  await page.goto(`${HOST_ORIGIN}/tours/${opts.hash ?? ''}`);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  return api;
}

const popover = (page: Page) => page.locator(productTours.voltlineTour).getByRole(...ui.dialog);
const events = (page: Page) => page.evaluate(() => (window as unknown as Win).tourEvents);
const stored = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('gleap-tour-data') ?? 'null') as {
        tourId: string;
        tourData: { steps: unknown[] };
      } | null,
  );
const rect = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)!.getBoundingClientRect().toJSON() as DOMRect, selector);

/** The popover sits `offset` (10) beside the stage, which is the element grown by the padding (10). */
async function expectBeside(page: Page, selector: string) {
  const el = await rect(page, selector);
  const pop = (await popover(page).boundingBox())!;
  const below = Math.abs(pop.y - (el.bottom + 10 + 10)) <= 1;
  const above = Math.abs(pop.y + pop.height - (el.top - 10 - 10)) <= 1;
  expect(below || above, `popover ${JSON.stringify(pop)} beside ${selector} ${JSON.stringify(el)}`).toBe(true);
}

test('a tour runs through a scroll container, an INPUT and a CLICK step, an SPA route change and a reload', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const api = await open(page);
  await page.evaluate(() => (window as unknown as Win).Gleap.startProductTour('tour-1'));
  const pop = popover(page);
  await expect(pop).toBeVisible();
  expect(api.calls.filter((c) => c.path.startsWith('/outbound')).map((c) => [c.path, c.body])).toEqual([
    ['/outbound/producttours', { outboundId: 'tour-1' }],
    ['/outbound/producttourvalidation', { outboundId: 'tour-1' }],
  ]);
  await expect(pop).toHaveAttribute('aria-modal', 'true');
  await expect(pop.getByRole(...productTours.welcomeHeading)).toBeVisible();
  await expect(pop).toContainText('Welcome to the fleet.');
  await expect(pop).toContainText('1 of 6');
  await expect(pop.getByRole(...productTours.continue)).toBeVisible();
  await expect(pop.getByRole(...productTours.closeTour)).toBeVisible();
  await expect(pop.getByRole(...productTours.back)).toHaveCount(0);
  await expectBeside(page, '#title');
  // the overlay: stage 10 px around the element, corners 5, opacity 0.7
  const overlay = await page.evaluate(() => {
    const p = document.querySelector('voltline-tour')!.shadowRoot!.querySelector('path')!;
    return { opacity: p.getAttribute('opacity'), d: p.getAttribute('d') };
  });
  expect(overlay.opacity).toBe('0.7');
  expect(overlay.d).toMatch(/a5 5 0 0 1 5 5/);
  await page.waitForTimeout(450);
  await lookAt(pop, { path: test.info().outputPath('step-1-popover.png') });
  await lookAt(page, { path: test.info().outputPath('step-1-page.png') });
  // the XSS vectors: none ran, the javascript: link lost its href, no iframe
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => (window as unknown as Win).__xss)).toBeUndefined();
  await expect(pop.locator(productTours.a)).not.toHaveAttribute('href', /.+/);
  await expect(pop.locator(productTours.vtDesc).locator(productTours.iframeScriptStyle)).toHaveCount(0);
  await expect(pop.locator(productTours.vtDescDiv)).toHaveText('styled');
  expect(await seriousViolations(page, { include: ['voltline-tour'] })).toEqual([]);

  // step 2: the element is inside a scroll container, below the fixed header
  await pop.getByRole(...productTours.continue).click();
  await expect(pop).toContainText('Row actions live here.');
  await expect(pop).toContainText('2 of 6');
  const deep = await rect(page, '#deep');
  const list = await rect(page, '#list');
  expect(deep.top).toBeGreaterThanOrEqual(64);
  // scrolled into view inside its container, not just inside the window
  expect(deep.top).toBeGreaterThanOrEqual(list.top);
  expect(deep.bottom).toBeLessThanOrEqual(list.bottom);
  await expectBeside(page, '#deep');
  await page.waitForTimeout(450);
  await lookAt(page, { path: test.info().outputPath('step-2-scroll-container.png') });
  // the container scrolls: the popover follows
  const before = (await pop.boundingBox())!.y;
  await page.evaluate(() => {
    document.querySelector('#list')!.scrollTop -= 40;
  });
  await expect.poll(async () => (await pop.boundingBox())!.y).toBeGreaterThan(before + 30);
  await expectBeside(page, '#deep');
  expect((await stored(page))?.tourData.steps).toHaveLength(5);

  // step 3: INPUT, Next only after non-empty typing, the input is reachable through the stage
  await pop.getByRole(...productTours.continue).click();
  await expect(pop).toContainText('Name your fleet.');
  const next = pop.getByRole(...productTours.continue);
  await expect(next).toBeDisabled();
  await page.locator(productTours.name).click();
  await page.keyboard.type('   ');
  await expect(next).toBeDisabled();
  await page.keyboard.type('Volt');
  await expect(next).toBeEnabled();
  await next.click();

  // step 4: CLICK on the nav link; no Next; a click outside the element does nothing
  await expect(pop).toContainText('Open the settings.');
  await expect(pop.getByRole(...productTours.continue)).toHaveCount(0);
  await page.mouse.click(5, 300);
  await expect(pop).toContainText('Open the settings.');
  await page.locator(productTours.navSettings).click();
  // step 5: the route changed, its element comes 700 ms later: the step waits for it
  await expect(pop).toContainText('Save your changes here.');
  await expectBeside(page, '#save-settings');
  expect((await stored(page))?.tourData.steps).toHaveLength(2);

  // a reload resumes the remaining steps (validated again)
  await page.reload();
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  await expect(popover(page)).toContainText('Save your changes here.');
  await expect(popover(page)).toContainText('1 of 2');
  await popover(page)
    .getByRole(...productTours.continue)
    .click();
  // the last step has no element: the centred dummy
  await expect(popover(page)).toContainText('That is all.');
  const box = (await popover(page).boundingBox())!;
  const vp = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - vp.width / 2)).toBeLessThan(2);
  await popover(page)
    .getByRole(...productTours.finish)
    .click();
  await expect(page.locator(productTours.voltlineTour)).toHaveCount(0);
  expect(await events(page)).toEqual([['completed', 'tour-1']]);
  expect(await stored(page)).toBeNull();
});

test('a tour that is not live is cleaned up as quit with the console message', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await open(page, { status: 'draft' });
  await page.evaluate(() => (window as unknown as Win).Gleap.startProductTour('tour-2'));
  await expect.poll(() => events(page)).toEqual([['quit', 'tour-2']]);
  expect(logs).toContain('Product tour is not live. Cleaning up...');
  await expect(page.locator(productTours.voltlineTour)).toHaveCount(0);
});

test('a tour without steps logs the message and never throws into the page', async ({ page }) => {
  const logs: string[] = [];
  const errors: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page);
  await page.evaluate(() => (window as unknown as Win).Gleap.startProductTourWithConfig('tour-3', { steps: [] }));
  await expect.poll(() => events(page)).toEqual([['quit', 'tour-3']]);
  expect(logs).toContain('No steps to drive through');
  expect(errors).toEqual([]);
});

test('keyboard: focus stays in the tour, Escape quits once and focus returns', async ({ page }) => {
  await open(page);
  await page.locator(productTours.name).focus();
  await page.evaluate(() => (window as unknown as Win).Gleap.startProductTour('tour-4'));
  const pop = popover(page);
  await expect(pop).toBeFocused();
  const focused = () =>
    page.evaluate(() => document.querySelector('voltline-tour')!.shadowRoot!.activeElement?.textContent ?? null);
  const seen = new Set<string | null>();
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab');
    seen.add(await focused());
  }
  // only the popover's buttons: the page behind is never reached
  expect([...seen].sort()).toEqual(['Continue', '×']);
  await page.keyboard.press('Escape');
  await expect(page.locator(productTours.voltlineTour)).toHaveCount(0);
  await expect(page.locator(productTours.name)).toBeFocused();
  await page.keyboard.press('Escape');
  expect(await events(page)).toEqual([['quit', 'tour-4']]);
});

test('an element under the fixed header is scrolled out from under it', async ({ page }) => {
  await open(page);
  // the title sits under the 64 px header
  await page.evaluate(() => window.scrollTo(0, 60));
  expect((await rect(page, '#title')).top).toBeLessThan(64);
  await page.evaluate(() => (window as unknown as Win).Gleap.startProductTour('tour-5'));
  await expect(popover(page)).toBeVisible();
  expect((await rect(page, '#title')).top).toBeGreaterThanOrEqual(64);
  await expectBeside(page, '#title');
});
