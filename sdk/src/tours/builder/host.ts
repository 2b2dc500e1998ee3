import type { EngageCore } from '../../core/engage-port';

/**
 * What the builder chunk uses of the core, handed over when it loads (as `engage/core.ts` does for the engagement
 * chunks), and its shadow host. Its own copies, not `engage/core.ts` and `engage/shadow.ts`: sharing them would split
 * the engagement chunks' common code into one more file, which every notification, tooltip and tour would pay for.
 */
export const core = {} as EngageCore;

export function use(given: EngageCore): void {
  Object.assign(core, given);
}

/** The builder's shadow root on `<voltline-builder>`, never part of a snapshot or replay (`data-gl-exclude`). */
export function builderHost(css: string): ShadowRoot {
  const host = document.createElement('voltline-builder');
  host.setAttribute('data-gleap', '');
  host.setAttribute('data-gl-exclude', '');
  host.dir = core.textDir();
  const root = host.attachShadow({ mode: 'open' });
  // a constructed stylesheet works under a strict CSP; without one (or with a nonce set) a <style nonce>
  try {
    if (core.settings.nonce || !('adoptedStyleSheets' in root)) throw 0;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
  } catch {
    const style = document.createElement('style');
    if (core.settings.nonce) style.nonce = core.settings.nonce;
    style.textContent = css;
    root.append(style);
  }
  document.body.append(host);
  return root;
}

/** `document.createElement` with attributes and children in one call. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}
