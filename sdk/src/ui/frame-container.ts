import type { WidgetMode } from '../protocol/messages';
import { CORE_TEXTS, localize } from '../core/i18n';
import { getShadowRoot } from './host';

let container: HTMLElement | null = null;
let iframe: HTMLIFrameElement | null = null;

/** The frame container and its iframe, created once; the iframe src is the frame URL without a query string. */
export function ensureFrame(frameUrl: string): HTMLIFrameElement {
  if (iframe && container?.isConnected) return iframe;
  container = document.createElement('div');
  container.className = 'frame loading';
  container.setAttribute('part', 'frame');
  iframe = document.createElement('iframe');
  iframe.setAttribute('allow', 'autoplay; encrypted-media; fullscreen; clipboard-write');
  iframe.src = frameUrl.split('?')[0]!.split('#')[0]!;
  container.appendChild(iframe);
  getShadowRoot().appendChild(container);
  return iframe;
}

export function getFrameContainer(): HTMLElement | null {
  return container;
}

/** Move keyboard focus into the frame (after it opens). */
export function focusFrame(): void {
  iframe?.focus();
}

export function getFrameWindow(): Window | null {
  return iframe?.contentWindow ?? null;
}

/** Apply mode, open state, side, direction and (in survey modes) the height the frame reported. */
export function updateFrame(opts: {
  mode: WidgetMode;
  open: boolean;
  left: boolean;
  rtl: boolean;
  height?: number;
}): void {
  if (!container) return;
  iframe!.title = localize(CORE_TEXTS).frameTitle;
  const keep = ['frame'];
  if (container.classList.contains('loading')) keep.push('loading');
  if (container.classList.contains('animate')) keep.push('animate');
  container.className = [...keep, opts.mode, opts.open ? 'open' : '', opts.left ? 'left' : '']
    .filter(Boolean)
    .join(' ');
  container.dir = opts.rtl ? 'rtl' : 'ltr';
  container.setAttribute('aria-hidden', String(!opts.open));
  const survey = opts.mode === 'survey' || opts.mode === 'survey_full' || opts.mode === 'survey_web';
  container.style.height = survey && opts.height ? `${opts.height}px` : '';
}

export function markFrameLoaded(): void {
  container?.classList.remove('loading');
}

export function markFrameAnimated(): void {
  container?.classList.add('animate');
}

export function removeFrame(): void {
  container?.remove();
  container = null;
  iframe = null;
}
