import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { EngageCore } from '../../core/engage-port';
import { localize, textDir } from '../../core/i18n';
import { settings } from '../../core/state';
import { decodeMessage, encodeMessage } from '../../protocol/messages';
import { FRAME_NAMES, OPENER_NAMES, currentStatus, start, stop, use } from './builder';

const tourStop = vi.hoisted(() => vi.fn());
vi.mock('../tours', () => ({ stop: tourStop }));

const BUILDER = 'https://builder.test/app/';
const ORIGIN = 'https://builder.test';
const addLog = vi.fn();
type Post = ReturnType<typeof vi.fn>;
let opener: { postMessage: Post };

beforeEach(() => {
  settings.builderUrl = BUILDER;
  use({ settings, addLog, encodeMessage, decodeMessage, localize, textDir } as unknown as EngageCore);
  opener = { postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  settings.builderUrl = '';
  (window as { gleapAdminDisabled?: boolean }).gleapAdminDisabled = undefined;
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  document.body.innerHTML = '';
  addLog.mockClear();
  history.replaceState(null, '', '/');
});

/** What was posted: each message decoded, with the target origin beside it. */
const posted = (post: Post) =>
  post.mock.calls.map(([raw, origin]) => ({ ...JSON.parse(raw as string), origin }) as Record<string, unknown>);

function dispatch(data: unknown, origin: string, source: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}
const fromOpener = (name: string, data?: unknown, o: { origin?: string; type?: string; source?: unknown } = {}) =>
  dispatch(JSON.stringify({ name, data, type: o.type ?? 'admin' }), o.origin ?? ORIGIN, o.source ?? opener);

const root = () => document.querySelector('voltline-builder')?.shadowRoot ?? null;

/** Start, let the opener send `load`, and stand in for the builder frame's window. */
function loaded(config: Record<string, unknown> = { type: 'producttours', id: 't1' }) {
  start();
  fromOpener('load', config);
  const frame = root()!.querySelector('iframe')!;
  const post = vi.fn();
  Object.defineProperty(frame, 'contentWindow', { value: { postMessage: post }, configurable: true });
  const send = (name: string, data?: unknown, o: { origin?: string; type?: string; source?: unknown } = {}) =>
    dispatch(
      JSON.stringify({ name, data, type: o.type ?? 'tourbuilder' }),
      o.origin ?? ORIGIN,
      o.source ?? frame.contentWindow,
    );
  const box = root()!.querySelector<HTMLElement>('.frame')!;
  const handle = root()!.querySelector<HTMLButtonElement>('.handle')!;
  const outline = (kind: 'pick' | 'mark') => root()!.querySelector<HTMLElement>(`.${kind}`)!.style.display;
  return { frame, post, send, box, handle, outline };
}

test('start says init to the opener, at the builder origin only, with type admin', () => {
  start();
  expect(posted(opener.postMessage)).toEqual([{ name: 'init', type: 'admin', origin: ORIGIN }]);
  // a second start (a second initialize) does not say it again
  start();
  expect(opener.postMessage).toHaveBeenCalledTimes(1);
});

test('window.gleapAdminDisabled turns the builder off: no init, and a load does nothing', () => {
  (window as { gleapAdminDisabled?: boolean }).gleapAdminDisabled = true;
  start();
  fromOpener('load', { type: 'producttours' });
  expect(opener.postMessage).not.toHaveBeenCalled();
  expect(root()).toBeNull();
});

test('load from the opener brings up the product tour builder frame, titled, hidden while loading', () => {
  const { frame, box } = loaded();
  expect(frame.getAttribute('src')).toBe('https://builder.test/app/producttourbuilder');
  expect(frame.title).toBe('Product tour builder');
  expect(currentStatus()).toBe('loading');
  expect(box.style.height).toBe('0px');
});

test('a load with type tooltips opens the tooltip builder', () => {
  const { frame } = loaded({ type: 'tooltips' });
  expect(frame.getAttribute('src')).toBe('https://builder.test/app/tooltipbuilder');
  expect(frame.title).toBe('Tooltip builder');
});

test('status-changed sets the frame height: 65 px to navigate and pick, full in the editor, 0 otherwise', () => {
  const { send, box } = loaded();
  const heights: Record<string, string> = {};
  for (const status of ['navigate', 'picker', 'editor', 'loading', 'bogus']) {
    send('status-changed', status);
    heights[status] = box.style.height;
  }
  expect(heights).toEqual({ navigate: '65px', picker: '65px', editor: '100vh', loading: '0px', bogus: '0px' });
  expect(currentStatus()).toBe('loading');
});

test('loaddata answers data: the load config and the current page, to the builder origin with type tourbuilder', () => {
  history.replaceState(null, '', '/vehicles?tab=2');
  const { send, post } = loaded({ type: 'producttours', id: 't1' });
  send('loaddata');
  expect(posted(post)).toEqual([
    {
      name: 'data',
      type: 'tourbuilder',
      data: { type: 'producttours', id: 't1', currentPage: location.href },
      origin: ORIGIN,
    },
  ]);
});

test('the builder frame messages for the opener are forwarded to it; smartlink-search-result comes back', () => {
  const { send, post } = loaded();
  opener.postMessage.mockClear();
  send('smartlink-search', { term: 'fleet' });
  send('product-tour-started', { id: 't1' });
  send('save', { steps: [1] });
  send('update-steps', { steps: [2] });
  expect(posted(opener.postMessage)).toEqual([
    { name: 'smartlink-search', data: { term: 'fleet' }, type: 'admin', origin: ORIGIN },
    { name: 'product-tour-started', data: { id: 't1' }, type: 'admin', origin: ORIGIN },
    { name: 'save', data: { steps: [1] }, type: 'admin', origin: ORIGIN },
    { name: 'update-steps', data: { steps: [2] }, type: 'admin', origin: ORIGIN },
  ]);
  fromOpener('smartlink-search-result', [{ title: 'Fleet page' }]);
  expect(posted(post)).toEqual([
    { name: 'smartlink-search-result', data: [{ title: 'Fleet page' }], type: 'tourbuilder', origin: ORIGIN },
  ]);
});

test('every builder message of §7 has a handler, per sender', () => {
  expect(OPENER_NAMES).toEqual(['load', 'smartlink-search-result']);
  expect(FRAME_NAMES).toEqual([
    'loaddata',
    'highlight-element',
    'smartlink-search',
    'product-tour-started',
    'save',
    'update-steps',
    'click',
    'status-changed',
  ]);
});

test('hostile messages are ignored: another origin, another window, the wrong type, a look-alike origin', () => {
  start();
  const evil = { postMessage: vi.fn() };
  fromOpener('load', {}, { origin: 'https://evil.test' });
  fromOpener('load', {}, { origin: 'https://builder.test.evil.test' });
  fromOpener('load', {}, { origin: 'http://builder.test' });
  fromOpener('load', {}, { source: evil });
  fromOpener('load', {}, { type: 'tourbuilder' });
  dispatch(JSON.stringify({ name: 'load', data: {} }), ORIGIN, opener);
  expect(root()).toBeNull();

  const { send, box, post } = loaded();
  document.body.insertAdjacentHTML('beforeend', '<button id="buy">Buy</button>');
  const clicked = vi.fn();
  document.getElementById('buy')!.addEventListener('click', clicked);
  send('status-changed', 'editor', { origin: 'https://evil.test' });
  send('status-changed', 'editor', { source: evil });
  send('status-changed', 'editor', { type: 'admin' });
  // the opener may not speak for the frame
  send('click', { selector: '#buy' }, { source: opener });
  send('loaddata', undefined, { source: opener });
  expect(box.style.height).toBe('0px');
  expect(clicked).not.toHaveBeenCalled();
  expect(post).not.toHaveBeenCalled();
});

test('bad messages are never thrown into the page: bad JSON, wrong shapes, selectors that throw', () => {
  const { send } = loaded();
  expect(() => {
    dispatch('{not json', ORIGIN, opener);
    dispatch(null, ORIGIN, opener);
    dispatch(42, ORIGIN, opener);
    send('highlight-element', null);
    send('highlight-element', { selector: 'div[' });
    send('click', { selector: '##' });
    send('click', null);
    send('unknown-name', {});
    send('status-changed', { not: 'a status' });
    fromOpener('load', null);
  }).not.toThrow();
  expect(addLog).toHaveBeenCalledWith('Voltline builder: invalid selector div[', 'WARNING');
  expect(addLog).toHaveBeenCalledWith('Voltline builder: invalid selector ##', 'WARNING');
});

test('highlight-element outlines the element; an empty selector takes the outline away', () => {
  const { send, outline } = loaded();
  document.body.insertAdjacentHTML('beforeend', '<h1 id="title">Fleet</h1>');
  expect(outline('mark')).not.toBe('block');
  send('highlight-element', { selector: '#title' });
  expect(outline('mark')).toBe('block');
  send('highlight-element', { selector: '' });
  expect(outline('mark')).toBe('none');
});

test('click clicks the element the builder names, and is not taken for a pick while picking', () => {
  const { send, post } = loaded();
  document.body.insertAdjacentHTML('beforeend', '<button id="next">Next</button>');
  const clicked = vi.fn();
  document.getElementById('next')!.addEventListener('click', clicked);
  send('click', { selector: '#next' });
  expect(clicked).toHaveBeenCalledTimes(1);
  send('status-changed', 'picker');
  send('click', { selector: '#next' });
  expect(clicked).toHaveBeenCalledTimes(2);
  expect(posted(post).filter((m) => m.name === 'element-picked')).toEqual([]);
});

test('the page is polled every 1 s; a changed URL is reported once as page-changed', () => {
  vi.useFakeTimers();
  const { post } = loaded();
  const pages = () =>
    posted(post)
      .filter((m) => m.name === 'page-changed')
      .map((m) => (m.data as { page: string }).page);
  vi.advanceTimersByTime(999);
  expect(pages()).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(pages()).toEqual([location.href]);
  vi.advanceTimersByTime(3000);
  expect(pages()).toHaveLength(1);
  history.pushState(null, '', '/settings#/users');
  vi.advanceTimersByTime(1000);
  expect(pages()).toEqual([expect.stringMatching(/\/$/), expect.stringMatching(/\/settings#\/users$/)]);
  expect(posted(post).every((m) => m.type === 'tourbuilder' && m.origin === ORIGIN)).toBe(true);
});

test('no page polling before the builder loads', () => {
  vi.useFakeTimers();
  start();
  vi.advanceTimersByTime(5000);
  expect(vi.getTimerCount()).toBe(0);
});

function pickerPage() {
  document.body.insertAdjacentHTML(
    'beforeend',
    '<main><a id="pricing" href="#pricing">Pricing</a><div class="cards"><p>one</p><p>two</p></div></main>',
  );
  const pageClicks = vi.fn();
  document.addEventListener('click', pageClicks);
  return { pageClicks, second: document.querySelectorAll('.cards p')[1] as HTMLElement };
}

test('picking: the element under the mouse is outlined, a click picks it and never reaches the page', () => {
  const { send, post, outline } = loaded();
  const { pageClicks, second } = pickerPage();
  send('status-changed', 'picker');
  second.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  expect(outline('pick')).toBe('block');
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  second.dispatchEvent(click);
  expect(click.defaultPrevented).toBe(true);
  expect(pageClicks).not.toHaveBeenCalled();
  expect(posted(post).filter((m) => m.name === 'element-picked')).toEqual([
    {
      name: 'element-picked',
      data: { selector: 'body > main > div > p:nth-of-type(2)' },
      type: 'tourbuilder',
      origin: ORIGIN,
    },
  ]);
  document.removeEventListener('click', pageClicks);
});

test('Escape leaves the picker: navigate, 65 px, no outline, and clicks reach the page again', () => {
  const { send, box, outline } = loaded();
  const { pageClicks, second } = pickerPage();
  send('status-changed', 'picker');
  second.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  second.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  expect(currentStatus()).toBe('navigate');
  expect(box.style.height).toBe('65px');
  expect(outline('pick')).toBe('none');
  second.click();
  expect(pageClicks).toHaveBeenCalledTimes(1);
  document.removeEventListener('click', pageClicks);
});

test('keyboard picking: the focused element is outlined and Enter picks it', () => {
  const { send, post, outline } = loaded();
  pickerPage();
  send('status-changed', 'picker');
  const link = document.getElementById('pricing')!;
  link.focus();
  expect(outline('pick')).toBe('block');
  link.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  expect(posted(post).find((m) => m.name === 'element-picked')?.data).toEqual({ selector: '#pricing' });
});

test("clicks on the widget's own UI are not picks", () => {
  const { send, post, handle } = loaded();
  const launcher = document.createElement('voltline-widget');
  launcher.setAttribute('data-gleap', '');
  document.body.append(launcher);
  send('status-changed', 'picker');
  launcher.click();
  document.querySelector('voltline-builder')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  handle.click();
  expect(posted(post).filter((m) => m.name === 'element-picked')).toEqual([]);
});

test('the collapse handle hides and shows the frame and says which; a pick brings a collapsed frame back', () => {
  const { send, handle, post } = loaded();
  const wrap = handle.parentElement!;
  expect(handle.getAttribute('aria-label')).toBe('Hide the builder');
  expect(handle.getAttribute('aria-expanded')).toBe('true');
  handle.click();
  expect(wrap.classList.contains('collapsed')).toBe(true);
  expect(handle.getAttribute('aria-label')).toBe('Show the builder');
  expect(handle.getAttribute('aria-expanded')).toBe('false');
  handle.click();
  expect(wrap.classList.contains('collapsed')).toBe(false);
  handle.click();
  const { second } = pickerPage();
  send('status-changed', 'picker');
  second.click();
  expect(wrap.classList.contains('collapsed')).toBe(false);
  expect(posted(post).some((m) => m.name === 'element-picked')).toBe(true);
});

test('stop takes the frame and every listener away', () => {
  vi.useFakeTimers();
  const { send } = loaded();
  send('status-changed', 'picker');
  stop();
  expect(document.querySelector('voltline-builder')).toBeNull();
  expect(vi.getTimerCount()).toBe(0);
  fromOpener('load', {});
  expect(document.querySelector('voltline-builder')).toBeNull();
  const { pageClicks, second } = pickerPage();
  second.click();
  expect(pageClicks).toHaveBeenCalledTimes(1);
  document.removeEventListener('click', pageClicks);
});

test('a builder URL that is not http(s) is never posted to, and nothing is accepted', () => {
  settings.builderUrl = 'javascript:alert(1)';
  start();
  fromOpener('load', {}, { origin: 'null' });
  expect(opener.postMessage).not.toHaveBeenCalled();
  expect(root()).toBeNull();
});

test("without a builder URL set, gleap's builder origin is the only one", () => {
  settings.builderUrl = '';
  start();
  expect(posted(opener.postMessage)).toEqual([{ name: 'init', type: 'admin', origin: 'https://app.gleap.io' }]);
  fromOpener('load', {});
  expect(root()).toBeNull();
  fromOpener('load', {}, { origin: 'https://app.gleap.io' });
  expect(root()!.querySelector('iframe')!.getAttribute('src')).toBe('https://app.gleap.io/producttourbuilder');
});

test('the outlines follow their elements on scroll (also of scroll containers) and resize', () => {
  const { send } = loaded();
  document.body.insertAdjacentHTML('beforeend', '<div id="list"><p id="row">EV-1</p></div>');
  const row = document.getElementById('row')!;
  let top = 100;
  row.getBoundingClientRect = () => ({ top, left: 10, width: 200, height: 20 }) as DOMRect;
  send('highlight-element', { selector: '#row' });
  const mark = root()!.querySelector<HTMLElement>('.mark')!;
  expect(mark.style.top).toBe('100px');
  top = 40;
  document.getElementById('list')!.dispatchEvent(new Event('scroll'));
  expect(mark.style.top).toBe('40px');
  top = 70;
  window.dispatchEvent(new Event('resize'));
  expect(mark.style.top).toBe('70px');
  expect([mark.style.left, mark.style.width, mark.style.height]).toEqual(['10px', '200px', '20px']);
});

test('a product tour running on the page is stopped when the builder loads', async () => {
  tourStop.mockClear();
  loaded();
  await Promise.resolve();
  expect(tourStop).not.toHaveBeenCalled();
  stop();
  document.body.append(document.createElement('voltline-tour'));
  loaded();
  await vi.waitFor(() => expect(tourStop).toHaveBeenCalledTimes(1));
});
