import { type Page, type Route, expect, test } from '@playwright/test';
import { seriousViolations } from '../../axe';
import { FAKE_API, HOST_ORIGIN, routeFakeApi } from '../support/fake-api';
import { cobrowseSession, ui } from '../../../selectors';
import { lookAt } from '../../look';

const XSS =
  'Hi, I am <b>Kai</b>.<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' +
  '<a href="javascript:window.__xss=3">a link</a><iframe src="javascript:window.__xss=4"></iframe>';

/** Silence as a 16-bit mono WAV: a voice the browser can really play. */
function silentWav(seconds = 0.4, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples * 2, 40);
  return b;
}

const VOICE = `${FAKE_API}/voices/step-1.wav`;

// a co-browse tour runs on its own clock (1.5 s, reading times, typing): on a busy machine its steps take longer
test.describe.configure({ timeout: 90_000 });

const TOUR = {
  tourType: 'cobrowse',
  allowClose: true,
  gradient: true,
  kaiSlug: 'Kai joined to show you around',
  kaiAvatar: `${FAKE_API}/kai.svg`,
  steps: [
    { selector: '', message: XSS, voice: VOICE },
    {
      selector: '#deep',
      message:
        'Each row has its actions: open it, assign a driver, send a command or start a firmware update from here.',
    },
    {
      selector: '#search',
      mode: 'INPUT',
      inputType: 'auto',
      inputValue: 'VH-00001',
      message: 'I search for a vehicle.',
    },
    { selector: '#note', mode: 'INPUT', message: 'Now you: write a note.' },
    { selector: '#to-settings', mode: 'CLICK', message: 'Then I open the settings.' },
    { selector: '#save', message: 'Save your changes here.' },
  ],
};

type Win = {
  tourEvents: [string, string][];
  Gleap: { startProductTour(id: string): void; startProductTourWithConfig(id: string, config: unknown): void };
  __xss?: number;
};

const AVATAR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" fill="#5b3fd1"/><text x="12" y="17" font-size="13" text-anchor="middle" fill="#fff" font-family="sans-serif">K</text></svg>';

/** The host page with the fake API answering the tour calls, the avatar and the voice. */
async function open(page: Page, tour: Record<string, unknown> = TOUR, path = '/cobrowse/') {
  const api = await routeFakeApi(page);
  const cors = { 'access-control-allow-origin': '*' };
  const answer = (data: unknown) => (route: Route) => {
    const req = route.request();
    if (req.method() === 'OPTIONS') return route.fallback();
    api.calls.push({
      method: req.method(),
      path: new URL(req.url()).pathname,
      headers: req.headers(),
      body: req.postDataJSON(),
    });
    return route.fulfill({ headers: { ...cors, 'content-type': 'application/json' }, body: JSON.stringify(data) });
  };
  await page.route(`${FAKE_API}/outbound/producttours`, answer({ config: tour }));
  await page.route(`${FAKE_API}/outbound/producttourvalidation`, answer({ status: 'live', config: tour }));
  await page.route(`${FAKE_API}/kai.svg`, (r) =>
    r.fulfill({ headers: cors, contentType: 'image/svg+xml', body: AVATAR }),
  );
  let voices = 0;
  await page.route(VOICE, (r) => {
    voices += 1;
    return r.fulfill({ headers: cors, contentType: 'audio/wav', body: silentWav(6) });
  });
  await page.goto(`${HOST_ORIGIN}${path}`);
  await ready(page);
  return { ...api, voices: () => voices };
}

const ready = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
const surface = (page: Page) => page.locator(cobrowseSession.voltlineTourDataModeCobrowse);
const bubble = (page: Page) => surface(page).getByRole(...ui.status);
const events = (page: Page) => page.evaluate(() => (window as unknown as Win).tourEvents);
const stored = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('gleap-tour-data') ?? 'null') as { tourData: { steps: unknown[] } } | null,
  );
const rect = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)!.getBoundingClientRect().toJSON() as DOMRect, selector);
/** Where the pointer's tip is, once its move (0.5 s) and fade-in are over. */
const tip = async (page: Page) => {
  await page.waitForFunction(() => {
    const p = document.querySelector('voltline-tour')?.shadowRoot?.querySelector<HTMLElement>('.ptr');
    return !!p && getComputedStyle(p).opacity === '1' && p.getAnimations().length === 0;
  });
  return page.evaluate(() => {
    const p = document.querySelector('voltline-tour')!.shadowRoot!.querySelector<HTMLElement>('.ptr')!;
    return { x: Number.parseFloat(p.style.left), y: Number.parseFloat(p.style.top), cls: p.className };
  });
};

test('a co-browse tour narrates, scrolls, types, waits for the visitor, clicks a link and goes on on the next page', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const api = await open(page);
  await page.evaluate(() => (window as unknown as Win).Gleap.startProductTour('cob-1'));
  const badge = surface(page).getByRole(...cobrowseSession.coBrowseTourGroup);
  await expect(badge).toBeVisible({ timeout: 10_000 });
  expect(api.calls.filter((c) => c.path.startsWith('/outbound')).map((c) => [c.path, c.body])).toEqual([
    ['/outbound/producttours', { outboundId: 'cob-1' }],
    ['/outbound/producttourvalidation', { outboundId: 'cob-1' }],
  ]);
  await expect(badge).toContainText('Kai joined to show you around');
  // Chromium lets this page autoplay: voices play, the toggle offers to mute
  await expect(badge.getByRole(...cobrowseSession.muteVoice)).toHaveAttribute('aria-pressed', 'false');
  await expect(badge.getByRole(...cobrowseSession.endTheTour)).toBeVisible();

  // step 1 (after 1.5 s): no element, a centred bubble; server HTML as text, nothing of it runs
  // autoplay detection (up to 5 s on a busy machine), then 1.5 s
  await expect(bubble(page)).toHaveText('Hi, I am Kai.a link', { timeout: 10_000 });
  const shown = Date.now();
  expect((await tip(page)).cls).toBe('ptr c');
  expect(await page.evaluate(() => (window as unknown as Win).__xss)).toBeUndefined();
  await expect(surface(page).locator(cobrowseSession.imgSrcXScriptIframe)).toHaveCount(0);
  await lookAt(page, { path: test.info().outputPath('cobrowse-1-welcome.png') });
  // the voice plays (6 s), then 1 s: the next step; the reading time (5 words: 3 s) does not apply
  expect(api.voices()).toBeGreaterThan(0);
  await page.waitForTimeout(Math.max(0, shown + 4000 - Date.now()));
  await expect(bubble(page)).toHaveText('Hi, I am Kai.a link');
  await expect(bubble(page)).toContainText('Each row has its actions', { timeout: 6000 });

  // step 2: inside a scroll container, under the fixed header: scrolled into view, the pointer tips at it
  const deep = await rect(page, '#deep');
  const list = await rect(page, '#list');
  expect(deep.top).toBeGreaterThanOrEqual(64);
  expect(deep.top).toBeGreaterThanOrEqual(list.top);
  expect(deep.bottom).toBeLessThanOrEqual(list.bottom);
  const at = await tip(page);
  expect(Math.abs(at.x - (deep.left + deep.width / 2))).toBeLessThan(2);
  expect(Math.abs(at.y - (deep.top + deep.height / 2 + 10))).toBeLessThan(2);
  await lookAt(page, { path: test.info().outputPath('cobrowse-2-scroll-container.png') });
  // the page is the widget's while it drives: a click on a field does not reach it
  const note = await rect(page, '#note');
  await page.mouse.click(note.left + 20, note.top + note.height / 2);
  expect(await page.evaluate(() => document.activeElement?.id ?? '')).not.toBe('note');

  // step 3: INPUT of another type: the widget types the value. Step 2 reads for ceil(19 words / 3.6) + 1 = 7 s (its
  // voice, if longer, plus 1 s), counted from when it showed.
  await expect(bubble(page)).toHaveText('I search for a vehicle.', { timeout: 15_000 });
  await expect(page.locator(cobrowseSession.search)).toHaveValue('VH-00001', { timeout: 6000 });
  await lookAt(page, { path: test.info().outputPath('cobrowse-3-typed.png') });

  // step 4: INPUT in the default mode: the visitor types, then Next
  await expect(bubble(page)).toContainText('Now you: write a note.', { timeout: 8000 });
  await expect(page.locator(cobrowseSession.note)).toBeFocused({ timeout: 5000 });
  const next = bubble(page).getByRole(...cobrowseSession.next);
  await expect(next).toHaveCount(0);
  await page.keyboard.type('Charge at 6');
  await expect(next).toBeVisible();
  await lookAt(page, { path: test.info().outputPath('cobrowse-4-next.png') });
  expect(await seriousViolations(page, { include: ['voltline-tour'] })).toEqual([]);
  await next.click();

  // step 5: CLICK: ripple, the link is clicked, the remaining step was stored and goes on on the next page
  await expect(bubble(page)).toHaveText('Then I open the settings.');
  await page.waitForURL(/settings\.html$/, { timeout: 8000 });
  await ready(page);
  expect((await stored(page))?.tourData.steps).toHaveLength(1);
  // validated again, autoplay checked again, 1.5 s
  await expect(bubble(page)).toHaveText('Save your changes here.', { timeout: 12_000 });
  const save = await rect(page, '#save');
  const last = await tip(page);
  expect(Math.abs(last.x - (save.left + save.width / 2))).toBeLessThan(2);
  await lookAt(page, { path: test.info().outputPath('cobrowse-5-next-page.png') });
  // 5 words: 3 s of reading, then 0.5 s: completed, once, and the stored tour is gone
  await expect.poll(() => events(page), { timeout: 10_000 }).toEqual([['completed', 'cob-1']]);
  expect(await stored(page)).toBeNull();
  await expect(page.locator(cobrowseSession.voltlineTour)).toHaveCount(0, { timeout: 2000 });
  expect(errors).toEqual([]);
});

test('where autoplay is blocked the tour starts muted; the bubble opens left near the right edge', async ({ page }) => {
  // headless Chromium autoplays whatever its flags say: a page that blocks unmuted media stands in for the policy
  await page.addInitScript(() => {
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      return this.muted ? play.call(this) : Promise.reject(new DOMException('blocked', 'NotAllowedError'));
    };
  });
  await open(page, {
    tourType: 'cobrowse',
    kaiSlug: 'Kai',
    steps: [
      {
        selector: '#export',
        message:
          'Export the list as CSV from here, whenever you need it: the file holds every vehicle of the current filter, with its state of charge, odometer and last position. Open it in any spreadsheet, or hand it to your insurer, your accountant or the workshop that services the fleet every month.',
      },
    ],
  });
  await page.evaluate(() => (window as unknown as Win).Gleap.startProductTour('cob-2'));
  const toggle = surface(page).getByRole(...cobrowseSession.unmuteVoice);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true', { timeout: 10_000 });
  await expect(surface(page).getByRole(...cobrowseSession.endTheTour)).toHaveCount(0);
  await expect(bubble(page)).toContainText('Export the list as CSV', { timeout: 10_000 });
  expect((await tip(page)).cls).toBe('ptr l');
  const box = (await bubble(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(box.width).toBeLessThanOrEqual(350);
  await lookAt(page, { path: test.info().outputPath('cobrowse-muted-left.png') });
  await toggle.click();
  await expect(surface(page).getByRole(...cobrowseSession.muteVoice)).toHaveAttribute('aria-pressed', 'false');
});

test('a missing element ends the tour as not completed, after the 5 s wait; nothing is thrown into the page', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page, { tourType: 'cobrowse', steps: [{ selector: '#not-there', message: 'Never shown' }] });
  await page.evaluate(() => (window as unknown as Win).Gleap.startProductTour('cob-3'));
  await expect(surface(page)).toHaveCount(1, { timeout: 10_000 });
  await page.waitForTimeout(1500 + 4500);
  expect(await events(page)).toEqual([]);
  await expect.poll(() => events(page), { timeout: 8000 }).toEqual([['quit', 'cob-3']]);
  await expect(page.locator(cobrowseSession.voltlineTour)).toHaveCount(0, { timeout: 2000 });
  expect(errors).toEqual([]);
});

test('keyboard: the badge comes first in the tab order; End the tour quits once, Escape too', async ({ page }) => {
  await open(page, { ...TOUR, steps: [{ selector: '#title', message: 'A long explanation of the vehicle list.' }] });
  await page.evaluate(() => (window as unknown as Win).Gleap.startProductTour('cob-4'));
  await expect(surface(page)).toHaveCount(1, { timeout: 10_000 });
  await page.keyboard.press('Tab');
  await expect(surface(page).getByRole(...cobrowseSession.muteVoice)).toBeFocused();
  await page.keyboard.press('Tab');
  const end = surface(page).getByRole(...cobrowseSession.endTheTour);
  await expect(end).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => events(page)).toEqual([['quit', 'cob-4']]);
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  expect(await events(page)).toEqual([['quit', 'cob-4']]);
  await expect(page.locator(cobrowseSession.voltlineTour)).toHaveCount(0, { timeout: 2000 });

  await page.evaluate(() =>
    (window as unknown as Win).Gleap.startProductTourWithConfig('cob-5', {
      tourType: 'cobrowse',
      steps: [{ selector: '#title', message: 'Hi' }],
    }),
  );
  await expect(surface(page)).toHaveCount(1, { timeout: 10_000 });
  await page.keyboard.press('Escape');
  await expect
    .poll(() => events(page))
    .toEqual([
      ['quit', 'cob-4'],
      ['quit', 'cob-5'],
    ]);
});

test('an element under the fixed header is scrolled out from under it before the pointer tips at it', async ({
  page,
}) => {
  await open(page, {
    tourType: 'cobrowse',
    steps: [{ selector: '#title', message: 'All your vehicles are listed on this page, newest first.' }],
  });
  // the title sits under the 64 px header
  await page.evaluate(() => window.scrollTo(0, 60));
  expect((await rect(page, '#title')).top).toBeLessThan(64);
  await page.evaluate(() => (window as unknown as Win).Gleap.startProductTour('cob-6'));
  await expect(bubble(page)).toContainText('All your vehicles', { timeout: 10_000 });
  const title = await rect(page, '#title');
  expect(title.top).toBeGreaterThanOrEqual(64);
  const at = await tip(page);
  expect(Math.abs(at.y - (title.top + title.height / 2 + 10))).toBeLessThan(2);
});

test('the badge sits at the bottom centre, off the header user menu and the launcher; it moves up off an element below it', async ({
  page,
}) => {
  await open(page, {
    tourType: 'cobrowse',
    allowClose: true,
    kaiSlug: 'Kai joined to show you around',
    playVoice: false,
    steps: [
      { selector: '#user-menu', message: 'Your account is here.' },
      { selector: '#bottom-cta', message: 'Start your trial here.' },
    ],
  });
  // a call to action fixed at the bottom centre, where the badge sits
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.id = 'bottom-cta';
    b.textContent = 'Start a free trial';
    b.style.cssText = 'position:fixed;bottom:24px;left:50%;transform:translateX(-50%);padding:8px 16px';
    document.body.append(b);
  });
  await page.evaluate(() => (window as unknown as Win).Gleap.startProductTour('cob-7'));
  const badge = surface(page).getByRole(...cobrowseSession.coBrowseTourGroup);
  await expect(bubble(page)).toHaveText('Your account is here.', { timeout: 10_000 });
  const viewport = page.viewportSize()!;
  const menu = (await page.locator(cobrowseSession.userMenu).boundingBox())!;
  const launcher = (await page.getByRole(...cobrowseSession.open).boundingBox())!;
  const down = (await badge.boundingBox())!;
  const overlaps = (a: typeof menu, b: typeof menu) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  // the user menu is at the top right of the header; the badge covers neither it nor the launcher
  expect(menu.x + menu.width).toBeGreaterThan(viewport.width - 40);
  expect(overlaps(down, menu)).toBe(false);
  expect(overlaps(down, launcher)).toBe(false);
  expect(Math.abs(down.y + down.height - (viewport.height - 20))).toBeLessThanOrEqual(1);
  expect(Math.abs(down.x + down.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(1);
  await lookAt(page, { path: test.info().outputPath('cobrowse-badge-bottom.png') });

  // the pointer tips at the call to action under the badge's place: the badge goes to the top centre meanwhile
  await expect(bubble(page)).toHaveText('Start your trial here.', { timeout: 10_000 });
  await expect.poll(async () => Math.round((await badge.boundingBox())!.y)).toBe(20);
  const up = (await badge.boundingBox())!;
  expect(overlaps(up, (await page.locator(cobrowseSession.bottomCta).boundingBox())!)).toBe(false);
  expect(overlaps(up, menu)).toBe(false);
  await lookAt(page, { path: test.info().outputPath('cobrowse-badge-up.png') });
  await badge.getByRole(...cobrowseSession.endTheTour).click();
  await expect.poll(() => events(page)).toEqual([['quit', 'cob-7']]);
});
