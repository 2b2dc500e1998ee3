import { EXCLUDE_ATTRIBUTE } from '../core/report-types';
import { settings } from '../core/state';

let hostEl: HTMLElement | null = null;
let root: ShadowRoot | null = null;
let sheet: CSSStyleSheet | null = null;
let styleEl: HTMLStyleElement | null = null;

/**
 * The one shadow root that holds the widget's UI. Styles go in as a constructable stylesheet (no inline style under
 * a strict CSP), or as a `<style nonce>` when the browser lacks `adoptedStyleSheets` or a nonce is set.
 */
export function getShadowRoot(): ShadowRoot {
  if (root && hostEl?.isConnected) return root;
  hostEl = document.createElement('voltline-widget');
  hostEl.setAttribute('data-gleap', '');
  // The widget's own button and frame never appear in a snapshot of the page.
  hostEl.setAttribute(EXCLUDE_ATTRIBUTE, '');
  root = hostEl.attachShadow({ mode: 'open' });
  document.body.appendChild(hostEl);
  return root;
}

/** Replace the widget stylesheet. */
export function setShadowStyles(css: string): void {
  const r = getShadowRoot();
  const canAdopt =
    !settings.nonce &&
    'adoptedStyleSheets' in r &&
    typeof CSSStyleSheet !== 'undefined' &&
    'replaceSync' in CSSStyleSheet.prototype;
  if (canAdopt) {
    try {
      if (!sheet) {
        sheet = new CSSStyleSheet();
        r.adoptedStyleSheets = [sheet];
      }
      sheet.replaceSync(css);
      return;
    } catch {
      // fall through to a style element
    }
  }
  if (!styleEl?.isConnected) {
    styleEl = document.createElement('style');
    if (settings.nonce) styleEl.nonce = settings.nonce;
    r.prepend(styleEl);
  }
  styleEl.textContent = css;
}

export function removeShadowHost(): void {
  hostEl?.remove();
  hostEl = null;
  root = null;
  sheet = null;
  styleEl = null;
}
