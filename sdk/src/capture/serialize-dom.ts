import { core } from './core';
import { isMaskedElement } from './masked-element';
import { EXCLUDE_ATTRIBUTE, FONT_EXTENSIONS, INLINE_EXCLUDED_HOSTS, REPLAY, SNAPSHOT } from './constants';
import { maskText } from './mask-text';

/** A resource the snapshot wants inlined later; its marker stands in the HTML until then. */
export interface PendingResource {
  marker: string;
  kind: 'image' | 'css';
  /** For images the absolute URL; for CSS the stylesheet text. */
  value: string;
  /** The URL relative CSS urls resolve against. */
  base: string;
  /** Where the replacement lands: attribute values are escaped differently from <style> text. */
  context: 'attribute' | 'style';
}

export interface SerializeOptions {
  /** Collect images and stylesheets for inlining (non-live hosts); otherwise URLs are only made absolute. */
  collectResources: boolean;
  /** Turns a canvas into a data URL; injectable because jsdom has no canvas. */
  canvasToDataUrl?: (canvas: HTMLCanvasElement) => string | null;
}

export interface SerializeResult {
  html: string;
  resources: PendingResource[];
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const SKIPPED = new Set(['script', 'noscript']);

/**
 * A link that loads script (`modulepreload`, or a preload/prefetch of a script or worker): it shows nothing, and in
 * the sandboxed preview each one logged "Blocked script execution" (a Vite page has one per chunk).
 */
function isScriptLink(el: Element): boolean {
  const rel = (el.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
  if (rel.includes('modulepreload')) return true;
  const as = (el.getAttribute('as') ?? '').toLowerCase();
  return (
    (rel.includes('preload') || rel.includes('prefetch')) && /^(script|worker|sharedworker|serviceworker)$/.test(as)
  );
}
const URL_ATTRIBUTES = new Set(['src', 'href', 'poster', 'action', 'background']);
const MASK = '********';

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escape a value for a double-quoted attribute. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** Keep a style text from closing its own <style> element. */
export function escapeStyleText(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

function absolute(url: string, base: string): string {
  const trimmed = url.trim();
  if (trimmed === '' || /^(data|blob|javascript|about|mailto|tel):/i.test(trimmed) || trimmed.startsWith('#'))
    return trimmed;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return trimmed;
  }
}

function absoluteSrcset(srcset: string, base: string): string {
  return srcset
    .split(',')
    .map((candidate) => {
      const [url = '', ...descriptor] = candidate.trim().split(/\s+/);
      return [absolute(url, base), ...descriptor].join(' ');
    })
    .join(', ');
}

/** Text of a stylesheet from its rules; cross-origin sheets cannot be read and give an empty string. */
export function stylesheetText(sheet: CSSStyleSheet): string {
  try {
    return Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
  } catch {
    return '';
  }
}

function adoptedSheets(target: Document | ShadowRoot): CSSStyleSheet[] {
  try {
    return Array.from(target.adoptedStyleSheets ?? []);
  } catch {
    return [];
  }
}

/** Scale (w, h) down to fit (maxW, maxH), never up, keeping the ratio; results are whole pixels of at least 1. */
export function scaleToFit(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const ratio = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

/**
 * Draw a canvas into a JPEG data URL at most `SNAPSHOT.canvasMaxWidth` wide. A white background comes first because JPEG has
 * no transparency and transparent pixels would otherwise turn black. Tainted or context-less canvases give null.
 */
export function canvasToJpeg(canvas: HTMLCanvasElement): string | null {
  try {
    const size = scaleToFit(canvas.width, canvas.height, SNAPSHOT.canvasMaxWidth, Number.POSITIVE_INFINITY);
    if (size.width === 0) return null;
    const out = canvas.ownerDocument.createElement('canvas');
    out.width = size.width;
    out.height = size.height;
    const ctx = out.getContext('2d');
    if (!ctx) return null;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(canvas, 0, 0, size.width, size.height);
    return out.toDataURL('image/jpeg', SNAPSHOT.jpegQuality);
  } catch {
    return null;
  }
}

/**
 * Serialise a document to HTML the way it looks now: live input values, canvases as images, open shadow roots as declarative
 * shadow DOM, adopted and CSSOM-only stylesheets as <style>. Scripts and inline event handlers are dropped, masked values
 * (the redaction policy) never reach the string, and URLs are made absolute.
 */
export function serializeDocument(doc: Document, options: SerializeOptions): SerializeResult {
  const resources: PendingResource[] = [];
  const base = doc.baseURI;
  const toDataUrl = options.canvasToDataUrl ?? canvasToJpeg;

  function pending(
    kind: PendingResource['kind'],
    value: string,
    resourceBase: string,
    context: PendingResource['context'],
  ): string {
    const marker = `__gl_resource_${resources.length}__`;
    resources.push({ marker, kind, value, base: resourceBase, context });
    return marker;
  }

  function cssOut(css: string, context: PendingResource['context'], cssBase: string): string {
    if (options.collectResources && /url\(/i.test(css)) return pending('css', css, cssBase, context);
    const abs = absolutizeCssUrls(css, cssBase);
    return context === 'style' ? escapeStyleText(abs) : escapeAttribute(abs);
  }

  function sheetsOut(target: Document | ShadowRoot): string {
    return adoptedSheets(target)
      .map((sheet) => `<style data-gl-adopted="">${cssOut(stylesheetText(sheet), 'style', base)}</style>`)
      .join('');
  }

  function attributes(el: Element, tag: string, masked: boolean): string {
    let out = '';
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      let value = attr.value;
      if (name.startsWith('on')) continue;
      if (tag === 'input' && (name === 'value' || name === 'checked')) continue; // written from the live state below
      if (tag === 'option' && name === 'selected') continue;
      if (tag === 'img' && options.collectResources && (name === 'srcset' || name === 'sizes')) continue;
      if (name === 'style') {
        out += ` style="${cssOut(value, 'attribute', base)}"`;
        continue;
      }
      if (URL_ATTRIBUTES.has(name)) {
        value = absolute(value, base);
        if (tag === 'img' && name === 'src' && options.collectResources && /^https?:/i.test(value)) {
          const current = (el as HTMLImageElement).currentSrc || value;
          out += ` src="${pending('image', current, base, 'attribute')}"`;
          continue;
        }
        if (tag === 'a' && name === 'href' && /^javascript:/i.test(value)) value = '#';
        else value = core.redactUrl(value);
      } else if (name === 'srcset') {
        value = absoluteSrcset(value, base);
      } else if (masked && (name === 'value' || name === 'placeholder' || name === 'title' || name === 'alt')) {
        value = value === '' ? '' : MASK;
      }
      out += ` ${attr.name}="${escapeAttribute(value)}"`;
    }
    if (tag === 'input') {
      const input = el as HTMLInputElement;
      const type = input.type;
      if (type === 'checkbox' || type === 'radio') {
        if (input.checked) out += ' checked=""';
      } else if (type !== 'file') {
        const value = input.value;
        if (value !== '') out += ` value="${escapeAttribute(masked ? MASK : core.redactText(value))}"`;
      }
    }
    if (tag === 'option' && (el as HTMLOptionElement).selected) out += ' selected=""';
    return out;
  }

  function children(parent: Node, masked: boolean): string {
    let out = '';
    for (let child = parent.firstChild; child; child = child.nextSibling) out += node(child, masked, parent);
    return out;
  }

  function node(n: Node, parentMasked: boolean, parent: Node | null): string {
    if (n.nodeType === 3) {
      const text = n.nodeValue ?? '';
      const parentTag = parent && parent.nodeType === 1 ? (parent as Element).localName : '';
      if (parentTag === 'style') return escapeStyleText(text);
      if (parentMasked) return escapeText(maskText(text));
      return escapeText(core.redactText(text));
    }
    if (n.nodeType !== 1) return '';
    const el = n as Element;
    const tag = el.localName;
    if (SKIPPED.has(tag) || el.hasAttribute(EXCLUDE_ATTRIBUTE) || (tag === 'link' && isScriptLink(el))) return '';
    const masked = parentMasked || isMaskedElement(el);

    if (el.classList.contains(REPLAY.blockClass)) {
      const rect = el.getBoundingClientRect();
      return `<div class="${escapeAttribute(el.className)}" style="width:${rect.width}px;height:${rect.height}px;background:#ccc"></div>`;
    }
    if (tag === 'canvas') {
      const url = toDataUrl(el as HTMLCanvasElement);
      const canvas = el as HTMLCanvasElement;
      const attrs = attributes(el, 'img', masked).replace(/ (width|height)="[^"]*"/g, '');
      const src = url ? ` src="${escapeAttribute(url)}"` : '';
      return `<img${attrs}${src} width="${canvas.width}" height="${canvas.height}">`;
    }
    if (tag === 'link' && options.collectResources) {
      const link = el as HTMLLinkElement;
      if (/\bstylesheet\b/i.test(link.rel) && link.href) {
        // The sheet's own text is already parsed by the browser; reading it avoids a second network fetch.
        const text = link.sheet ? stylesheetText(link.sheet as CSSStyleSheet) : '';
        if (text !== '' && !isExcludedHost(link.href)) {
          const media = link.media ? ` media="${escapeAttribute(link.media)}"` : '';
          return `<style data-gl-href="${escapeAttribute(link.href)}"${media}>${cssOut(text, 'style', link.href)}</style>`;
        }
      }
    }

    let out = `<${tag}${attributes(el, tag, masked)}>`;
    if (VOID.has(tag)) return out;

    const shadow = (el as HTMLElement).shadowRoot;
    if (shadow) {
      out += `<template shadowrootmode="${shadow.mode}">${sheetsOut(shadow)}${children(shadow, masked)}</template>`;
    }
    if (tag === 'style') {
      const style = el as HTMLStyleElement;
      const text = style.textContent ?? '';
      const css = text.trim() === '' && style.sheet ? stylesheetText(style.sheet) : text;
      out += cssOut(css, 'style', base);
    } else if (tag === 'textarea') {
      const value = (el as HTMLTextAreaElement).value;
      out += escapeText(masked ? (value === '' ? '' : MASK) : core.redactText(value));
    } else if (tag === 'template') {
      out += children((el as HTMLTemplateElement).content, masked);
    } else {
      out += children(el, masked);
    }
    if (tag === 'head') out += sheetsOut(doc);
    return `${out}</${tag}>`;
  }

  const html = `<!DOCTYPE html>${node(doc.documentElement, false, null)}`;
  return { html, resources };
}

const CSS_URL_RE = /url\(\s*(['"]?)([^'")]+)\1\s*\)/gi;

/** Make every url() in a stylesheet absolute against the stylesheet's own URL. */
export function absolutizeCssUrls(css: string, base: string): string {
  return css.replace(CSS_URL_RE, (_m, quote: string, url: string) => `url(${quote}${absolute(url, base)}${quote})`);
}

/** The url() references of a stylesheet, made absolute, without data URLs. */
export function cssUrls(css: string, base: string): string[] {
  const out: string[] = [];
  for (const match of css.matchAll(CSS_URL_RE)) {
    const url = absolute(match[2] ?? '', base);
    if (/^https?:/i.test(url)) out.push(url);
  }
  return out;
}

/** Fonts and CDN hosts are never inlined: the dashboard reaches them, and fonts would bloat the report. */
export function isExcludedHost(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return true;
  }
  return INLINE_EXCLUDED.some((h) => host === h || host.endsWith(`.${h}`));
}

const INLINE_EXCLUDED: readonly string[] = INLINE_EXCLUDED_HOSTS;

/** True for URLs of font files, which are never inlined. */
export function isFontUrl(url: string): boolean {
  const path = url.split(/[?#]/)[0]?.toLowerCase() ?? '';
  return FONT_EXTENSIONS.some((ext) => path.endsWith(`.${ext}`));
}
