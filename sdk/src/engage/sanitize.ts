import { isSafeUrl } from './core';

/**
 * Server HTML (notification text, tooltip content) reaches the DOM only through here: parsed inert (a `<template>` runs
 * no script and loads no image), then rebuilt from an allow-list. Elements that carry code or other documents
 * (`script`, `iframe`, `style`, `object`, `svg`, ...) go with their content; other unknown elements are unwrapped to
 * their text. Attributes are allow-listed too: no `on*` handlers, no `style` (CSS `expression`, `url(javascript:)`),
 * and `href` / `src` only when `isSafeUrl` accepts them (no `javascript:` or `data:`).
 */
const ALLOWED = /^(a|b|strong|i|em|u|s|p|br|span|div|ul|ol|li|h[1-6]|img|code|pre|blockquote|small|sub|sup|hr)$/;
// dropped with their content; every other unknown element (form, input, link, meta, ...) is unwrapped to its text
const DROPPED = /^(script|style|iframe|object|svg|math|template|noscript|textarea|select)$/;
const ATTRS = /^(href|src|alt|title|class|target)$/;

function clean(from: Node, to: Node): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === 3) {
      to.appendChild(document.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue;
    const el = child as Element;
    const tag = el.localName;
    if (DROPPED.test(tag)) continue;
    if (!ALLOWED.test(tag)) {
      clean(el, to);
      continue;
    }
    const copy = document.createElement(tag);
    for (const { name, value } of Array.from(el.attributes)) {
      if (!ATTRS.test(name)) continue;
      if ((name === 'href' || name === 'src') && !isSafeUrl(value)) continue;
      copy.setAttribute(name, value);
    }
    if (tag === 'a') copy.setAttribute('rel', 'noopener noreferrer');
    clean(el, copy);
    to.appendChild(copy);
  }
}

/** The text of server HTML, whitespace collapsed (accessible names). */
export function plain(html: unknown): string {
  return (sanitizeHtml(html).textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A fragment with the safe part of `html`. */
export function sanitizeHtml(html: unknown): DocumentFragment {
  const t = document.createElement('template');
  t.innerHTML = typeof html === 'string' ? html : '';
  const out = document.createDocumentFragment();
  clean(t.content, out);
  return out;
}
