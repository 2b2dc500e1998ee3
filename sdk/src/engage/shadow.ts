import { core } from './core';

/** `EXCLUDE_ATTRIBUTE` of `core/report-types.ts` (pinned by the test): a literal, so this chunk imports nothing of the core. */
export const EXCLUDE = 'data-gl-exclude';

/**
 * A surface's own shadow host (`<voltline-notifications>`, `<voltline-banner>`, ...) with its stylesheet: adopted where
 * the browser can and no nonce is set, else a `<style nonce>`, as the widget's own host does (`ui/host.ts`).
 */
export function surfaceHost(tag: string, css: string, parent: Element = document.body): ShadowRoot {
  const host = document.createElement(tag);
  host.setAttribute('data-gleap', '');
  // never part of a snapshot or replay of the page
  host.setAttribute(EXCLUDE, '');
  host.dir = core.textDir();
  const root = host.attachShadow({ mode: 'open' });
  try {
    if (core.settings.nonce || !('adoptedStyleSheets' in root)) throw 0;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
  } catch {
    const style = document.createElement('style');
    if (core.settings.nonce) style.nonce = core.settings.nonce;
    style.textContent = css;
    root.appendChild(style);
  }
  parent.appendChild(host);
  return root;
}

/** `document.createElement` with a class, attributes and children in one call. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}
