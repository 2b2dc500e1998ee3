import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type { TooltipDefinition } from '../core/config';
import { Gleap } from '../index';
import { getConsoleLogs } from '../logs/console-logger';
import { API, FRAME, KEY, WS, createTestServer, resetWidget } from '../test/widget-harness';
import { hotspotPosition, matchesPage, reposition, scan, startTooltips, stopTooltips } from './tooltips';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(() => {
  resetWidget(mock);
  Gleap.setApiUrl(API);
  Gleap.setWSApiUrl(WS);
  Gleap.setFrameUrl(FRAME);
  history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.useRealTimers();
  stopTooltips();
  mock.store.tooltips = [];
  resetWidget(mock);
});

async function boot() {
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await ready;
}

const tipRoot = () => document.querySelector('voltline-tooltips')?.shadowRoot ?? null;
const hotspots = () => [...(tipRoot()?.querySelectorAll<HTMLButtonElement>('button.hs') ?? [])];
const bubble = () => tipRoot()?.querySelector<HTMLElement>('[role=tooltip]') ?? null;

/** jsdom lays nothing out: give an element a box. */
function box(el: Element, r = { left: 100, top: 200, width: 80, height: 20 }) {
  const rect = { ...r, right: r.left + r.width, bottom: r.top + r.height, x: r.left, y: r.top, toJSON() {} };
  return vi.spyOn(el, 'getBoundingClientRect').mockReturnValue(rect as DOMRect);
}

const hotspot = (extra: Partial<TooltipDefinition> = {}): TooltipDefinition => ({
  selector: '#save',
  html: '<b>Save</b> your work',
  mode: 'hotspot',
  color: '#ff0000',
  icon: 'question',
  ...extra,
});

test('page filters: is, isnot, contains, notcontains, startswith, endswith; an empty filter matches all', () => {
  const url = 'https://app.test/settings/billing?tab=2';
  expect(matchesPage({ page: '', pageType: 'is' }, url)).toBe(true);
  expect(matchesPage({}, url)).toBe(true);
  expect(matchesPage({ page: url, pageType: 'is' }, url)).toBe(true);
  expect(matchesPage({ page: 'https://app.test/', pageType: 'is' }, url)).toBe(false);
  expect(matchesPage({ page: 'https://app.test/', pageType: 'isnot' }, url)).toBe(true);
  expect(matchesPage({ page: url, pageType: 'isnot' }, url)).toBe(false);
  expect(matchesPage({ page: '/billing', pageType: 'contains' }, url)).toBe(true);
  expect(matchesPage({ page: '/users', pageType: 'contains' }, url)).toBe(false);
  expect(matchesPage({ page: '/users', pageType: 'notcontains' }, url)).toBe(true);
  expect(matchesPage({ page: '/billing', pageType: 'notcontains' }, url)).toBe(false);
  expect(matchesPage({ page: 'https://app.test/settings', pageType: 'startswith' }, url)).toBe(true);
  expect(matchesPage({ page: '/settings', pageType: 'startswith' }, url)).toBe(false);
  expect(matchesPage({ page: 'tab=2', pageType: 'endswith' }, url)).toBe(true);
  expect(matchesPage({ page: 'billing', pageType: 'endswith' }, url)).toBe(false);
  // an unknown comparison matches nothing (as the anchor)
  expect(matchesPage({ page: 'x', pageType: 'regex' }, url)).toBe(false);
  expect(matchesPage({ page: 'x', pageType: 'constructor' }, url)).toBe(false);
});

test('hotspot position: defaults right, center, 4, 0; left, top, bottom and offsets', () => {
  const rect = { left: 100, right: 180, top: 200, bottom: 220, height: 20 };
  // right of the element by 4, vertically centred (17 px icon)
  expect(hotspotPosition(rect, {})).toEqual({ x: 184, y: 201.5 });
  expect(hotspotPosition(rect, { posX: 'left', posY: 'top', offsetX: 2, offsetY: 3 })).toEqual({ x: 81, y: 203 });
  expect(hotspotPosition(rect, { posY: 'bottom', offsetX: 0, offsetY: -1 })).toEqual({ x: 180, y: 202 });
});

test('tooltips from GET /config/{key}/tooltips become a hotspot button with the icon, colour and an accessible name', async () => {
  document.body.innerHTML = '<button id="save">Save</button>';
  box(document.getElementById('save')!);
  mock.store.tooltips = [hotspot({ animated: true })];
  await boot();
  await vi.waitFor(() => expect(hotspots()).toHaveLength(1));
  const [b] = hotspots();
  expect(b!.getAttribute('aria-label')).toBe('Save your work');
  expect(b!.getAttribute('aria-describedby')).toBe('vl-tip');
  expect(b!.textContent).toBe('?');
  expect(b!.style.background).toMatch(/rgb\(255, 0, 0\)|#ff0000/);
  expect(b!.classList.contains('anim')).toBe(true);
  expect(b!.style.left).toBe('184px');
  expect(b!.style.top).toBe('202px');
  expect(mock.store.calls.some((c) => c.path === `/config/${KEY}/tooltips`)).toBe(true);
});

test('the tooltips chunk is not loaded when the server has no tooltips', async () => {
  document.body.innerHTML = '<button id="save">Save</button>';
  await boot();
  await new Promise((r) => setTimeout(r, 50));
  expect(document.querySelector('voltline-tooltips')).toBeNull();
});

test('a hotspot shows its sanitised tooltip on focus and on click, and hides on Escape', async () => {
  document.body.innerHTML = '<button id="save">Save</button>';
  box(document.getElementById('save')!);
  startTooltips([
    hotspot({ html: 'Hi <img src="https://x.test/a.png" onerror="window.__t=1"><script>window.__t=2</script>' }),
  ]);
  const [b] = hotspots();
  b!.focus();
  b!.dispatchEvent(new FocusEvent('focus'));
  expect(bubble()!.classList.contains('on')).toBe(true);
  expect(bubble()!.innerHTML).toBe('Hi <img src="https://x.test/a.png">');
  expect(b!.getAttribute('aria-expanded')).toBe('true');
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  expect(bubble()!.classList.contains('on')).toBe(false);
  expect(b!.getAttribute('aria-expanded')).toBe('false');
  b!.click();
  expect(bubble()!.classList.contains('on')).toBe(true);
  b!.click();
  expect(bubble()!.classList.contains('on')).toBe(false);
});

test('a plain tooltip shows on hover, hides 500 ms after the pointer leaves and fades out in 200 ms', () => {
  vi.useFakeTimers();
  document.body.innerHTML = '<span id="plan">Pro plan</span>';
  const plan = document.getElementById('plan')!;
  box(plan);
  startTooltips([{ selector: '#plan', html: 'Includes <em>everything</em>' }]);
  expect(hotspots()).toHaveLength(0);
  plan.dispatchEvent(new MouseEvent('mouseenter'));
  expect(bubble()!.classList.contains('on')).toBe(true);
  expect(bubble()!.innerHTML).toBe('Includes <em>everything</em>');
  plan.dispatchEvent(new MouseEvent('mouseleave'));
  vi.advanceTimersByTime(499);
  expect(bubble()!.classList.contains('on')).toBe(true);
  // moving onto the tooltip keeps it
  bubble()!.dispatchEvent(new MouseEvent('mouseenter'));
  vi.advanceTimersByTime(1000);
  expect(bubble()!.classList.contains('on')).toBe(true);
  bubble()!.dispatchEvent(new MouseEvent('mouseleave'));
  vi.advanceTimersByTime(500);
  expect(bubble()!.classList.contains('on')).toBe(false);
  // the content stays while it fades (200 ms), then goes
  vi.advanceTimersByTime(199);
  expect(bubble()!.textContent).toBe('Includes everything');
  vi.advanceTimersByTime(1);
  expect(bubble()!.textContent).toBe('');
});

test('a plain tooltip element is keyboard reachable: focusable, shown on focus, and given back on stop', () => {
  document.body.innerHTML = '<span id="plan">Pro plan</span><a id="link" href="/x">x</a>';
  const plan = document.getElementById('plan')!;
  const link = document.getElementById('link')!;
  startTooltips([
    { selector: '#plan', html: 'Plan info' },
    { selector: '#link', html: 'Link info' },
  ]);
  expect(plan.tabIndex).toBe(0);
  expect(link.hasAttribute('tabindex')).toBe(false);
  plan.dispatchEvent(new FocusEvent('focus'));
  expect(bubble()!.textContent).toBe('Plan info');
  stopTooltips();
  expect(plan.hasAttribute('tabindex')).toBe(false);
  expect(plan.hasAttribute('aria-expanded')).toBe(false);
  expect(document.querySelector('voltline-tooltips')).toBeNull();
});

test('elements added later get their tooltip; removed ones lose it', async () => {
  document.body.innerHTML = '<main></main>';
  startTooltips([hotspot()]);
  expect(hotspots()).toHaveLength(0);
  const later = document.createElement('button');
  later.id = 'save';
  box(later);
  document.querySelector('main')!.append(later);
  await vi.waitFor(() => expect(hotspots()).toHaveLength(1));
  later.remove();
  await vi.waitFor(() => expect(hotspots()).toHaveLength(0));
});

test('an SPA route change re-applies the page filters', async () => {
  document.body.innerHTML = '<button id="save">Save</button>';
  box(document.getElementById('save')!);
  startTooltips([hotspot({ page: '/billing', pageType: 'contains' })]);
  expect(hotspots()).toHaveLength(0);
  // the router changes the URL, then renders
  history.pushState(null, '', '/settings/billing');
  document.body.append(document.createElement('div'));
  await vi.waitFor(() => expect(hotspots()).toHaveLength(1));
  // back navigation (popstate) without any DOM change
  history.pushState(null, '', '/home');
  window.dispatchEvent(new PopStateEvent('popstate'));
  await vi.waitFor(() => expect(hotspots()).toHaveLength(0));
});

test('hotspots follow scroll and resize, throttled to one reposition per 250 ms (the last one lands)', () => {
  vi.useFakeTimers();
  document.body.innerHTML = '<button id="save">Save</button>';
  const spy = box(document.getElementById('save')!);
  startTooltips([hotspot()]);
  vi.advanceTimersByTime(300);
  spy.mockClear();
  for (let i = 0; i < 10; i += 1) window.dispatchEvent(new Event('scroll'));
  expect(spy).toHaveBeenCalledTimes(1);
  window.dispatchEvent(new Event('resize'));
  expect(spy).toHaveBeenCalledTimes(1);
  spy.mockReturnValue({ left: 10, right: 90, top: 50, bottom: 70, width: 80, height: 20 } as DOMRect);
  vi.advanceTimersByTime(250);
  expect(spy).toHaveBeenCalledTimes(2);
  expect(hotspots()[0]!.style.top).toBe('52px');
  reposition();
  expect(spy).toHaveBeenCalledTimes(2);
});

test('a hotspot is hidden while its element is scrolled out of view or out of its scroll container', () => {
  vi.useFakeTimers();
  document.body.innerHTML = '<div id="list" style="overflow:auto"><button id="save">Save</button></div>';
  const list = document.getElementById('list')!;
  box(list, { left: 0, top: 100, width: 300, height: 200 });
  const save = box(document.getElementById('save')!, { left: 10, top: 150, width: 80, height: 20 });
  startTooltips([hotspot()]);
  expect(hotspots()[0]!.hidden).toBe(false);
  // scrolled inside the container, above its top edge (under a fixed header, say)
  save.mockReturnValue({ left: 10, right: 90, top: 40, bottom: 60, width: 80, height: 20 } as DOMRect);
  vi.advanceTimersByTime(300);
  list.dispatchEvent(new Event('scroll'));
  expect(hotspots()[0]!.hidden).toBe(true);
});

test('a selector that throws is logged once and never thrown into the page; the other tooltips still work', () => {
  document.body.innerHTML = '<button id="save">Save</button>';
  box(document.getElementById('save')!);
  expect(() => startTooltips([{ selector: '#[bad', html: 'x', mode: 'hotspot' }, hotspot()])).not.toThrow();
  scan();
  expect(hotspots()).toHaveLength(1);
  const logs = getConsoleLogs().filter((l) => l.log.includes('invalid selector #[bad'));
  expect(logs).toHaveLength(1);
});

test('malformed tooltip lists are ignored', () => {
  expect(() => startTooltips('nope')).not.toThrow();
  expect(() => startTooltips([null, 3, { html: 'no selector' }])).not.toThrow();
  expect(document.querySelector('voltline-tooltips')).toBeNull();
});

test.each([
  ['<script>', '<script>window.__t=1</script>ok', 'script'],
  ['onerror=', '<img src="https://x.test/i.png" onerror="window.__t=1">', '[onerror]'],
  ['javascript: links', '<a href="javascript:window.__t=1">l</a>', 'a[href]'],
  ['<iframe>', '<iframe src="https://evil.test"></iframe>', 'iframe'],
  ['CSS expression', '<p style="width:expression(window.__t=1)">p</p>', '[style]'],
])('tooltip html with %s never reaches the DOM', (_, html, selector) => {
  document.body.innerHTML = '<span id="plan">Plan</span>';
  startTooltips([{ selector: '#plan', html }]);
  document.getElementById('plan')!.dispatchEvent(new MouseEvent('mouseenter'));
  expect(bubble()!.classList.contains('on')).toBe(true);
  expect(bubble()!.querySelector(selector)).toBeNull();
  expect((window as { __t?: number }).__t).toBeUndefined();
});

test('a hotspot is hidden while a fixed header covers its element', () => {
  vi.useFakeTimers();
  document.body.innerHTML = '<header id="bar">Header</header><button id="save">Save</button>';
  box(document.getElementById('save')!, { left: 10, top: 20, width: 80, height: 20 });
  const header = document.getElementById('bar')!;
  const save = document.getElementById('save')!;
  let onTop: Element = save;
  const original = document.elementFromPoint;
  document.elementFromPoint = () => onTop;
  try {
    startTooltips([hotspot()]);
    expect(hotspots()[0]!.hidden).toBe(false);
    onTop = header;
    vi.advanceTimersByTime(300);
    window.dispatchEvent(new Event('scroll'));
    expect(hotspots()[0]!.hidden).toBe(true);
  } finally {
    document.elementFromPoint = original;
  }
});

test('a layout change without scrolling (a style or class change, e.g. a banner pushing the page down) moves hotspots', async () => {
  document.body.innerHTML = '<button id="save">Save</button>';
  const spy = box(document.getElementById('save')!);
  startTooltips([hotspot()]);
  await new Promise((r) => setTimeout(r, 300));
  spy.mockReturnValue({ left: 100, right: 180, top: 256, bottom: 276, width: 80, height: 20 } as DOMRect);
  document.documentElement.style.paddingTop = '56px';
  await vi.waitFor(() => expect(hotspots()[0]!.style.top).toBe('258px'));
  document.documentElement.style.paddingTop = '';
});
