import { textDir } from '../core/i18n';
import { settings } from '../core/state';

/**
 * `EXCLUDE_ATTRIBUTE` of `core/report-types.ts` (pinned by the test): a literal, so the core does not share that module
 * (and a chunk of its own) with the capture and report chunks that read it.
 */
export const EXCLUDE = 'data-gl-exclude';

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
  hostEl.setAttribute(EXCLUDE, '');
  hostEl.dir = textDir();
  root = hostEl.attachShadow({ mode: 'open' });
  document.body.appendChild(hostEl);
  return root;
}

const canAdopt = (r: ShadowRoot) =>
  !settings.nonce &&
  'adoptedStyleSheets' in r &&
  typeof CSSStyleSheet !== 'undefined' &&
  'replaceSync' in CSSStyleSheet.prototype;

/** Replace the widget stylesheet. */
export function setShadowStyles(css: string): void {
  const r = getShadowRoot();
  if (canAdopt(r)) {
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

/**
 * Add a stylesheet beside the widget's own (the lazy panels: image viewer, offline form), the same way: adopted, or a
 * `<style nonce>`.
 */
export function addShadowStyles(css: string): void {
  const r = getShadowRoot();
  try {
    if (!canAdopt(r)) throw 0;
    const added = new CSSStyleSheet();
    added.replaceSync(css);
    r.adoptedStyleSheets = [...r.adoptedStyleSheets, added];
  } catch {
    const style = document.createElement('style');
    if (settings.nonce) style.nonce = settings.nonce;
    style.textContent = css;
    r.appendChild(style);
  }
}

/** The focused element, looked for inside open shadow roots (the widget's own, or the host's components). */
export function deepActive(): HTMLElement | null {
  let a = document.activeElement as HTMLElement | null;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement as HTMLElement;
  return a;
}

export function removeShadowHost(): void {
  hostEl?.remove();
  hostEl = null;
  root = null;
  sheet = null;
  styleEl = null;
}
