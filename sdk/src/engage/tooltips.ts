import type { TooltipDefinition } from '../core/config';
import { TOOLTIP_FADE_MS, TOOLTIP_HIDE_DELAY_MS, TOOLTIP_REPOSITION_MS, HOTSPOT_DEFAULTS } from './tooltip-constants';
import { core, safeColor } from './core';
import { plain, sanitizeHtml } from './sanitize';
import { el, surfaceHost } from './shadow';

export { use } from './core';

/**
 * Tooltips and hotspots from `GET /config/{key}/tooltips`: each definition whose page filter matches the current URL is
 * attached to every element its selector matches, also to elements added later and after SPA route changes (a
 * MutationObserver, `popstate` and `hashchange` rescan). A plain tooltip shows when its element is hovered or focused;
 * a hotspot is an icon button beside the element. Everything the visitor sees lives in one shadow root.
 */

const ICON_SIZE = 17;
const GAP = 10;

interface Attached {
  def: TooltipDefinition;
  /** The hotspot button, or null for a plain hover tooltip. */
  hotspot: HTMLButtonElement | null;
  /** Undo what was done to the host element (listeners, tabindex). */
  detach: () => void;
}

let defs: TooltipDefinition[] = [];
const attached = new Map<Element, Map<TooltipDefinition, Attached>>();
let root: ShadowRoot | null = null;
let bubble: HTMLElement | null = null;
let shownFor: { anchor: Element; def: TooltipDefinition; by: HTMLElement } | null = null;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
let fadeTimer: ReturnType<typeof setTimeout> | undefined;
let observer: MutationObserver | null = null;
let scanQueued = false;
let lastReposition = 0;
let repositionTimer: ReturnType<typeof setTimeout> | undefined;
const badSelectors = new Set<string>();
let offSession: (() => void) | null = null;

/** Whether a definition's page filter matches `url`: is, isnot, contains, notcontains, startswith, endswith; empty matches all. */
export function matchesPage(def: Pick<TooltipDefinition, 'page' | 'pageType'>, url: string): boolean {
  const page = def.page;
  const t = String(def.pageType);
  return !page || (Object.hasOwn(PAGE_TESTS, t) && PAGE_TESTS[t]!(url, page));
}

const PAGE_TESTS: Record<string, (url: string, page: string) => boolean> = {
  is: (u, p) => u === p,
  isnot: (u, p) => u !== p,
  contains: (u, p) => u.includes(p),
  notcontains: (u, p) => !u.includes(p),
  startswith: (u, p) => u.startsWith(p),
  endswith: (u, p) => u.endsWith(p),
};

/** Where a hotspot icon goes (viewport px): posX left/right, posY top/center/bottom, offsets; defaults right, center, 4, 0. */
export function hotspotPosition(
  rect: Pick<DOMRect, 'left' | 'right' | 'top' | 'bottom' | 'height'>,
  def: Pick<TooltipDefinition, 'posX' | 'posY' | 'offsetX' | 'offsetY'>,
): { x: number; y: number } {
  const posX = def.posX || HOTSPOT_DEFAULTS.posX;
  const posY = def.posY || HOTSPOT_DEFAULTS.posY;
  const ox = Number(def.offsetX ?? HOTSPOT_DEFAULTS.offsetX) || 0;
  const oy = Number(def.offsetY ?? HOTSPOT_DEFAULTS.offsetY) || 0;
  const x = posX === 'left' ? rect.left - ICON_SIZE - ox : rect.right + ox;
  const y =
    posY === 'top'
      ? rect.top + oy
      : posY === 'bottom'
        ? rect.bottom - ICON_SIZE + oy
        : rect.top + rect.height / 2 - ICON_SIZE / 2 + oy;
  return { x, y };
}

const css = `:host{all:initial}
*{box-sizing:border-box}
.hs{position:fixed;z-index:2147483597;width:${ICON_SIZE}px;height:${ICON_SIZE}px;padding:0;border:0;border-radius:50%;color:#fff;font:700 11px/${ICON_SIZE}px system-ui,sans-serif;text-align:center;cursor:pointer}
.hs:focus-visible{outline:2px solid #1c1c1c;outline-offset:2px}
.hs.anim::after{content:"";position:absolute;inset:0;pointer-events:none;border-radius:50%;background:inherit;animation:vlp 1.6s ease-out infinite;z-index:-1}
@keyframes vlp{from{transform:scale(1);opacity:.6}to{transform:scale(2.2);opacity:0}}
@media (prefers-reduced-motion:reduce){.hs.anim::after{animation:none}}
.tip{position:fixed;z-index:2147483598;max-width:min(300px,calc(100vw - 16px));padding:10px 12px;border-radius:8px;background:#fff;color:#1c1c1c;font:14px/1.4 system-ui,sans-serif;box-shadow:0 4px 20px rgba(0,0,0,.18);opacity:0;visibility:hidden;transition:opacity ${TOOLTIP_FADE_MS}ms}
.tip.on{opacity:1;visibility:visible}
.tip img{max-width:100%}`;

const ICONS: Record<string, string> = { question: '?', alert: '!' };

function ensureRoot(): ShadowRoot {
  if (root?.host.isConnected) return root;
  root = surfaceHost('voltline-tooltips', css);
  bubble = el('div', { class: 'tip', role: 'tooltip', id: 'vl-tip' });
  bubble.addEventListener('mouseenter', cancelHide);
  bubble.addEventListener('mouseleave', scheduleHide);
  root.append(bubble);
  return root;
}

/** Only our hotspot buttons say whether their tooltip is open; the page's own elements are left as they are. */
function expanded(by: HTMLElement, open: boolean): void {
  if (by.getRootNode() === root) by.setAttribute('aria-expanded', String(open));
}

function cancelHide(): void {
  clearTimeout(hideTimer);
}

/** Hide after 500 ms (the pointer may be on its way to the tooltip), then fade out in 200 ms. */
function scheduleHide(): void {
  clearTimeout(hideTimer);
  hideTimer = setTimeout(hideNow, TOOLTIP_HIDE_DELAY_MS);
}

function hideNow(): void {
  clearTimeout(hideTimer);
  if (!bubble || !shownFor) return;
  bubble.classList.remove('on');
  expanded(shownFor.by, false);
  shownFor = null;
  const b = bubble;
  clearTimeout(fadeTimer);
  fadeTimer = setTimeout(() => {
    if (!shownFor) b.replaceChildren();
  }, TOOLTIP_FADE_MS);
}

function show(anchor: Element, def: TooltipDefinition, by: HTMLElement): void {
  ensureRoot();
  cancelHide();
  clearTimeout(fadeTimer);
  if (shownFor && shownFor.by !== by) expanded(shownFor.by, false);
  shownFor = { anchor, def, by };
  bubble!.replaceChildren(sanitizeHtml(def.html));
  expanded(by, true);
  bubble!.classList.add('on');
  placeBubble();
}

/** Below its anchor (above when there is no room below), centred on it and kept inside the viewport. */
function placeBubble(): void {
  if (!bubble || !shownFor) return;
  const a = shownFor.by.getBoundingClientRect();
  const b = bubble.getBoundingClientRect();
  const vh = window.innerHeight;
  const x = Math.min(Math.max(8, a.left + a.width / 2 - b.width / 2), window.innerWidth - b.width - 8);
  const y = a.bottom + GAP + b.height > vh ? a.top - GAP - b.height : a.bottom + GAP;
  bubble.style.left = `${Math.round(x)}px`;
  bubble.style.top = `${Math.round(Math.max(8, y))}px`;
}

/** The element is on screen, not clipped away by a scrolling ancestor and not under a fixed header. */
function visible(target: Element, rect: DOMRect): boolean {
  if (!rect.width && !rect.height) return false;
  if (rect.bottom < 0 || rect.top > window.innerHeight || rect.right < 0 || rect.left > window.innerWidth) return false;
  for (let p = target.parentElement; p && p !== document.body; p = p.parentElement) {
    const o = getComputedStyle(p).overflow;
    if (o === 'visible' || o === '') continue;
    const r = p.getBoundingClientRect();
    if (rect.bottom < r.top || rect.top > r.bottom || rect.right < r.left || rect.left > r.right) return false;
  }
  // covered by something fixed (a header, a sticky bar): what is on top at the element's centre is not part of it
  const hit = document.elementFromPoint?.(rect.left + rect.width / 2, rect.top + rect.height / 2);
  return !hit || target.contains(hit) || hit.contains(target) || !!hit.closest('[data-gleap]');
}

function placeHotspot(target: Element, a: Attached): void {
  if (!a.hotspot) return;
  const rect = target.getBoundingClientRect();
  const shown = visible(target, rect);
  a.hotspot.hidden = !shown;
  if (!shown) return;
  const { x, y } = hotspotPosition(rect, a.def);
  a.hotspot.style.left = `${Math.round(x)}px`;
  a.hotspot.style.top = `${Math.round(y)}px`;
}

/** Reposition hotspots and the open tooltip: at most once per 250 ms (the last call of a burst still lands). */
export function reposition(): void {
  const now = Date.now();
  const wait = lastReposition + TOOLTIP_REPOSITION_MS - now;
  if (wait > 0) {
    if (!repositionTimer)
      repositionTimer = setTimeout(() => {
        repositionTimer = undefined;
        reposition();
      }, wait);
    return;
  }
  lastReposition = now;
  for (const [target, byDef] of attached) for (const a of byDef.values()) placeHotspot(target, a);
  placeBubble();
}

/** Add (or remove) a table of event listeners. */
/** English texts of the tooltips (their section of `WidgetStrings`, `core/i18n.ts`). */
export const TOOLTIP_TEXTS = { hint: 'Hint' };

function listen(target: EventTarget, handlers: Record<string, (ev: Event) => void>, add = true): void {
  for (const [type, fn] of Object.entries(handlers))
    add ? target.addEventListener(type, fn) : target.removeEventListener(type, fn);
}

function attach(target: Element, def: TooltipDefinition): Attached {
  const name = plain(def.html).slice(0, 120) || core.localize(TOOLTIP_TEXTS).hint;
  if (def.mode === 'hotspot') {
    const r = ensureRoot();
    const color = safeColor(def.color, '#485BFF');
    const button = el(
      'button',
      {
        type: 'button',
        class: `hs${def.animated ? ' anim' : ''}`,
        'aria-label': name,
        'aria-expanded': 'false',
        'aria-describedby': 'vl-tip',
      },
      ICONS[def.icon ?? ''] ?? 'i',
    );
    button.style.background = color;
    const enter = () => show(target, def, button);
    listen(button, {
      mouseenter: enter,
      mouseleave: scheduleHide,
      focus: enter,
      blur: scheduleHide,
      click: () => (shownFor?.by === button ? hideNow() : enter()),
    });
    r.append(button);
    const a: Attached = { def, hotspot: button, detach: () => button.remove() };
    placeHotspot(target, a);
    return a;
  }
  // a plain tooltip: on the element itself, by hover or keyboard focus
  const host = target as HTMLElement;
  const focusable = host.tabIndex >= 0 || host.hasAttribute('tabindex');
  if (!focusable) host.tabIndex = 0;
  const enter = () => show(target, def, host);
  const key = (ev: Event) => {
    if ((ev as KeyboardEvent).key === 'Escape') hideNow();
  };
  const handlers = { mouseenter: enter, mouseleave: scheduleHide, focus: enter, blur: scheduleHide, keydown: key };
  listen(host, handlers);
  return {
    def,
    hotspot: null,
    detach: () => {
      listen(host, handlers, false);
      if (shownFor?.anchor === target) hideNow();
      if (!focusable) host.removeAttribute('tabindex');
    },
  };
}

/** Match every definition against the page now: attach new matches, detach what no longer matches (or left the page). */
export function scan(): void {
  scanQueued = false;
  const url = location.href;
  const want = new Map<Element, Set<TooltipDefinition>>();
  for (const def of defs) {
    if (!def || typeof def.selector !== 'string' || !matchesPage(def, url)) continue;
    let found: NodeListOf<Element>;
    try {
      found = document.querySelectorAll(def.selector);
    } catch {
      // a selector the browser cannot parse is logged once and skipped, never thrown into the page
      if (!badSelectors.has(def.selector)) {
        badSelectors.add(def.selector);
        core.addLog(`Voltline tooltips: invalid selector ${def.selector.slice(0, 100)}`, 'WARNING');
      }
      continue;
    }
    for (const target of found) {
      if (target.closest('[data-gleap]')) continue;
      const set = want.get(target) ?? new Set();
      set.add(def);
      want.set(target, set);
    }
  }
  for (const [target, byDef] of attached) {
    for (const [def, a] of byDef) {
      if (!target.isConnected || !want.get(target)?.has(def)) {
        a.detach();
        byDef.delete(def);
      }
    }
    if (!byDef.size) attached.delete(target);
  }
  for (const [target, set] of want) {
    const byDef = attached.get(target) ?? new Map<TooltipDefinition, Attached>();
    for (const def of set) if (!byDef.has(def)) byDef.set(def, attach(target, def));
    attached.set(target, byDef);
  }
}

/** DOM changes come in bursts: one scan per 50 ms at most. */
function queueScan(): void {
  if (scanQueued) return;
  scanQueued = true;
  setTimeout(scan, 50);
}

/** Start (or restart with a new list): scan now and keep matching as the page changes. */
export function startTooltips(list: unknown): void {
  stopTooltips();
  defs = Array.isArray(list) ? (list as TooltipDefinition[]).filter((d) => d && typeof d === 'object') : [];
  if (!defs.length || !document.body) return;
  // our own hotspots and tooltip live in a shadow root: their changes are not seen here. Added or removed elements
  // are matched again; a style or class change anywhere (a banner pushing the page down, an opened panel) moves them.
  observer = new MutationObserver((records) => {
    if (records.some((r) => r.type === 'childList')) queueScan();
    reposition();
  });
  observer.observe(document.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'class', 'hidden'],
  });
  window.addEventListener('popstate', queueScan);
  window.addEventListener('hashchange', queueScan);
  window.addEventListener('scroll', reposition, { capture: true, passive: true });
  window.addEventListener('resize', reposition, { passive: true });
  document.addEventListener('keydown', onEscape);
  offSession = core.on('session-cleared', stopTooltips);
  scan();
}

function onEscape(ev: KeyboardEvent): void {
  if (ev.key === 'Escape' && shownFor) hideNow();
}

/** Remove every hotspot, tooltip and listener; the host elements get back what was changed on them. */
export function stopTooltips(): void {
  observer?.disconnect();
  observer = null;
  offSession?.();
  offSession = null;
  window.removeEventListener('popstate', queueScan);
  window.removeEventListener('hashchange', queueScan);
  window.removeEventListener('scroll', reposition, { capture: true });
  window.removeEventListener('resize', reposition);
  document.removeEventListener('keydown', onEscape);
  for (const byDef of attached.values()) for (const a of byDef.values()) a.detach();
  attached.clear();
  clearTimeout(hideTimer);
  clearTimeout(fadeTimer);
  clearTimeout(repositionTimer);
  repositionTimer = undefined;
  lastReposition = 0;
  shownFor = null;
  root?.host.remove();
  root = null;
  bubble = null;
  defs = [];
}
