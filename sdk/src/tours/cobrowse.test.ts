import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { Gleap } from '../index';
import { getConsoleLogs } from '../logs/console-logger';
import { getCustomEvents } from '../logs/custom-events';
import { DEMO_ENGAGEMENT } from '../mock/engagement-demo';
import { API, FRAME, KEY, WS, createTestServer, resetWidget } from '../test/widget-harness';
// loaded up front, so that the tours chunk's import() of it does not wait on the test runner's transform
import { readingMs } from './cobrowse';
import { badgeMovesUp } from './cobrowse-view';
import { NOT_LIVE, NO_STEPS, TOUR_KEY } from './constants';
import { isRunning, stop } from './tours';
import type { TourData } from './types';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

let outcomes: [string, unknown][] = [];
/** Whether the browser lets audio play; `play` of jsdom does nothing, so each test says. */
let autoplay = true;
let played: HTMLMediaElement[] = [];
beforeEach(() => {
  resetWidget(mock);
  Gleap.setApiUrl(API);
  Gleap.setWSApiUrl(WS);
  Gleap.setFrameUrl(FRAME);
  history.replaceState(null, '', '/');
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    return ((this as HTMLElement).hidden ? [] : [{}]) as unknown as DOMRectList;
  });
  autoplay = true;
  played = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this);
    // as browsers do: blocked autoplay still lets muted media play; a file that is not there never plays
    if (this.src.includes('missing')) return Promise.reject(new DOMException('no source', 'NotSupportedError'));
    return autoplay || this.muted ? Promise.resolve() : Promise.reject(new DOMException('blocked', 'NotAllowedError'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  document.body.innerHTML = `<h1 id="title">Vehicles</h1><input id="name"><button id="go">Go</button>
    <p id="slot"></p>`;
  outcomes = [];
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
  mock.store.tours.clear();
  resetWidget(mock);
  for (const h of document.querySelectorAll('voltline-tour')) h.remove();
});

async function boot() {
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await ready;
  Gleap.on('productTourCompleted', (d) => outcomes.push(['completed', d]));
  Gleap.on('productTourQuit', (d) => outcomes.push(['quit', d]));
}

const host = () => document.querySelector<HTMLElement>('voltline-tour[data-mode="cobrowse"]');
const root = () => host()?.shadowRoot ?? null;
const bubble = () => root()?.querySelector<HTMLElement>('[role=status]') ?? null;
const said = () => bubble()?.firstChild?.textContent ?? '';
const button = (name: string) =>
  [...(root()?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find((b) => b.getAttribute('aria-label') === name);
const stored = () => JSON.parse(localStorage.getItem(TOUR_KEY) ?? 'null');

const TOUR: TourData = {
  tourType: 'cobrowse',
  allowClose: true,
  kaiSlug: 'Kai joined to show you around',
  kaiAvatar: 'https://cdn.voltline.test/kai.png',
  steps: [
    // 8 words: ceil(8 / 3.6) + 1 = 4 s
    { selector: '#title', message: '<b>This</b> is the list of all your vehicles<img src=x onerror="window.__xss=1">' },
    { selector: '', message: 'Next one' },
  ],
};

const realSetTimeout = globalThis.setTimeout;

/** Wait in real time (`vi.waitFor` would move the fake clock on) until the co-browse surface is on the page. */
async function untilShown() {
  for (let i = 0; i < 300 && !host(); i += 1) await new Promise((r) => realSetTimeout(r, 10));
  expect(host()).not.toBeNull();
  // autoplay detection settles; no fake time has passed yet
  await vi.advanceTimersByTimeAsync(0);
}

/** A live co-browse tour started with its config, on fake timers; resolves once its surface is on the page. */
async function start(data: TourData = TOUR, id = 'cb1') {
  await boot();
  mock.store.tours.set(id, { status: 'live', config: data as Record<string, unknown> });
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
  Gleap.startProductTourWithConfig(id, data);
  await untilShown();
}

test('reading time is words / 3.6 s rounded up, plus 1 s', () => {
  expect(readingMs('')).toBe(1000);
  expect(readingMs('one')).toBe(2000);
  expect(readingMs('one two three')).toBe(2000);
  expect(readingMs('one two three four')).toBe(3000);
  expect(readingMs('  a  b\n c d e f g  ')).toBe(3000);
  expect(readingMs('a b c d e f g h')).toBe(4000);
});

test('a co-browse tour is validated, then shows the badge and, 1.5 s later, points at its first step', async () => {
  await start();
  expect(mock.store.calls.filter((c) => c.path.startsWith('/outbound')).map((c) => c.path)).toEqual([
    '/outbound/producttourvalidation',
  ]);
  const badge = root()!.querySelector('[role=group]')!;
  expect(badge.getAttribute('aria-label')).toBe('Co-browse tour');
  expect(badge.textContent).toContain('Kai joined to show you around');
  expect(badge.querySelector('img')!.getAttribute('src')).toBe('https://cdn.voltline.test/kai.png');
  expect(button('Mute voice')!.getAttribute('aria-pressed')).toBe('false');
  expect(button('End the tour')).toBeDefined();
  // the silent sound of the autoplay check was tried
  expect(played[0]!.src).toMatch(/^data:audio\/wav/);
  await vi.advanceTimersByTimeAsync(1499);
  expect(said()).toBe('');
  await vi.advanceTimersByTimeAsync(1);
  // server HTML reaches the bubble as text only
  expect(said()).toBe('This is the list of all your vehicles');
  expect(bubble()!.querySelector('img, b')).toBeNull();
  expect((window as { __xss?: number }).__xss).toBeUndefined();
  expect(bubble()!.getAttribute('aria-live')).toBe('polite');
  expect(isRunning()).toBe(true);
});

test('an autoplay check that never settles counts as blocked after 5 s; the tour then starts muted', async () => {
  vi.mocked(HTMLMediaElement.prototype.play).mockImplementation(() => new Promise(() => {}));
  await start();
  expect(button('Mute voice')).toBeDefined();
  await vi.advanceTimersByTimeAsync(4999);
  expect(button('Mute voice')).toBeDefined();
  await vi.advanceTimersByTimeAsync(1);
  expect(button('Unmute voice')).toBeDefined();
  await vi.advanceTimersByTimeAsync(1500);
  expect(said()).toBe('This is the list of all your vehicles');
});

test('audio that may not autoplay starts the tour muted; the toggle unmutes', async () => {
  autoplay = false;
  await start();
  const toggle = button('Unmute voice')!;
  expect(toggle.getAttribute('aria-pressed')).toBe('true');
  toggle.click();
  expect(button('Mute voice')!.getAttribute('aria-pressed')).toBe('false');
});

test('without voice a step stays for its reading time; the tour completes 0.5 s after the last step, once', async () => {
  await start();
  await vi.advanceTimersByTimeAsync(1500 + 3999);
  expect(said()).toBe('This is the list of all your vehicles');
  await vi.advanceTimersByTimeAsync(1);
  expect(said()).toBe('Next one');
  // the pointer of a step without element is centred
  expect(root()!.querySelector('.ptr')!.className).toBe('ptr c');
  // "Next one": 2 words, 2 s
  await vi.advanceTimersByTimeAsync(1999);
  expect(outcomes).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  await vi.advanceTimersByTimeAsync(499);
  expect(outcomes).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(outcomes).toEqual([['completed', { tourId: 'cb1' }]]);
  expect(getCustomEvents().filter((e) => e.name.startsWith('tour-'))).toEqual([
    expect.objectContaining({ name: 'tour-cb1-completed', data: { tourId: 'cb1' } }),
  ]);
  expect(stored()).toBeNull();
  expect(isRunning()).toBe(false);
  // the surface fades out for 0.8 s, then leaves the page
  expect(document.querySelector('voltline-tour')!.classList.contains('out')).toBe(true);
  await vi.advanceTimersByTimeAsync(800);
  expect(document.querySelector('voltline-tour')).toBeNull();
  await vi.advanceTimersByTimeAsync(10_000);
  expect(outcomes).toHaveLength(1);
});

test('with voice a step moves on 1 s after the voice ended; a muted tour plays it muted', async () => {
  autoplay = false;
  const data: TourData = {
    ...TOUR,
    steps: [
      { selector: '#title', message: 'Hello', voice: 'https://cdn.voltline.test/step-1.mp3' },
      { message: 'Two' },
    ],
  };
  await start(data);
  await vi.advanceTimersByTimeAsync(1500);
  const voice = played.find((a) => a.src.endsWith('step-1.mp3'))!;
  expect(voice).toBeDefined();
  expect(voice.muted).toBe(true);
  // the voice is long: the reading time does not apply
  await vi.advanceTimersByTimeAsync(10_000);
  expect(said()).toBe('Hello');
  button('Unmute voice')!.click();
  expect(voice.muted).toBe(false);
  voice.dispatchEvent(new Event('ended'));
  await vi.advanceTimersByTimeAsync(999);
  expect(said()).toBe('Hello');
  await vi.advanceTimersByTimeAsync(1);
  expect(said()).toBe('Two');
});

test('a voice that cannot play, or has an unsafe URL, falls back to the reading time', async () => {
  const data: TourData = {
    ...TOUR,
    steps: [
      { selector: '#title', message: 'Hello', voice: 'https://cdn.voltline.test/missing.mp3' },
      { message: 'Two', voice: 'javascript:alert(1)' },
      { message: 'Three' },
    ],
  };
  await start(data);
  await vi.advanceTimersByTimeAsync(1500 + 2000);
  expect(said()).toBe('Two');
  expect(played.some((a) => a.src.startsWith('javascript'))).toBe(false);
  await vi.advanceTimersByTimeAsync(2000);
  expect(said()).toBe('Three');
});

test('an INPUT step of another input type types its value, 100 ms a character, and moves on 1.2 s later', async () => {
  const typed: string[] = [];
  document.querySelector('#name')!.addEventListener('input', (e) => typed.push((e.target as HTMLInputElement).value));
  const data: TourData = {
    ...TOUR,
    steps: [
      { selector: '#name', mode: 'INPUT', inputType: 'auto', inputValue: 'EV-7', message: 'Watch' },
      { message: 'Done' },
    ],
  };
  await start(data);
  // "Watch": 2 s of reading, then typing
  await vi.advanceTimersByTimeAsync(1500 + 2000);
  expect(typed).toEqual(['E']);
  expect(document.activeElement).toBe(document.querySelector('#name'));
  await vi.advanceTimersByTimeAsync(300);
  expect(typed).toEqual(['E', 'EV', 'EV-', 'EV-7']);
  await vi.advanceTimersByTimeAsync(100 + 1199);
  expect(said()).toBe('Watch');
  await vi.advanceTimersByTimeAsync(1);
  expect(said()).toBe('Done');
});

test('an INPUT step in the default mode waits for the visitor to type something, then offers Next', async () => {
  const data: TourData = {
    ...TOUR,
    nextText: 'Weiter',
    steps: [{ selector: '#name', mode: 'INPUT', message: 'Name it' }, { message: 'Thanks' }],
  };
  await start(data);
  await vi.advanceTimersByTimeAsync(1500 + 2000 + 60_000);
  expect(said()).toBe('Name it');
  expect(button('Weiter')).toBeUndefined();
  // the page takes the pointer while the visitor types
  expect(root()!.querySelector('.blk')!.classList.contains('off')).toBe(true);
  const input = document.querySelector<HTMLInputElement>('#name')!;
  input.value = '   ';
  input.dispatchEvent(new Event('input'));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
  expect(button('Weiter')).toBeUndefined();
  input.value = 'Fleet A';
  input.dispatchEvent(new Event('input'));
  button('Weiter')!.click();
  await vi.advanceTimersByTimeAsync(0);
  expect(said()).toBe('Thanks');
  expect(root()!.querySelector('.blk')!.classList.contains('off')).toBe(false);
});

test('a CLICK step shows a 0.8 s ripple and clicks the element; the remaining steps are stored first', async () => {
  const clicks: unknown[] = [];
  document.querySelector('#go')!.addEventListener('click', () => clicks.push(stored()?.tourData.steps.length));
  const data: TourData = {
    ...TOUR,
    steps: [{ selector: '#go', mode: 'CLICK', message: 'Go' }, { message: 'After' }, { message: 'End' }],
  };
  await start(data);
  expect(stored()).toBeNull();
  await vi.advanceTimersByTimeAsync(1500 + 1999);
  expect(clicks).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(clicks).toEqual([2]);
  expect(stored()).toEqual({ tourId: 'cb1', tourData: { ...data, steps: data.steps!.slice(1) } });
  expect(root()!.querySelector('.rip')).not.toBeNull();
  expect(said()).toBe('After');
  await vi.advanceTimersByTimeAsync(799);
  expect(root()!.querySelector('.rip')).not.toBeNull();
  await vi.advanceTimersByTimeAsync(1);
  expect(root()!.querySelector('.rip')).toBeNull();
});

test('a co-browse tour is not stored on unload', async () => {
  await start();
  await vi.advanceTimersByTimeAsync(1500);
  dispatchEvent(new Event('pagehide'));
  dispatchEvent(new Event('beforeunload'));
  expect(stored()).toBeNull();
});

test('a missing element ends the tour as not completed after the 5 s wait, and is logged', async () => {
  const data: TourData = { ...TOUR, steps: [{ selector: '#nope', message: 'Where?' }, { message: 'Never' }] };
  await start(data);
  await vi.advanceTimersByTimeAsync(1500 + 4900);
  expect(outcomes).toEqual([]);
  await vi.advanceTimersByTimeAsync(200);
  expect(outcomes).toEqual([['quit', { tourId: 'cb1' }]]);
  expect(getConsoleLogs().map((l) => l.log)).toContain(
    'Voltline widget: co-browse tour cb1 ended, element #nope not found',
  );
  expect(said()).toBe('');
});

test('a selector that throws counts as missing: logged, never thrown into the page', async () => {
  const data: TourData = { ...TOUR, steps: [{ selector: 'div[', message: 'Bad' }] };
  await start(data);
  await vi.advanceTimersByTimeAsync(1500 + 5100);
  expect(outcomes).toEqual([['quit', { tourId: 'cb1' }]]);
  expect(getConsoleLogs().map((l) => l.log)).toContain('Voltline widget: tour step selector div[ is not valid');
});

test('dismiss and Escape end the tour as quit, once', async () => {
  await start();
  await vi.advanceTimersByTimeAsync(1500);
  button('End the tour')!.click();
  dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  await vi.advanceTimersByTimeAsync(10_000);
  expect(outcomes).toEqual([['quit', { tourId: 'cb1' }]]);
  expect(getCustomEvents().filter((e) => e.name.startsWith('tour-'))).toEqual([
    expect.objectContaining({ name: 'tour-cb1-quit', data: { tourId: 'cb1' } }),
  ]);

  outcomes = [];
  mock.store.tours.set('cb2', { status: 'live', config: {} });
  Gleap.startProductTourWithConfig('cb2', { ...TOUR, allowClose: false });
  await untilShown();
  // no dismiss without allowClose; Escape still ends it
  expect(button('End the tour')).toBeUndefined();
  dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  expect(outcomes).toEqual([['quit', { tourId: 'cb2' }]]);
});

test('the badge: a missing or unsafe avatar becomes an initial; playVoice false hides the mute toggle', async () => {
  await start({ ...TOUR, kaiAvatar: 'javascript:alert(1)', kaiSlug: 'maya is here', playVoice: false });
  const badge = root()!.querySelector('[role=group]')!;
  expect(badge.querySelector('img')).toBeNull();
  expect(badge.querySelector('.av')!.textContent).toBe('M');
  expect(button('Mute voice') ?? button('Unmute voice')).toBeUndefined();
  // the badge is first in the tab order
  expect(document.body.firstElementChild).toBe(host());
});

test('a co-browse tour without steps is logged and quit; one that is not live is cleaned up', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  await boot();
  mock.store.tours.set('cb1', { status: 'live', config: {} });
  Gleap.startProductTourWithConfig('cb1', { tourType: 'cobrowse', steps: [] });
  await vi.waitFor(() => expect(outcomes).toEqual([['quit', { tourId: 'cb1' }]]));
  expect(error).toHaveBeenCalledWith(NO_STEPS);
  mock.store.tours.set('cb2', { status: 'draft', config: {} });
  Gleap.startProductTourWithConfig('cb2', TOUR);
  await vi.waitFor(() => expect(outcomes).toHaveLength(2));
  expect(outcomes[1]).toEqual(['quit', { tourId: 'cb2' }]);
  expect(log).toHaveBeenCalledWith(NOT_LIVE);
  expect(host()).toBeNull();
});

test('destroy ends a running co-browse tour as quit', async () => {
  await start();
  Gleap.destroy();
  await vi.waitFor(() => expect(outcomes).toEqual([['quit', { tourId: 'cb1' }]]));
  expect(isRunning()).toBe(false);
});

test('the mock serves a live co-browse demo tour that runs', async () => {
  const demo = DEMO_ENGAGEMENT.tours['demo-cobrowse']!;
  expect(demo.status).toBe('live');
  expect(demo.config.tourType).toBe('cobrowse');
  document.body.insertAdjacentHTML('beforeend', '<input data-demo-tour="search"><a data-demo-tour="export">CSV</a>');
  await boot();
  mock.store.tours.set('demo-cobrowse', demo);
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
  Gleap.startProductTour('demo-cobrowse');
  await untilShown();
  await vi.advanceTimersByTimeAsync(60_000);
  expect(outcomes).toEqual([['completed', { tourId: 'demo-cobrowse' }]]);
  expect(document.querySelector<HTMLInputElement>('[data-demo-tour="search"]')!.value).not.toBe('');
});

test('the badge sits at the bottom centre, and moves to the top only while the element it would cover is under it', () => {
  const badge = { w: 240, h: 40 };
  // the top-right user menu of a header, and a bottom corner (the launcher's): the badge stays down
  expect(badgeMovesUp({ left: 1160, right: 1260, bottom: 56 }, badge, 1280, 720)).toBe(false);
  expect(badgeMovesUp({ left: 1200, right: 1260, bottom: 700 }, badge, 1280, 720)).toBe(false);
  // an element at the bottom centre, under the badge's place: it goes up
  expect(badgeMovesUp({ left: 600, right: 700, bottom: 690 }, badge, 1280, 720)).toBe(true);
  // just above the badge and its margin, or beside it: down
  expect(badgeMovesUp({ left: 600, right: 700, bottom: 620 }, badge, 1280, 720)).toBe(false);
  expect(badgeMovesUp({ left: 100, right: 380, bottom: 700 }, badge, 1280, 720)).toBe(false);
  // no element (the pointer is in the centre): down
  expect(badgeMovesUp(null, badge, 1280, 720)).toBe(false);
});
