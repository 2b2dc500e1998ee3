import type {
  BuilderStatus,
  BuilderToPage,
  JsonObject,
  OpenerToPage,
  PageToBuilder,
  PageToOpener,
} from '../../protocol/messages';
import {
  BUILDER_TEXTS,
  BUILDER_URL,
  DISABLED_FLAG,
  FRAME_HEIGHTS,
  FRAME_TYPE,
  OPENER_TYPE,
  PAGE_POLL_MS,
  SELECTOR_ERROR,
  TOOLTIP_BUILDER_PATH,
  TOUR_BUILDER_PATH,
} from './constants';
import { startPicker } from './picker';
import { uniqueSelector } from './selector';
import { core } from './host';
import { type BuilderView, createView } from './view';

export { use } from './host';

/**
 * The admin builder chunk. `opener.ts` says `init` to the opener (`window.opener`, at the builder's origin) on
 * `initialize`, unless `window.gleapAdminDisabled` is set, and loads this chunk only when the opener answers from the
 * builder's origin. When the builder answers `load`, the builder frame comes up along the bottom of the page and the
 * two talk with the builder messages of §7:
 * accepted only from the builder URL's exact origin, from the opener (type `admin`) or from this frame (type
 * `tourbuilder`), and sent to that origin only. Nothing runs for a visitor whose page no builder opened.
 */

type Handlers<M> = { [K in keyof M]: (data: M[K]) => void };

let started = false;
let config: JsonObject | null = null;
let status: BuilderStatus = 'loading';
let view: BuilderView | null = null;
let stopPicking: (() => void) | null = null;
let poll: ReturnType<typeof setInterval> | undefined;
let lastPage: string | undefined;
let clicking = false;

/** The builder URL without a trailing slash (`Gleap.setBuilderUrl`, else gleap's). */
export const builderUrl = () => (core.settings.builderUrl || BUILDER_URL).replace(/\/+$/, '');

/** The builder's exact origin ('' when the URL cannot be parsed or is not http(s)). */
export function builderOrigin(): string {
  try {
    const url = new URL(builderUrl(), location.href);
    return /^https?:$/.test(url.protocol) ? url.origin : '';
  } catch {
    return '';
  }
}

export const currentStatus = () => status;

function toOpener<K extends keyof PageToOpener>(name: K, data: PageToOpener[K]): void {
  const origin = builderOrigin();
  if (origin)
    (window.opener as Window | null)?.postMessage(core.encodeMessage(name, data, { type: OPENER_TYPE }), origin);
}

function toFrame<K extends keyof PageToBuilder>(name: K, data: PageToBuilder[K]): void {
  const origin = builderOrigin();
  if (origin) view?.frame.contentWindow?.postMessage(core.encodeMessage(name, data, { type: FRAME_TYPE }), origin);
}

/** The element of a selector the builder sent; a selector that throws is logged and finds nothing. */
function find(selector: unknown): Element | null {
  if (typeof selector !== 'string' || !selector.trim()) return null;
  try {
    return document.querySelector(selector);
  } catch {
    core.addLog(`Voltline builder: invalid selector ${selector.slice(0, 100)}`, 'WARNING');
    return null;
  }
}

function pollPage(): void {
  const page = location.href;
  if (page === lastPage) return;
  lastPage = page;
  toFrame('page-changed', { page });
}

function picked(target: Element): void {
  let selector: string | null = null;
  try {
    selector = uniqueSelector(target);
  } catch (err) {
    console.error(SELECTOR_ERROR, err);
    return;
  }
  if (!selector) {
    console.error(SELECTOR_ERROR);
    return;
  }
  // the admin collapsed the frame to reach the element: bring it back to name the step
  view?.collapse(false);
  toFrame('element-picked', { selector });
}

/** The builder's status: frame height, and the picker runs in `picker` only; anything unknown counts as loading. */
export function setStatus(next: unknown): void {
  status = next === 'navigate' || next === 'picker' || next === 'editor' ? next : 'loading';
  view?.setHeight(FRAME_HEIGHTS[status]);
  stopPicking?.();
  stopPicking = null;
  if (status !== 'picker' || !view) return;
  const v = view;
  // the admin pressed "pick" in the builder frame: keys (Escape, Tab, Enter) must reach the page now
  v.frame.blur();
  stopPicking = startPicker({
    hover: v.pick,
    pick: picked,
    escape: () => setStatus('navigate'),
    passThrough: () => clicking,
  });
}

const follow = () => view?.follow();

const openerHandlers: Handlers<OpenerToPage> = {
  load: (data) => {
    config = data && typeof data === 'object' ? data : {};
    if (view) return;
    const tooltips = config.type === 'tooltips';
    const T = core.localize(BUILDER_TEXTS);
    view = createView(
      `${builderUrl()}/${tooltips ? TOOLTIP_BUILDER_PATH : TOUR_BUILDER_PATH}`,
      tooltips ? T.tooltipBuilder : T.tourBuilder,
    );
    setStatus('loading');
    poll = setInterval(pollPage, PAGE_POLL_MS);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    // a tour running on the page would cover what the admin builds on
    if (document.querySelector('voltline-tour')) void import('../tours').then((m) => m.stop()).catch(() => {});
  },
  'smartlink-search-result': (data) => toFrame('smartlink-search-result', data),
};

const frameHandlers: Handlers<BuilderToPage> = {
  loaddata: () => toFrame('data', { ...config, currentPage: location.href }),
  'highlight-element': (data) => view?.mark(find(data?.selector)),
  'smartlink-search': (data) => toOpener('smartlink-search', data),
  'product-tour-started': (data) => toOpener('product-tour-started', data),
  save: (data) => toOpener('save', data),
  'update-steps': (data) => toOpener('update-steps', data),
  click: (data) => {
    const target = find(data?.selector);
    if (!target) return;
    clicking = true;
    try {
      (target as HTMLElement).click?.();
    } finally {
      clicking = false;
    }
  },
  'status-changed': setStatus,
};

/** Every message name the page accepts, per sender (each has a handler: the tables are typed by the protocol map). */
export const OPENER_NAMES = Object.keys(openerHandlers) as (keyof OpenerToPage)[];
export const FRAME_NAMES = Object.keys(frameHandlers) as (keyof BuilderToPage)[];

/** A window message: from the builder's exact origin, and from the opener or this builder frame only. */
export function handleBuilderMessage(ev: MessageEvent): void {
  const opener = window.opener as Window | null;
  if (!ev.source || ev.origin !== builderOrigin()) return;
  const fromFrame = !!view && ev.source === view.frame.contentWindow;
  if (!fromFrame && ev.source !== opener) return;
  const message = fromFrame
    ? core.decodeMessage<BuilderToPage>(ev.data, FRAME_NAMES)
    : core.decodeMessage<OpenerToPage>(ev.data, OPENER_NAMES);
  if (!message || message.type !== (fromFrame ? FRAME_TYPE : OPENER_TYPE)) return;
  try {
    ((fromFrame ? frameHandlers : openerHandlers) as Record<string, (data: unknown) => void>)[message.name]?.(
      message.data,
    );
  } catch (err) {
    core.addLog(`Voltline builder: ${String(err)}`, 'ERROR');
  }
}

/**
 * Listen for the builder (once; nothing when the host set `window.gleapAdminDisabled`). `opener.ts` has said `init` to
 * the opener already and hands over the opener's first answer (`first`), which is checked and handled as any later
 * message; without one, `init` is said here. Returns the function that stops everything again.
 */
export function start(first?: MessageEvent): () => void {
  if (!started && !(window as unknown as Record<string, unknown>)[DISABLED_FLAG]) {
    started = true;
    window.addEventListener('message', handleBuilderMessage);
    if (first) handleBuilderMessage(first);
    else toOpener('init', undefined);
  }
  return stop;
}

/** Remove the frame, the outlines and every listener and timer. */
export function stop(): void {
  started = false;
  window.removeEventListener('message', handleBuilderMessage);
  window.removeEventListener('scroll', follow, true);
  window.removeEventListener('resize', follow);
  clearInterval(poll);
  stopPicking?.();
  stopPicking = null;
  view?.remove();
  view = null;
  config = null;
  status = 'loading';
  lastPage = undefined;
}
