import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { Gleap } from '../index';
import { getCustomEvents } from '../logs/custom-events';
import { failNext } from '../mock/widget-store';
import { API, FRAME, KEY, WS, createTestServer, resetWidget } from '../test/widget-harness';
import { NOT_LIVE, NO_PATH, NO_STEPS, TOUR_KEY, TOUR_START_KEY } from './constants';
import { findElement, waitForElement } from './element';
import { inputAccepted, isRunning, stop } from './tours';
import type { TourData } from './types';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

let outcomes: [string, unknown][] = [];
beforeEach(() => {
  resetWidget(mock);
  Gleap.setApiUrl(API);
  Gleap.setWSApiUrl(WS);
  Gleap.setFrameUrl(FRAME);
  history.replaceState(null, '', '/');
  // jsdom lays nothing out: every element counts as rendered unless it is `hidden`
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    return ((this as HTMLElement).hidden ? [] : [{}]) as unknown as DOMRectList;
  });
  document.body.innerHTML = `<h1 id="title">Vehicles</h1><input id="name"><button id="go"><span id="go-label">Go</span></button>
    <p id="later-slot"></p>`;
  outcomes = [];
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
  mock.store.tours.clear();
  resetWidget(mock);
});

async function boot() {
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await ready;
  Gleap.on('productTourCompleted', (d) => outcomes.push(['completed', d]));
  Gleap.on('productTourQuit', (d) => outcomes.push(['quit', d]));
}

const TOUR: TourData = {
  allowClose: true,
  backButton: true,
  sender: { firstName: 'Maya', profileImageUrl: 'javascript:alert(1)' },
  steps: [
    {
      selector: '#title',
      title: 'Welcome',
      message: '<b>Hello</b><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>',
    },
    { selector: '#name', mode: 'INPUT', message: 'Type a name' },
    { selector: '#go', mode: 'CLICK', message: 'Press Go' },
  ],
};

const root = () => document.querySelector('voltline-tour')?.shadowRoot ?? null;
const dialog = () => root()?.querySelector<HTMLElement>('[role=dialog]') ?? null;
const btn = (text: string) =>
  [...(root()?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find(
    (b) => b.textContent === text || b.getAttribute('aria-label') === text,
  );
const stored = () => JSON.parse(localStorage.getItem(TOUR_KEY) ?? 'null');
const outbound = () => mock.store.calls.filter((c) => c.path.startsWith('/outbound')).map((c) => [c.path, c.body]);

async function startLive(id = 't1', data: TourData = TOUR, booted = false) {
  mock.store.tours.set(id, { status: 'live', config: data as Record<string, unknown> });
  if (!booted) await boot();
  Gleap.startProductTour(id);
  await vi.waitFor(() => expect(dialog()).not.toBeNull());
}

test('a tour starts only after producttours and producttourvalidation, then shows its first step', async () => {
  await startLive();
  expect(outbound()).toEqual([
    ['/outbound/producttours', { outboundId: 't1' }],
    ['/outbound/producttourvalidation', { outboundId: 't1' }],
  ]);
  const d = dialog()!;
  expect(d.getAttribute('aria-modal')).toBe('true');
  // voltline-tour::part(popover) reaches it from the host page's stylesheet
  expect(d.getAttribute('part')).toBe('popover');
  expect(d.getAttribute('aria-labelledby')).toBe('vt-title');
  expect(d.querySelector('h2')!.textContent).toBe('Welcome');
  expect(d.querySelector('.prog')!.textContent).toBe('1 of 3');
  // sanitised: no script, no handler; an unsafe sender image is left out, the name stays
  expect(d.querySelector('#vt-desc')!.innerHTML).toBe('<b>Hello</b><img src="x" alt="">');
  expect(d.querySelector('.snd')!.textContent).toBe('Maya');
  expect(d.querySelector('.snd img')).toBeNull();
  expect(btn('Next')).toBeDefined();
  expect(btn('Close tour')).toBeDefined();
  // no Previous on the first step
  expect(btn('Previous')).toBeUndefined();
  expect(root()!.activeElement).toBe(d);
  expect(isRunning()).toBe(true);
});

test('a tour started by id takes its data from the config of the producttours answer, never the answer itself', async () => {
  await boot();
  // a server that answers the bare config (the shape of no spec) starts nothing: no validation, no tour
  server.use(http.post(`${API}/outbound/producttours`, () => HttpResponse.json(TOUR), { once: true }));
  mock.store.tours.set('t1', { status: 'live', config: TOUR as Record<string, unknown> });
  Gleap.startProductTour('t1');
  await new Promise((r) => setTimeout(r, 50));
  expect(outbound()).toEqual([]);
  expect(isRunning()).toBe(false);
  // the spec's `{ config }` (what the mock answers) starts it
  Gleap.startProductTour('t1');
  await vi.waitFor(() => expect(dialog()!.querySelector('h2')!.textContent).toBe('Welcome'));
});

test('button texts and visibility follow the tour options; one tour at a time', async () => {
  const data: TourData = {
    allowClose: false,
    backButton: true,
    nextText: 'Weiter',
    prevText: 'Zurück',
    doneText: 'Fertig',
    steps: [
      { selector: '#title', message: 'a' },
      { selector: '#title', message: '<i>b</i>' },
    ],
  };
  await startLive('t1', data);
  expect(btn('Close tour')).toBeUndefined();
  Gleap.startProductTourWithConfig('t2', TOUR);
  btn('Weiter')!.click();
  await vi.waitFor(() => expect(dialog()!.textContent).toContain('2 of 2'));
  expect(btn('Zurück')).toBeDefined();
  expect(btn('Fertig')).toBeDefined();
  btn('Zurück')!.click();
  await vi.waitFor(() => expect(dialog()!.textContent).toContain('1 of 2'));
  expect(outbound().filter(([, b]) => (b as { outboundId: string }).outboundId === 't2')).toEqual([]);
  // without backButton there is never a Previous
  stop();
  await startLive('t3', { steps: [{ selector: '#title' }, { selector: '#title' }] }, true);
  btn('Next')!.click();
  await vi.waitFor(() => expect(dialog()!.textContent).toContain('2 of 2'));
  expect(btn('Previous')).toBeUndefined();
  expect(btn('Done')).toBeDefined();
});

test('a tour that is not live is cleaned up as quit with the console message', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  mock.store.tours.set('t1', { status: 'draft', config: TOUR as Record<string, unknown> });
  await boot();
  localStorage.setItem(TOUR_KEY, '{"tourId":"x","tourData":{}}');
  Gleap.startProductTour('t1');
  await vi.waitFor(() => expect(outcomes).toEqual([['quit', { tourId: 't1' }]]));
  expect(log).toHaveBeenCalledWith(NOT_LIVE);
  expect(dialog()).toBeNull();
  expect(stored()).toBeNull();
  expect(getCustomEvents().map((e) => e.name)).toContain('tour-t1-quit');
});

test('a failing validation call counts as not live; a failing config call is swallowed', async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  await boot();
  // the tour is live: only the failing call makes it quit
  mock.store.tours.set('t9', { status: 'live', config: {} });
  failNext(mock.store, 'POST /outbound/producttourvalidation', 500);
  Gleap.startProductTourWithConfig('t9', TOUR);
  await vi.waitFor(() => expect(outcomes).toEqual([['quit', { tourId: 't9' }]]));
  mock.store.tours.set('t8', { status: 'live', config: TOUR as Record<string, unknown> });
  failNext(mock.store, 'POST /outbound/producttours', 500);
  expect(() => Gleap.startProductTour('t8')).not.toThrow();
  await vi.waitFor(() => expect(outbound().some(([p]) => p === '/outbound/producttours')).toBe(true));
  await new Promise((r) => setTimeout(r, 50));
  expect(outcomes).toHaveLength(1);
  expect(outbound().filter(([p]) => p === '/outbound/producttourvalidation')).toHaveLength(1);
  expect(dialog()).toBeNull();
});

test('before initialize the tour functions do nothing', async () => {
  Gleap.startProductTour('t1');
  Gleap.startProductTourWithConfig('t1', TOUR);
  await new Promise((r) => setTimeout(r, 50));
  expect(mock.store.calls).toEqual([]);
  expect(dialog()).toBeNull();
});

test('a tour without steps logs the message, quits once and never throws', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  mock.store.tours.set('t1', { status: 'live', config: {} });
  await boot();
  expect(() => Gleap.startProductTourWithConfig('t1', { steps: [] })).not.toThrow();
  await vi.waitFor(() => expect(outcomes).toEqual([['quit', { tourId: 't1' }]]));
  expect(error).toHaveBeenCalledWith(NO_STEPS);
  Gleap.startProductTourWithConfig('t1', 'not an object');
  await vi.waitFor(() => expect(outcomes).toHaveLength(2));
});

test('the unfinished tour is stored with the steps cut to the remaining ones, on each step and on unload', async () => {
  await startLive('t1', {
    steps: [
      { selector: '#title', message: '1' },
      { selector: '#title', message: '2' },
      { selector: '#title', message: '3' },
    ],
  });
  expect(stored()).toEqual({
    tourId: 't1',
    tourData: {
      steps: [
        { selector: '#title', message: '1' },
        { selector: '#title', message: '2' },
        { selector: '#title', message: '3' },
      ],
    },
  });
  btn('Next')!.click();
  await vi.waitFor(() =>
    expect(stored().tourData.steps.map((s: { message: string }) => s.message)).toEqual(['2', '3']),
  );
  localStorage.removeItem(TOUR_KEY);
  dispatchEvent(new Event('pagehide'));
  expect(stored().tourData.steps).toHaveLength(2);
  localStorage.removeItem(TOUR_KEY);
  dispatchEvent(new Event('beforeunload'));
  expect(stored().tourData.steps).toHaveLength(2);
  btn('Next')!.click();
  await vi.waitFor(() => expect(dialog()!.textContent).toContain('3 of 3'));
  btn('Done')!.click();
  expect(outcomes).toEqual([['completed', { tourId: 't1' }]]);
  expect(stored()).toBeNull();
  expect(getCustomEvents().map((e) => e.name)).toContain('tour-t1-completed');
  // after the end nothing is stored on unload
  dispatchEvent(new Event('pagehide'));
  expect(stored()).toBeNull();
});

test('a stored unfinished tour resumes on the next page load, validated again', async () => {
  localStorage.setItem(
    TOUR_KEY,
    JSON.stringify({ tourId: 't1', tourData: { steps: [{ selector: '#title', message: 'Resumed' }] } }),
  );
  mock.store.tours.set('t1', { status: 'live', config: TOUR as Record<string, unknown> });
  await boot();
  await vi.waitFor(() => expect(dialog()?.textContent).toContain('Resumed'));
  expect(outbound()).toEqual([['/outbound/producttourvalidation', { outboundId: 't1' }]]);
  expect(dialog()!.querySelector('.prog')).toBeNull();
});

test('a stored tour that is broken is dropped', async () => {
  localStorage.setItem(TOUR_KEY, JSON.stringify({ tourId: 5 }));
  await boot();
  await vi.waitFor(() => expect(stored()).toBeNull());
  expect(outbound()).toEqual([]);
});

test('INPUT steps: the default type needs non-empty typing; Enter continues then; other types match inputValue', async () => {
  expect(inputAccepted({}, '')).toBe(false);
  expect(inputAccepted({ inputType: 'default' }, '   ')).toBe(false);
  expect(inputAccepted({ inputType: 'default' }, ' a ')).toBe(true);
  expect(inputAccepted({ inputType: 'exact', inputValue: 'EV-1' }, 'EV-2')).toBe(false);
  expect(inputAccepted({ inputType: 'exact', inputValue: 'EV-1' }, ' EV-1')).toBe(true);
  expect(inputAccepted({ inputType: 'exact' }, '')).toBe(true);

  await startLive('t1', {
    steps: [
      { selector: '#name', mode: 'INPUT', message: 'Type' },
      { selector: '#title', message: 'Next one' },
    ],
  });
  const input = document.querySelector<HTMLInputElement>('#name')!;
  const next = btn('Next')!;
  expect(next.disabled).toBe(true);
  // the page's input takes the pointer (no blocker over the stage)
  expect(root()!.querySelector<HTMLElement>('.blk')!.style.display).toBe('none');
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
  input.value = '  ';
  input.dispatchEvent(new Event('input'));
  expect(btn('Next')!.disabled).toBe(true);
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
  expect(dialog()!.textContent).toContain('Type');
  input.value = 'Volt';
  input.dispatchEvent(new Event('input'));
  expect(btn('Next')!.disabled).toBe(false);
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
  await vi.waitFor(() => expect(dialog()!.textContent).toContain('Next one'));
  // a step that is neither CLICK nor INPUT blocks its element (drawn on the step's animation frames)
  await vi.waitFor(() => expect(root()!.querySelector<HTMLElement>('.blk')!.style.display).toBe(''));
});

test('CLICK steps: no Next; a click elsewhere does nothing; a click on the element or inside it advances', async () => {
  await startLive('t1', {
    steps: [
      { selector: '#go', mode: 'CLICK', message: 'Press Go' },
      { selector: '#go', mode: 'CLICK', message: 'Again' },
      { selector: '#title', message: 'End' },
    ],
  });
  expect(btn('Next')).toBeUndefined();
  document.querySelector<HTMLElement>('#title')!.click();
  expect(dialog()!.textContent).toContain('Press Go');
  // the page's own click handler sees the tour already moved on (a link that navigates away resumes at the next step)
  let seen: unknown;
  document.querySelector('#go')!.addEventListener('click', () => {
    seen ??= stored()?.tourData.steps[0].message;
  });
  document.querySelector<HTMLElement>('#go')!.click();
  expect(seen).toBe('Again');
  await vi.waitFor(() => expect(dialog()!.textContent).toContain('Again'));
  document.querySelector<HTMLElement>('#go-label')!.click();
  await vi.waitFor(() => expect(dialog()!.textContent).toContain('End'));
  // a CLICK as last step completes the tour
  stop();
  outcomes = [];
  await startLive('t2', { steps: [{ selector: '#go', mode: 'CLICK' }] }, true);
  document.querySelector<HTMLElement>('#go')!.click();
  expect(outcomes).toEqual([['completed', { tourId: 't2' }]]);
});

test('an element is waited for 5 s in steps of 100 ms; it may come late (SPA route change)', async () => {
  const looks = vi.spyOn(document, 'querySelector');
  vi.useFakeTimers();
  const found = waitForElement('#late', () => true);
  await vi.advanceTimersByTimeAsync(300);
  const slot = document.querySelector('#later-slot')!;
  slot.innerHTML = '<span id="late">late</span>';
  await vi.advanceTimersByTimeAsync(100);
  expect((await found)?.id).toBe('late');
  looks.mockClear();
  const never = waitForElement('#never', () => true);
  let result: Element | null | undefined;
  void never.then((r) => {
    result = r;
  });
  await vi.advanceTimersByTimeAsync(4900);
  expect(result).toBeUndefined();
  await vi.advanceTimersByTimeAsync(100);
  expect(result).toBeNull();
  // one look now and one every 100 ms for 5 s
  expect(looks.mock.calls.filter(([s]) => s === '#never')).toHaveLength(51);
  // a hidden element is not there yet; a step without selector does not wait
  document.querySelector<HTMLElement>('#late')!.hidden = true;
  expect(findElement('#late')).toBeNull();
  await expect(waitForElement('', () => true)).resolves.toBeNull();
});

test('a missing element ends INPUT and CLICK tours; other modes show the centred dummy', async () => {
  await boot();
  mock.store.tours.set('t1', { status: 'live', config: {} });
  mock.store.tours.set('t2', { status: 'live', config: {} });
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
  Gleap.startProductTourWithConfig('t1', { steps: [{ selector: '#nope', mode: 'CLICK' }] });
  await vi.advanceTimersByTimeAsync(4900);
  expect(outcomes).toEqual([]);
  await vi.advanceTimersByTimeAsync(200);
  expect(outcomes).toEqual([['quit', { tourId: 't1' }]]);
  Gleap.startProductTourWithConfig('t2', { steps: [{ selector: '#nope', message: 'Centred' }] });
  await vi.advanceTimersByTimeAsync(5200);
  expect(dialog()!.textContent).toContain('Centred');
  expect(dialog()!.className).toContain('center');
  // the whole page is dimmed: no cut-out
  expect(root()!.querySelector('path')!.getAttribute('d')).toMatch(/^M0 0H\d+V\d+H0Z$/);
});

test('a selector that throws is logged and counts as missing', async () => {
  await boot();
  expect(findElement('#[broken')).toBeNull();
  const { getConsoleLogs } = await import('../logs/console-logger');
  expect(getConsoleLogs().some((l) => String(l.log).includes('#[broken'))).toBe(true);
});

test('the overlay: stage 10 px around the element with radius 5, opacity 0.7; it follows scroll', async () => {
  const title = document.querySelector('#title')!;
  const rect = { left: 100, top: 200, width: 80, height: 20, right: 180, bottom: 220, x: 100, y: 200, toJSON() {} };
  const spy = vi.spyOn(title, 'getBoundingClientRect').mockReturnValue(rect as DOMRect);
  await startLive('t1', { steps: [{ selector: '#title', message: 'a' }] });
  const path = root()!.querySelector('path')!;
  expect(path.getAttribute('opacity')).toBe('0.7');
  expect(path.getAttribute('d')).toContain('M95 190h90a5 5 0 0 1 5 5v30');
  expect(root()!.querySelector<HTMLElement>('.blk')!.style.cssText).toContain(
    'left: 90px; top: 190px; width: 100px; height: 40px',
  );
  spy.mockReturnValue({ ...rect, top: 100, y: 100, bottom: 120 } as DOMRect);
  dispatchEvent(new Event('scroll'));
  await vi.waitFor(() => expect(path.getAttribute('d')).toContain('M95 90h90'));
});

test('a highlighted element that leaves the page (route change) is looked for again', async () => {
  await startLive('t1', { steps: [{ selector: '#title', message: 'Title step' }] });
  const title = document.querySelector('#title')!;
  title.remove();
  await vi.waitFor(() => expect(dialog()).toBeNull(), { timeout: 1000 });
  document.body.prepend(title);
  await vi.waitFor(() => expect(dialog()?.textContent).toContain('Title step'), { timeout: 1000 });
  expect(outcomes).toEqual([]);
});

test('video-pointer steps play muted with an unmute toggle; an unsafe video URL is not used', async () => {
  await startLive('t1', {
    steps: [
      { selector: '#title', type: 'video-pointer', videoUrl: 'https://cdn.test/v.mp4' },
      { selector: '#title', type: 'video-pointer', videoUrl: 'javascript:alert(1)' },
    ],
  });
  const video = dialog()!.querySelector('video')!;
  expect(video.getAttribute('src')).toBe('https://cdn.test/v.mp4');
  expect(video.muted).toBe(true);
  expect(video.hasAttribute('autoplay')).toBe(true);
  const toggle = btn('Unmute video')!;
  toggle.click();
  expect(video.muted).toBe(false);
  expect(toggle.getAttribute('aria-label')).toBe('Mute video');
  btn('Next')!.click();
  await vi.waitFor(() => expect(dialog()!.textContent).toContain('2 of 2'));
  expect(dialog()!.querySelector('video')).toBeNull();
});

test('keyboard: Tab stays in the popover, Escape quits once, focus returns', async () => {
  const name = document.querySelector<HTMLInputElement>('#name')!;
  name.focus();
  await startLive('t1', { allowClose: true, steps: [{ selector: '#title' }, { selector: '#title' }] });
  const tab = (shiftKey = false) =>
    dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey, cancelable: true }));
  tab();
  expect(root()!.activeElement).toBe(btn('Close tour'));
  tab();
  expect(root()!.activeElement).toBe(btn('Next'));
  tab();
  expect(root()!.activeElement).toBe(btn('Close tour'));
  tab(true);
  expect(root()!.activeElement).toBe(btn('Next'));
  // focus that reaches the page behind is pulled back
  document.querySelector<HTMLElement>('#go')!.focus();
  expect(root()!.activeElement).toBe(dialog());
  dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  expect(outcomes).toEqual([['quit', { tourId: 't1' }]]);
  expect(document.querySelector('voltline-tour')).toBeNull();
  expect(document.activeElement).toBe(name);
  expect(isRunning()).toBe(false);
});

test('a tour action of the server starts the tour with its data (validation only)', async () => {
  mock.store.tours.set('t1', { status: 'live', config: {} });
  await boot();
  Gleap.performActions([
    { actionType: 'tour', outbound: 't1', data: { steps: [{ selector: '#title', message: 'From action' }] } },
  ]);
  await vi.waitFor(() => expect(dialog()?.textContent).toContain('From action'));
  expect(outbound()).toEqual([['/outbound/producttourvalidation', { outboundId: 't1' }]]);
});

test('gleap_tour starts the tour after gleap_tour_delay seconds', async () => {
  mock.store.tours.set('t1', { status: 'live', config: TOUR as Record<string, unknown> });
  history.replaceState(null, '', '/?gleap_tour=t1&gleap_tour_delay=0.3');
  await boot();
  await new Promise((r) => setTimeout(r, 100));
  expect(outbound()).toEqual([]);
  await vi.waitFor(() => expect(dialog()).not.toBeNull(), { timeout: 2000 });
});

test('gleap_tour stores the tour id and delay; a reload before the delay is over starts the tour when it was due', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  mock.store.tours.set('t1', { status: 'live', config: TOUR as Record<string, unknown> });
  history.replaceState(null, '', '/?gleap_tour=t1&gleap_tour_delay=5');
  await boot();
  await vi.waitFor(() => expect(localStorage.getItem(TOUR_START_KEY)).not.toBeNull());
  const stored = JSON.parse(localStorage.getItem(TOUR_START_KEY)!);
  expect(stored).toEqual({ tourId: 't1', tourDelay: 5, storedAt: expect.any(Number) });
  await vi.advanceTimersByTimeAsync(3_000);
  // the page reloads 3 s in, with the query still in its URL: the tour starts 2 s later, not 5
  resetWidget(mock);
  localStorage.setItem(TOUR_START_KEY, JSON.stringify(stored));
  await boot();
  await vi.advanceTimersByTimeAsync(1_500);
  expect(outbound()).toEqual([]);
  await vi.advanceTimersByTimeAsync(600);
  await vi.waitFor(() => expect(outbound()[0]).toEqual(['/outbound/producttours', { outboundId: 't1' }]));
  // once, though the first page's timer and the second page's timer were both waiting
  await vi.advanceTimersByTimeAsync(5_000);
  expect(outbound().filter(([p]) => p === '/outbound/producttours')).toHaveLength(1);
  expect(localStorage.getItem(TOUR_START_KEY)).toBeNull();
});

test('a reload without the query still starts a stored tour; a stale or broken stored start is dropped', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  mock.store.tours.set('t1', { status: 'live', config: TOUR as Record<string, unknown> });
  localStorage.setItem(TOUR_START_KEY, JSON.stringify({ tourId: 't1', tourDelay: 2, storedAt: Date.now() - 1_000 }));
  await boot();
  await vi.advanceTimersByTimeAsync(1_100);
  await vi.waitFor(() => expect(outbound()[0]).toEqual(['/outbound/producttours', { outboundId: 't1' }]));
  stop();
  resetWidget(mock);
  localStorage.setItem(
    TOUR_START_KEY,
    JSON.stringify({ tourId: 't1', tourDelay: 2, storedAt: Date.now() - 7_300_000 }),
  );
  await boot();
  await vi.waitFor(() => expect(localStorage.getItem(TOUR_START_KEY)).toBeNull());
  resetWidget(mock);
  localStorage.setItem(TOUR_START_KEY, '{"tourId":7}');
  await boot();
  await vi.waitFor(() => expect(localStorage.getItem(TOUR_START_KEY)).toBeNull());
  await vi.advanceTimersByTimeAsync(10_000);
  expect(outbound()).toEqual([]);
});

test('destroy ends a running tour as quit and removes it', async () => {
  await startLive('t1', { steps: [{ selector: '#title', message: 'a' }] });
  Gleap.destroy();
  await vi.waitFor(() => expect(document.querySelector('voltline-tour')).toBeNull());
  expect(outcomes).toEqual([['quit', { tourId: 't1' }]]);
  expect(isRunning()).toBe(false);
});

test('a stage svg without its path logs the message of §8 and keeps running', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  await startLive('t1', { steps: [{ selector: '#title', message: 'a' }] });
  root()!.querySelector('path')!.remove();
  dispatchEvent(new Event('resize'));
  await vi.waitFor(() => expect(error).toHaveBeenCalledWith(NO_PATH));
  expect(dialog()).not.toBeNull();
});
