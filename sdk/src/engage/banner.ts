import { core } from './core';
import type { BannerToPage, PageToBanner } from '../protocol/messages';
import { el, surfaceHost } from './shadow';

/**
 * The banner: an iframe from the banner URL, at the top of the page (the page is pushed down by its height, not
 * overlapped) or floating. It talks to the page with the banner messages of §7, accepted only from the banner
 * URL's exact origin and from this iframe.
 */

let root: ShadowRoot | null = null;
let frame: HTMLIFrameElement | null = null;
let data: Record<string, unknown> | null = null;
let height = 0;
let savedPadding: string | null = null;
let offSession: (() => void) | null = null;

const css = `:host{all:initial}
.banner{position:absolute;top:0;left:0;width:100%;height:0;z-index:2147483598;transition:height .3s ease-out}
.floating{position:fixed;top:10px;left:10px;width:calc(100% - 20px);border-radius:12px;overflow:hidden;box-shadow:0 4px 20px rgba(0,0,0,.15)}
iframe{width:100%;height:100%;border:0;display:block}`;

const floating = () => data?.format === 'floating';

/** Origin of a URL ('' when it cannot be parsed). */
export function originOf(url: string): string {
  try {
    return new URL(url, location.href).origin;
  } catch {
    return '';
  }
}

function layout(): void {
  if (!root) return;
  const box = root.querySelector<HTMLElement>('.banner');
  if (box) box.style.height = `${height}px`;
  const html = document.documentElement;
  if (floating()) return;
  // the top banner sits in the html element's padding: the whole page moves down by its height
  if (savedPadding === null) savedPadding = html.style.paddingTop;
  html.style.paddingTop = `${height}px`;
}

function post<K extends keyof PageToBanner>(name: K, payload: PageToBanner[K]): void {
  const target = originOf(core.settings.bannerUrl);
  if (!target || target === 'null') return;
  frame?.contentWindow?.postMessage(core.encodeMessage<PageToBanner, K>(name, payload, { type: 'banner' }), target);
}

type Handlers = { [K in keyof BannerToPage]: (d: BannerToPage[K]) => void };

const handlers: Handlers = {
  'banner-loaded': () => {
    if (data) post('banner-data', data as PageToBanner['banner-data']);
  },
  'banner-height': (d) => {
    height = Math.max(0, Math.min(Number(d?.height) || 0, window.innerHeight));
    layout();
  },
  'banner-data-set': () => {
    root?.querySelector('.banner')?.classList.add('shown');
  },
  'banner-close': () => removeBanner(),
  'start-conversation': (d) => core.openScreen('start-bot', { botId: String(d?.botId ?? '') }),
  'start-custom-action': (d) => {
    for (const cb of core.settings.customActions) cb({ name: String(d?.action ?? '') });
  },
  'show-form': (d) => {
    if (d?.formId) core.startFeedbackFlow(String(d.formId));
  },
  'show-survey': (d) => {
    if (d?.formId) core.showSurvey(String(d.formId), d.surveyFormat);
  },
  'show-news-article': (d) => open('open-news-article', 'id', d?.articleId),
  'show-help-article': (d) => open('open-help-article', 'articleId', d?.articleId),
  'show-checklist': (d) => open('start-checklist', 'outboundId', d?.checklistId),
};

/** Open a frame screen by id; nothing for an empty id. */
function open(name: 'open-news-article' | 'open-help-article' | 'start-checklist', key: string, id: unknown): void {
  if (id) core.openScreen(name, { [key]: String(id) } as never);
}

/** A window message: from the banner URL's exact origin and this banner's iframe only; bad ones are logged. */
export function handleBannerMessage(ev: MessageEvent): void {
  if (!frame || ev.origin !== originOf(core.settings.bannerUrl) || ev.source !== frame.contentWindow) return;
  const message = core.isBannerToPage(ev.data);
  if (!message) return;
  try {
    (handlers[message.name] as (d: unknown) => void)(message.data);
  } catch (err) {
    core.addLog(`Voltline banner: ${String(err)}`, 'ERROR');
  }
}

/** English texts of the banner (its section of `WidgetStrings`, `core/i18n.ts`). */
export const BANNER_TEXTS = { banner: 'Banner' };

/** Show a banner (one at a time, as the anchor); `data` goes to the banner frame when it reports `banner-loaded`. */
export function showBanner(action: unknown): void {
  if (root?.host.isConnected || !document.body || !action || typeof action !== 'object') return;
  data = action as Record<string, unknown>;
  const src = core.settings.bannerUrl;
  if (!/^https?:/i.test(originOf(src))) {
    core.addLog(`Voltline banner: refused banner URL ${src.slice(0, 100)}`, 'WARNING');
    return;
  }
  root = surfaceHost('voltline-banner', css, document.documentElement);
  const { banner } = core.localize(BANNER_TEXTS);
  frame = el('iframe', { src, title: banner, scrolling: 'no' });
  root.append(
    el(
      'div',
      { class: `banner${floating() ? ' floating' : ''}`, part: 'banner', role: 'region', 'aria-label': banner },
      frame,
    ),
  );
  window.addEventListener('message', handleBannerMessage);
  offSession = core.on('session-cleared', removeBanner);
}

/** Remove the banner and give the page its layout back. */
export function removeBanner(): void {
  window.removeEventListener('message', handleBannerMessage);
  offSession?.();
  offSession = null;
  root?.host.remove();
  root = null;
  frame = null;
  data = null;
  height = 0;
  if (savedPadding !== null) document.documentElement.style.paddingTop = savedPadding;
  savedPadding = null;
}
