import { EDITOR_CSS } from './editor-styles';

/** Small DOM helpers shared by the capture editor's parts (toolbar, canvas, recorder). */

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  html = '',
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (html) node.innerHTML = html;
  return node;
}

export function iconButton(label: string, icon: string, extra: Record<string, string> = {}): HTMLButtonElement {
  return el('button', { type: 'button', 'aria-label': label, title: label, ...extra }, icon);
}

export function applyStyles(shadow: ShadowRoot): void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(EDITOR_CSS);
    shadow.adoptedStyleSheets = [sheet];
  } catch {
    // Browsers without constructable stylesheets get a <style> element.
    shadow.appendChild(el('style', {}, EDITOR_CSS));
  }
}
